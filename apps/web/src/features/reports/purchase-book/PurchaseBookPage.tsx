import './i18n.ts';
import { formatAmount, PURCHASE_BOOK_FILES } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { BookScreen } from '../books/BookScreen.tsx';
import { rateRows } from '../books/rateRows.ts';
import { useBookOutputs } from '../books/useBookOutputs.ts';
import { useBookPeriod } from '../books/useBookPeriod.tsx';
import { fetchPurchaseBookExcel, fetchPurchaseBookPdf } from './api.ts';
import { PURCHASE_BOOK_NS } from './i18n.ts';

/**
 * /reportes/libroCompras: the generator card (company, branch, month or dates; PDF or
 * spreadsheet), the summary card and the inline PDF — the sales book's screen without the e-mailed
 * extended spreadsheet.
 */
export default function PurchaseBookPage() {
  const { t } = useTranslation(PURCHASE_BOOK_NS);
  const { ready, request, fields } = useBookPeriod(t('month'));
  const { book, pdf, generatePdf, generateExcel, busy } = useBookOutputs({
    fetchPdf: () => fetchPurchaseBookPdf(request()),
    fetchExcel: () => fetchPurchaseBookExcel(request()),
    pdfOf: (libro) => libro.reporteCompra,
    excelName: PURCHASE_BOOK_FILES.excel,
  });

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
            { key: 'exonerado', label: t('exonerado'), value: money(book.totalExonerado) },
            { key: 'noSujeto', label: t('noSujeto'), value: money(book.totalNoSujeto) },
            { key: 'sinDerecho', label: t('sinDerecho'), value: money(book.totalSinDerecho) },
            ...rateRows(t, book.totalGravamenes),
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
