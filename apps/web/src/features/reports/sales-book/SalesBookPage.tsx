import './i18n.ts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatAmount, formatDateCaracas, SALES_BOOK_FILES } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify.ts';
import { BookScreen } from '../books/BookScreen.tsx';
import { rateRows } from '../books/rateRows.ts';
import { useBookOutputs } from '../books/useBookOutputs.ts';
import { useBookPeriod } from '../books/useBookPeriod.tsx';
import { fetchSalesBookExcel, fetchSalesBookPdf, type QueuedBook, requestExtendedBook } from './api.ts';
import { SALES_BOOK_NS } from './i18n.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /reportes/libroVentas (spec 002 §2.6): the generator card (company, branch, month or dates; PDF,
 * spreadsheet and the extended spreadsheet e-mailed by a job), the summary card and the inline PDF.
 */
export default function SalesBookPage() {
  const { t } = useTranslation(SALES_BOOK_NS);
  const { ready, request, fields } = useBookPeriod(t('month'));
  const [email, setEmail] = useState('');
  const [queued, setQueued] = useState<(QueuedBook['result'] & { email: string }) | null>(null);

  const emailOk = EMAIL.test(email.trim());

  const {
    book,
    pdf,
    generatePdf,
    generateExcel,
    busy: generating,
  } = useBookOutputs({
    fetchPdf: () => fetchSalesBookPdf(request()),
    fetchExcel: () => fetchSalesBookExcel(request()),
    pdfOf: (libro) => libro.reporteVenta,
    excelName: SALES_BOOK_FILES.excel,
  });
  const extended = useMutation({
    mutationFn: () => requestExtendedBook({ ...request(), email: email.trim() }),
    onSuccess: ({ result }) => setQueued({ ...result, email: email.trim() }),
    onError: notifyError,
  });
  const busy = generating || extended.isPending;

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
            ...rateRows(t, book.totalGravamenes),
            { key: 'retenido', label: t('retenido'), value: money(book.totalIvaRetenido) },
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
    : null;

  return (
    <BookScreen
      ns={SALES_BOOK_NS}
      fields={
        <>
          {fields}
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
        </>
      }
      ready={ready}
      busy={busy}
      onPdf={() => generatePdf.mutate()}
      onExcel={() => generateExcel.mutate()}
      extraActions={
        <Button variant="outlined" disabled={!ready || !emailOk || busy} onClick={() => extended.mutate()}>
          {t('extended')}
        </Button>
      }
      sections={sections}
      pdf={pdf}
      pdfFileName={SALES_BOOK_FILES.pdf}
      testId="sales-book-pdf"
    >
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
    </BookScreen>
  );
}
