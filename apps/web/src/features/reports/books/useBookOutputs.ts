import { fileTimestamp } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError } from '../../../app/notify.ts';
import { saveBase64, XLSX_TYPE } from './files.ts';

/**
 * A book's two outputs, as both book screens generate them: the PDF (kept for the inline preview) and the
 * spreadsheet (downloaded as `excelName(timestamp)`); either answer's summary becomes the shown book, and
 * a failure shows the server's message.
 */
export function useBookOutputs<Book extends { libroExcel?: string | null }>(options: {
  fetchPdf: () => Promise<{ libro: Book }>;
  fetchExcel: () => Promise<{ libro: Book }>;
  pdfOf: (book: Book) => string | null | undefined;
  excelName: (timestamp: string) => string;
}) {
  const [book, setBook] = useState<Book | null>(null);
  const [pdf, setPdf] = useState<string | null>(null);
  const generatePdf = useMutation({
    mutationFn: options.fetchPdf,
    onSuccess: ({ libro }) => {
      setBook(libro);
      setPdf(options.pdfOf(libro) ?? null);
    },
    onError: notifyError,
  });
  const generateExcel = useMutation({
    mutationFn: options.fetchExcel,
    onSuccess: ({ libro }) => {
      setBook(libro);
      if (libro.libroExcel)
        saveBase64(libro.libroExcel, options.excelName(fileTimestamp(new Date())), XLSX_TYPE);
    },
    onError: notifyError,
  });
  return { book, pdf, generatePdf, generateExcel, busy: generatePdf.isPending || generateExcel.isPending };
}
