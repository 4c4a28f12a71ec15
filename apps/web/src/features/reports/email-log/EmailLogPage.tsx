import '../logs/i18n.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pageWindow } from '@sigece/fiscal';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from '../../companies/api.ts';
import { CompanyBranchDateFields, datesInverted } from '../../documents/index.ts';
import { REPORTS_LOGS_NS } from '../logs/i18n.ts';
import { saveBase64 } from '../seniat/api.ts';
import {
  type EmailLogEntry,
  type EmailLogFilters,
  emailStatus,
  exportEmailLog,
  searchEmailLog,
} from './api.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COLUMNS = ['fecha', 'recibido', 'asunto', 'tipoDoc', 'nroDoc', 'estatus'] as const;

/** Only the filters that are set. */
const compact = (f: EmailLogFilters): EmailLogFilters =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v?.trim())) as EmailLogFilters;

/** The status modal: the stored answer of the SMTP server for one message (getemailSendgrid). */
function StatusDialog({ entry, onClose }: { entry: EmailLogEntry; onClose: () => void }) {
  const { t } = useTranslation(REPORTS_LOGS_NS);
  const status = useQuery({
    queryKey: ['reportes', 'logsEmail', 'status', entry.messageId],
    queryFn: ({ signal }) => emailStatus(entry.messageId, signal),
  });
  const fields = ['status', 'statusCode', 'msg', 'to_email', 'fecha', 'opens_count', 'clicks_count'] as const;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('email.status')}</DialogTitle>
      <DialogContent dividers>
        {status.isPending && <CircularProgress size={24} aria-label={t('email.status')} />}
        {status.data && (
          <Table size="small">
            <TableBody>
              {fields.map((f) => (
                <TableRow key={f}>
                  <TableCell component="th">{t(`email.fields.${f}`)}</TableCell>
                  <TableCell>{String(status.data[f])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('email.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The e-mail log (spec 002 §2.9): search card, paged results with a window of 10 page numbers, the status
 * modal; 'Realice una busquedad' before the first search; export to LogsEmail_{timestamp}.xlsx.
 */
export default function EmailLogPage() {
  const { t } = useTranslation(REPORTS_LOGS_NS);
  const companies = useCompanyOptions();
  const [values, setValues] = useState<EmailLogFilters>({});
  const [applied, setApplied] = useState<EmailLogFilters | null>(null);
  const [page, setPage] = useState(1);
  /** Every click on Buscar asks the server again, even with the same filters (new mail may have arrived). */
  const [searches, setSearches] = useState(0);
  const [statusOf, setStatusOf] = useState<EmailLogEntry | null>(null);
  const set = (patch: EmailLogFilters) => setValues((v) => ({ ...v, ...patch }));
  const results = useQuery({
    queryKey: ['reportes', 'logsEmail', applied, page, searches],
    queryFn: () => searchEmailLog(applied ?? {}, page),
    enabled: applied !== null,
  });
  const exporting = useMutation({
    mutationFn: () => exportEmailLog(compact(values)),
    onSuccess: (r) => saveBase64(r.libroExcel, r.fileName, XLSX),
  });
  const totalPages = results.data?.totalPages ?? 0;
  const invalid = datesInverted(values) || Boolean(values.fechaInicio) !== Boolean(values.fechaFin);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('email.title')}
      </Typography>
      <Card>
        <CardContent>
          <Grid container spacing={2}>
            <CompanyBranchDateFields
              values={values}
              set={set}
              companies={companies.data ?? []}
              loading={companies.isPending}
            >
              <Grid size={{ xs: 12, sm: 3 }}>
                <TextField
                  label={t('email.nroDoc')}
                  fullWidth
                  value={values.nroDoc ?? ''}
                  onChange={(e) => set({ nroDoc: e.target.value.slice(0, 20) })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <TextField
                  label={t('email.correoTo')}
                  fullWidth
                  value={values.correoTo ?? ''}
                  onChange={(e) => set({ correoTo: e.target.value.slice(0, 200) })}
                />
              </Grid>
            </CompanyBranchDateFields>
          </Grid>
          <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
            <Button
              variant="contained"
              disabled={invalid}
              onClick={() => {
                setPage(1);
                setApplied(compact(values));
                setSearches((n) => n + 1);
              }}
            >
              {t('email.search')}
            </Button>
            <Button
              variant="outlined"
              disabled={invalid || exporting.isPending}
              onClick={() => exporting.mutate()}
            >
              {t('email.export')}
            </Button>
            {(results.isFetching || exporting.isPending) && (
              <CircularProgress size={24} aria-label={t('email.search')} />
            )}
          </Box>
        </CardContent>
      </Card>
      {applied === null && <Typography color="text.secondary">{t('email.before')}</Typography>}
      {results.data && results.data.results.length === 0 && <Typography>{t('email.empty')}</Typography>}
      {results.data && results.data.results.length > 0 && (
        <Card>
          <Table size="small" aria-label={t('email.title')}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c}>{t(`email.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {results.data.results.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell>{row.fecha}</TableCell>
                  <TableCell>{row.recibido.join(', ')}</TableCell>
                  <TableCell>{row.asunto}</TableCell>
                  <TableCell>{row.tipoDoc}</TableCell>
                  <TableCell>{row.nroDoc}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      disabled={!row.messageId}
                      aria-label={t('email.statusOf', { to: row.recibido.join(', ') })}
                      onClick={() => setStatusOf(row)}
                    >
                      {row.estatus}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Stack direction="row" spacing={0.5} sx={{ p: 1, flexWrap: 'wrap' }}>
            {pageWindow(page, totalPages).map((n) => (
              <Button
                key={n}
                size="small"
                variant={n === page ? 'contained' : 'text'}
                aria-label={t('email.page', { page: n })}
                onClick={() => setPage(n)}
              >
                {n}
              </Button>
            ))}
          </Stack>
        </Card>
      )}
      {statusOf && <StatusDialog entry={statusOf} onClose={() => setStatusOf(null)} />}
    </Stack>
  );
}
