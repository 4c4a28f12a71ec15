import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { TABLE_HEADER_COLOR } from '../../app/theme.ts';

/** Loaded only when the user exports a PDF (jspdf is large). */
export function buildPdf(options: {
  title: string;
  subtitle: string;
  head: string[];
  body: string[][];
}): Blob {
  const doc = new jsPDF({
    orientation: options.head.length > 4 ? 'landscape' : 'portrait',
    unit: 'pt',
    format: 'letter',
  });
  doc.setFontSize(14);
  doc.text(options.title, 40, 40);
  doc.setFontSize(9);
  doc.setTextColor(100);
  doc.text(options.subtitle, 40, 56);
  autoTable(doc, {
    startY: 68,
    head: [options.head],
    body: options.body,
    styles: { fontSize: 8, cellPadding: 4 },
    headStyles: { fillColor: TABLE_HEADER_COLOR, textColor: '#ffffff' },
    alternateRowStyles: { fillColor: '#f4f6f9' },
    margin: { left: 40, right: 40 },
    didDrawPage: (data) => {
      doc.setFontSize(8);
      doc.text(
        String(data.pageNumber),
        doc.internal.pageSize.getWidth() - 50,
        doc.internal.pageSize.getHeight() - 20,
      );
    },
  });
  return doc.output('blob');
}
