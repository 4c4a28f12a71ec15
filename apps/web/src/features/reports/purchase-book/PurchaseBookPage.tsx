import './i18n.ts';
import { fileTimestamp, formatAmount, PURCHASE_BOOK_FILES, type PurchaseBookAnswer } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify.ts';
import { BookScreen } from '../books/BookScreen.tsx';
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
    : null;

  return (
    <BookScreen
      ns={PURCHASE_BOOK_NS}
      fields={fields}
      ready={ready}
      busy={busy}
      onPdf={() => generatePdf.mutate()}
      onExcel={() => generateExcel.mutate()}
      sections={sections}
      pdf={pdf}
      pdfFileName={PURCHASE_BOOK_FILES.pdf}
      testId="purchase-book-pdf"
    />
  );
}
