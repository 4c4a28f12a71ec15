import './monthly-i18n.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ASSIGNED_NUMBERS_FORMATS,
  ASSIGNED_NUMBERS_MESSAGES,
  type MonthlyReportState,
  type MonthlyReportStateRow,
} from '@sigece/fiscal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../app/i18n.ts';
import { notifyError, notifySuccess } from '../../../app/notify.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { formatDate, formatDateTime } from '../../../components/format.ts';
import { downloadMonthly, useGenerateMonthly, useMarkSent, useMonthlyStates } from './monthly-api.ts';
import { SENIAT_MONTHLY_NS } from './monthly-i18n.ts';

const COLORS: Record<MonthlyReportState, 'default' | 'info' | 'success' | 'error'> = {
  pendiente: 'default',
  generado: 'info',
  enviado: 'success',
  vencido: 'error',
};

/**
 * The provider's monthly duty to SENIAT (Providencia SNAT/2024/000102 Art. 29.7 and 34.3 as read): the
 * last 12 months with their state, generate, download (XLSX, PDF, CSV), mark sent, and the year's overdue
 * months. Shown to the master administrator on the SENIAT reports screen. A fixed list of at most 12 rows:
 * a plain table, not the paged DataTable.
 */
export function MonthlyReportSection() {
  const { t } = useTranslation(SENIAT_MONTHLY_NS);
  const states = useMonthlyStates(true);
  const generate = useGenerateMonthly();
  const markSent = useMarkSent();
  const [sending, setSending] = useState<MonthlyReportStateRow | null>(null);
  const [recibo, setRecibo] = useState('');
  const data = states.data;
  const closed = (m: MonthlyReportStateRow) => data !== undefined && m.periodo < data.hoy.slice(0, 7);

  const onGenerate = (periodo: string) =>
    generate.mutate(periodo, {
      onSuccess: (answer) => notifySuccess(translateMessage(answer.message)),
      onError: (error) => notifyError(error),
    });
  const onDownload = (periodo: string, formato: (typeof ASSIGNED_NUMBERS_FORMATS)[number]) =>
    downloadMonthly(periodo, formato).catch((error) => notifyError(error));

  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
          {data && (
            <Alert
              severity={
                data.vencidosAnio >= data.limiteRevocatoria
                  ? 'error'
                  : data.vencidosAnio > 0
                    ? 'warning'
                    : 'success'
              }
            >
              {data.vencidosAnio > 0
                ? t('overdue', { anio: data.anio, count: data.vencidosAnio, limite: data.limiteRevocatoria })
                : t('overdueNone', { anio: data.anio })}
            </Alert>
          )}
          <Table size="small" aria-label={t('title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('periodo')}</TableCell>
                <TableCell>{t('estado')}</TableCell>
                <TableCell>{t('vence')}</TableCell>
                <TableCell align="right">{t('cantidad')}</TableCell>
                <TableCell>{t('generado')}</TableCell>
                <TableCell>{t('enviado')}</TableCell>
                <TableCell>{t('acciones')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.meses.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>{t('empty')}</TableCell>
                </TableRow>
              )}
              {data?.meses.map((m) => (
                <TableRow key={m.periodo} data-periodo={m.periodo}>
                  <TableCell>{m.periodo}</TableCell>
                  <TableCell>
                    <Chip size="small" color={COLORS[m.estado]} label={t(`states.${m.estado}`)} />
                  </TableCell>
                  <TableCell>{formatDate(m.vence)}</TableCell>
                  <TableCell align="right">{m.cantidad ?? ''}</TableCell>
                  <TableCell>
                    {m.generadoEn ? formatDateTime(m.generadoEn) : ''}
                    {m.sha256 && (
                      <Typography
                        variant="caption"
                        component="div"
                        sx={{ fontFamily: 'monospace' }}
                        title={m.sha256}
                      >
                        SHA-256 {m.sha256.slice(0, 16)}…
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {m.enviadoEn ? `${formatDateTime(m.enviadoEn)} ${t('by', { who: m.enviadoPor })}` : ''}
                    {m.nroRecibo && (
                      <Typography variant="caption" component="div">
                        {t('recibo')}: {m.nroRecibo}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                      {closed(m) && !m.enviadoEn && (
                        <Button
                          size="small"
                          variant="contained"
                          disabled={generate.isPending}
                          onClick={() => onGenerate(m.periodo)}
                        >
                          {m.generadoEn ? t('regenerate') : t('generate')}
                        </Button>
                      )}
                      {m.generadoEn && !m.enviadoEn && (
                        <Button
                          size="small"
                          variant="outlined"
                          color="success"
                          onClick={() => {
                            setRecibo('');
                            setSending(m);
                          }}
                        >
                          {t('markSent')}
                        </Button>
                      )}
                      <ButtonGroup size="small" variant="text">
                        {ASSIGNED_NUMBERS_FORMATS.map((formato) => (
                          <Button
                            key={formato}
                            onClick={() => onDownload(m.periodo, formato)}
                            aria-label={t('download', { formato })}
                          >
                            {formato}
                          </Button>
                        ))}
                      </ButtonGroup>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      </CardContent>
      {sending && (
        <FormDialog
          title={t('sentTitle', { periodo: sending.periodo })}
          submitLabel={t('markSent')}
          submitting={markSent.isPending}
          submitDisabled={recibo.length > 60}
          onClose={() => setSending(null)}
          onSubmit={(event) => {
            event.preventDefault();
            markSent.mutate(
              { periodo: sending.periodo, nroRecibo: recibo.trim() || undefined },
              {
                onSuccess: (answer) => {
                  notifySuccess(translateMessage(answer.message));
                  setSending(null);
                },
                onError: (error) => notifyError(error),
              },
            );
          }}
        >
          <Stack spacing={2}>
            <Typography variant="body2">{t('sentHelp')}</Typography>
            <TextField
              label={t('reciboLabel')}
              value={recibo}
              onChange={(e) => setRecibo(e.target.value)}
              error={recibo.length > 60}
              helperText={recibo.length > 60 ? translateMessage(ASSIGNED_NUMBERS_MESSAGES.recibo) : undefined}
              autoFocus
              fullWidth
            />
          </Stack>
        </FormDialog>
      )}
    </Card>
  );
}
