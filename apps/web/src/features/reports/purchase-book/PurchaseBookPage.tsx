import './i18n.ts';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fileTimestamp, formatAmount, PURCHASE_BOOK_FILES, type PurchaseBookAnswer } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify.ts';
import { TotalsCard } from '../../documents/index.ts';
import { BookPreview } from '../books/BookPreview.tsx';
import { saveBase64, XLSX_TYPE } from '../books/files.ts';
import { useBookPeriod } from '../books/useBookPeriod.tsx';
import { fetchPurchaseBookExcel, fetchPurchaseBookPdf } from './api.ts';
import { PURCHASE_BOOK_NS } from './i18n.ts';

/**
 * /reportes/libroCompras (issue 12 item 2): the generator card (company, branch, month or dates; PDF or
 * spreadsheet), the summary card and the inline PDF — the sales book's screen without the e-mailed
 * extended spreadsheet.
 */
export default function PurchaseBookPage() {
  const { t } = useTranslation(PURCHASE_BOOK_NS);
  const { ready, request, fields } = useBookPeriod(t('month'));
  const [book, setBook] = useState<PurchaseBookAnswer['libro'] | null>(null);
  const [pdf, setPdf] = useState<string | null>(null);

  const generatePdf = useMutation({
    mutationFn: () => fetchPurchaseBookPdf(request()),
    onSuccess: ({ libro }) => {
      setBook(libro);
      setPdf(libro.reporteCompra ?? null);
    },
    onError: notifyError,
  });
  const generateExcel = useMutation({
    mutationFn: () => fetchPurchaseBookExcel(request()),
    onSuccess: ({ libro }) => {
      setBook(libro);
      if (libro.libroExcel)
        saveBase64(libro.libroExcel, PURCHASE_BOOK_FILES.excel(fileTimestamp(new Date())), XLSX_TYPE);
    },
    onError: notifyError,
  });
  const busy = generatePdf.isPending || generateExcel.isPending;

  const money = (v: string) => formatAmount(v);
  const sections = book
    ? [
        {
          title: t('summary'),
          rows: [
            { key: 'documentos', label: t('documentos'), value: String(book.documentos) },
            { key: 'internas', label: t('internas'), value: String(book.internas) },
            { key: 'importaciones', label: t('importaciones'), value: String(book.importaciones) },
            { key: 'totalCompras', label: t('totalCompras'), value: money(book.totalCompras), strong: true },
            { key: 'exento', label: t('exento'), value: money(book.totalExento) },
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
            { key: 'retenido', label: t('retenido'), value: money(book.totalIvaRetenido) },
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
          {fields}
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" disabled={!ready || busy} onClick={() => generatePdf.mutate()}>
            {t('pdf')}
          </Button>
          <Button variant="outlined" disabled={!ready || busy} onClick={() => generateExcel.mutate()}>
            {t('excel')}
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
          {pdf && (
            <BookPreview
              pdf={pdf}
              fileName={PURCHASE_BOOK_FILES.pdf}
              testId="purchase-book-pdf"
              labels={{
                preview: t('preview'),
                frameTitle: t('frameTitle'),
                tooLarge: t('tooLarge'),
                download: t('download'),
              }}
            />
          )}
        </Grid>
      </Grid>
    </Stack>
  );
}
