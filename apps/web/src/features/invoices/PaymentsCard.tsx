import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { dec } from '@sigece/fiscal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../components/format.ts';
import { type Draft, showAmount } from './draft.ts';

/** 'Pagos' (spec 001 §4.2): cash or credit, the payments with their rate and IGTF. */
export function PaymentsCard({
  draft,
  setDraft,
  settled,
  onAdd,
}: {
  draft: Draft;
  setDraft: (update: (d: Draft) => Draft) => void;
  settled: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation('invoices');
  const credit = draft.condicion === 'CREDITO';
  const head = (cells: ReactNode[]) => (
    <TableHead>
      <TableRow>
        {cells.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed header cells
          <TableCell key={i}>{c}</TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
  return (
    <Card variant="outlined">
      <CardHeader
        title={t('payments.title')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={credit}
                  onChange={(e) =>
                    setDraft((d) => ({
                      ...d,
                      condicion: e.target.checked ? 'CREDITO' : 'CONTADO',
                      pagos: e.target.checked ? [] : d.pagos,
                    }))
                  }
                />
              }
              label={t(`conditions.${draft.condicion}`)}
            />
            {!credit && (
              <Button
                variant="contained"
                startIcon={<PaymentsOutlined />}
                disabled={draft.lines.length === 0 || settled}
                onClick={onAdd}
              >
                {t('payments.add')}
              </Button>
            )}
          </Stack>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {credit ? (
          <TableContainer>
            <Table size="small" aria-label={t('payments.creditTable')}>
              {head(['', '', '', ''])}
              <TableBody />
            </Table>
          </TableContainer>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('payments.title')}>
              {head([
                t('payments.modoPago'),
                t('payments.divisa'),
                t('payments.monto'),
                t('payments.tasa'),
                t('payments.banco'),
                t('payments.nro'),
                t('payments.igtf'),
                '',
              ])}
              <TableBody>
                {draft.pagos.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                      {t('payments.empty')}
                    </TableCell>
                  </TableRow>
                )}
                {draft.pagos.map((p) => (
                  <TableRow key={p.key}>
                    <TableCell>{t(`paymentMethods.${p.modoPago}`)}</TableCell>
                    <TableCell>{p.divisa}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{showAmount(p.monto, p.divisa)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {p.divisa === 'VEF' ? '—' : formatRate(p.tasa)}
                    </TableCell>
                    <TableCell>{p.banco ?? '—'}</TableCell>
                    <TableCell>{p.nro || '—'}</TableCell>
                    <TableCell>{dec(p.igtfValor).gt(0) ? showAmount(p.igtfValor, p.divisa) : '—'}</TableCell>
                    <TableCell sx={{ py: 0 }}>
                      <Tooltip title={t('payments.remove')}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={t('payments.removeNamed', {
                            method: t(`paymentMethods.${p.modoPago}`),
                            divisa: p.divisa,
                          })}
                          onClick={() =>
                            setDraft((d) => ({ ...d, pagos: d.pagos.filter((x) => x.key !== p.key) }))
                          }
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {credit && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('payments.credit')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
