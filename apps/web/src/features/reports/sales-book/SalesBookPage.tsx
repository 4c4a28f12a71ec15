import './i18n.ts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  caracasDate,
  fileTimestamp,
  formatAmount,
  formatDateCaracas,
  MONTHS,
  monthRange,
  SALES_BOOK_FILES,
  type SalesBookAnswer,
} from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify.ts';
import {
  CompanyBranchDateFields,
  type CompanyBranchDates,
  datesInverted,
  INLINE_PDF_MAX_BASE64,
  TotalsCard,
} from '../../documents/index.ts';
import { useInvoiceCompanies } from '../../invoices/api.ts';
import {
  base64Blob,
  fetchSalesBookExcel,
  fetchSalesBookPdf,
  type QueuedBook,
  requestExtendedBook,
  type SalesBookRequest,
  saveBase64,
} from './api.ts';
import { SALES_BOOK_NS } from './i18n.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The month this year's picker starts on: the current one in Caracas. */
function currentMonth(): { year: number; month: number } {
  const today = caracasDate();
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/**
 * /reportes/libroVentas (spec 002 §2.6): the generator card (company, branch, month or dates; PDF,
 * spreadsheet and the extended spreadsheet e-mailed by a job), the summary card and the inline PDF.
 */
export default function SalesBookPage() {
  const { t } = useTranslation(SALES_BOOK_NS);
  const companies = useInvoiceCompanies();
  const start = currentMonth();
  const [month, setMonth] = useState(start.month);
  const [values, setValues] = useState<CompanyBranchDates>(() => monthRange(start.year, start.month));
  const [email, setEmail] = useState('');
  const [book, setBook] = useState<SalesBookAnswer['libro'] | null>(null);
  const [pdf, setPdf] = useState<string | null>(null);
  const [queued, setQueued] = useState<(QueuedBook['result'] & { email: string }) | null>(null);

  const set = (patch: CompanyBranchDates) => setValues((v) => ({ ...v, ...patch }));
  const ready = Boolean(
    values.id_localidad && values.fechaInicio && values.fechaFin && !datesInverted(values),
  );
  const emailOk = EMAIL.test(email.trim());
  const request = (): SalesBookRequest => ({
    fechaInicio: values.fechaInicio ?? '',
    fechaFin: values.fechaFin ?? '',
    id_localidad: values.id_localidad ?? '',
    id_sucursal: values.id_sucursal || undefined,
  });

  const generatePdf = useMutation({
    mutationFn: () => fetchSalesBookPdf(request()),
    onSuccess: ({ libro }) => {
      setBook(libro);
      setPdf(libro.reporteVenta ?? null);
    },
    onError: notifyError,
  });
  const generateExcel = useMutation({
    mutationFn: () => fetchSalesBookExcel(request()),
    onSuccess: ({ libro }) => {
      setBook(libro);
      if (libro.libroExcel)
        saveBase64(libro.libroExcel, SALES_BOOK_FILES.excel(fileTimestamp(new Date())), XLSX);
    },
    onError: notifyError,
  });
  const extended = useMutation({
    mutationFn: () => requestExtendedBook({ ...request(), email: email.trim() }),
    onSuccess: ({ result }) => setQueued({ ...result, email: email.trim() }),
    onError: notifyError,
  });
  const busy = generatePdf.isPending || generateExcel.isPending || extended.isPending;

  const pdfUrl = useMemo(() => (pdf ? URL.createObjectURL(base64Blob(pdf, 'application/pdf')) : null), [pdf]);
  useEffect(() => () => (pdfUrl ? URL.revokeObjectURL(pdfUrl) : undefined), [pdfUrl]);

  const chooseMonth = (m: number) => {
    setMonth(m);
    const year = Number((values.fechaInicio ?? caracasDate()).slice(0, 4));
    set(monthRange(year, m));
  };

  const money = (v: string) => formatAmount(v);
  const sections = book
    ? [
        {
          title: t('own'),
          rows: [
            { key: 'documentos', label: t('documentos'), value: String(book.consolidado) },
            {
              key: 'totalVentas',
              label: t('totalVentas'),
              value: money(book.totalFacturas.totalImporteTotalSinTerceros),
              strong: true,
            },
            { key: 'exento', label: t('exento'), value: money(book.totalFacturas.totalExentoSinTerceros) },
            {
              key: 'exonerado',
              label: t('exonerado'),
              value: money(book.totalFacturas.totalExoneradoSinTerceros),
            },
            ...book.totalGravamenes.flatMap((g) => [
              {
                key: `base${g.alicuota}`,
                label: t('base', { rate: g.alicuota }),
                value: money(g.baseImponible),
              },
              {
                key: `iva${g.alicuota}`,
                label: t('iva', { rate: g.alicuota }),
                value: money(g.montoAlicuota),
              },
            ]),
          ],
        },
        {
          title: t('third'),
          rows: [
            {
              key: 'terceros',
              label: t('totalVentas'),
              value: money(book.AcumuladoImporteTerceros),
              strong: true,
            },
          ],
        },
      ]
    : [];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('generator')}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {t('generator')}
        </Typography>
        <Grid container spacing={2}>
          <CompanyBranchDateFields
            values={values}
            set={set}
            companies={companies.data ?? []}
            loading={companies.isPending}
          >
            <TextField
              select
              fullWidth
              label={t('month')}
              value={month}
              onChange={(e) => chooseMonth(Number(e.target.value))}
            >
              {MONTHS.map((name, i) => (
                <MenuItem key={name} value={i + 1}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          </CompanyBranchDateFields>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="email"
              label={t('email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={email !== '' && !emailOk}
              helperText={email !== '' && !emailOk ? t('emailInvalid') : undefined}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Grid>
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" disabled={!ready || busy} onClick={() => generatePdf.mutate()}>
            {t('pdf')}
          </Button>
          <Button variant="outlined" disabled={!ready || busy} onClick={() => generateExcel.mutate()}>
            {t('excel')}
          </Button>
          <Button variant="outlined" disabled={!ready || !emailOk || busy} onClick={() => extended.mutate()}>
            {t('extended')}
          </Button>
        </Stack>
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('generating')} />}
      </Paper>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 4 }}>
          {book ? (
            <TotalsCard title={t('summary')} sections={sections} />
          ) : (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t('summary')}
              </Typography>
              <Typography color="text.secondary">{t('noSummary')}</Typography>
            </Paper>
          )}
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          {pdf && pdfUrl && (
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('preview')}>
              {pdf.length < INLINE_PDF_MAX_BASE64 ? (
                <Box
                  component="iframe"
                  title={t('frameTitle')}
                  src={pdfUrl}
                  data-testid="sales-book-pdf"
                  sx={{ border: 0, width: '100%', minHeight: '70vh' }}
                />
              ) : (
                <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }}>
                  <Typography>{t('tooLarge')}</Typography>
                  <Button
                    variant="contained"
                    href={pdfUrl}
                    download={SALES_BOOK_FILES.pdf}
                    startIcon={<FileDownloadOutlined />}
                  >
                    {t('download')}
                  </Button>
                </Stack>
              )}
            </Paper>
          )}
        </Grid>
      </Grid>

      <Dialog open={queued !== null} onClose={() => setQueued(null)}>
        <DialogTitle>{t('received')}</DialogTitle>
        <DialogContent>
          {queued && (
            <>
              <Typography>{t('receivedText', { email: queued.email })}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('receivedDetail', {
                  id: queued.id,
                  state: queued.state,
                  posicion: queued.posicion,
                  fecha: formatDateCaracas(new Date(queued.fechaSolicitud)),
                })}
              </Typography>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setQueued(null)}>{t('app:actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
