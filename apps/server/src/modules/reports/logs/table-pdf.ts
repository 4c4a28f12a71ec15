import PDFDocument from 'pdfkit';
import { pdfText } from '../../../documents/format.ts';

export interface TableColumn {
  header: string;
  /** Share of the printable width (the shares of a table add up to 1). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface TablePdf {
  title: string;
  /** Lines under the title: period, company, who asked. */
  subtitle: string[];
  columns: TableColumn[];
  rows: string[][];
  /** Shown instead of the table when there are no rows. */
  empty?: string;
}

const MARGIN = 30;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const SIZE = 7;
const PAD = 2;

/**
 * A landscape letter-size report of one table whose header repeats on every page, with "Página n de m"
 * at the foot. Used by the event-log report and the SENIAT reports in PDF. Cell text wraps; text is
 * passed through `pdfText` (the standard fonts' character set), as the fiscal documents do.
 */
export function renderTablePdf(table: TablePdf): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: table.title, Creator: 'sigece', Producer: 'sigece' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 2 * MARGIN;
  const bottom = pdf.page.height - MARGIN - 14;
  const widths = table.columns.map((c) => c.width * width);
  let y = MARGIN;

  pdf.font(BOLD).fontSize(13).text(pdfText(table.title), MARGIN, y, { width, align: 'center' });
  y = pdf.y + 4;
  pdf.font(FONT).fontSize(8);
  for (const line of table.subtitle) {
    pdf.text(pdfText(line), MARGIN, y, { width, align: 'center' });
    y = pdf.y + 1;
  }
  y += 6;

  const rowHeight = (cells: string[], font: string) => {
    pdf.font(font).fontSize(SIZE);
    return (
      Math.max(...cells.map((c, i) => pdf.heightOfString(c || ' ', { width: widths[i] - 2 * PAD }))) + 2 * PAD
    );
  };
  const drawRow = (cells: string[], font: string, shade: boolean) => {
    const h = rowHeight(cells, font);
    if (shade) pdf.rect(MARGIN, y, width, h).fill('#e6e6e6').fillColor('black');
    let x = MARGIN;
    pdf.font(font).fontSize(SIZE);
    cells.forEach((cell, i) => {
      pdf.text(cell, x + PAD, y + PAD, {
        width: widths[i] - 2 * PAD,
        align: table.columns[i].align ?? 'left',
      });
      x += widths[i];
    });
    pdf
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .lineWidth(0.3)
      .stroke('#999999');
    y += h;
  };
  const headers = table.columns.map((c) => pdfText(c.header));

  if (table.rows.length === 0) {
    pdf
      .font(FONT)
      .fontSize(10)
      .text(pdfText(table.empty ?? ''), MARGIN, y + 10, { width, align: 'center' });
  } else {
    drawRow(headers, BOLD, true);
    for (const raw of table.rows) {
      const cells = raw.map((c) => pdfText(c));
      if (y + rowHeight(cells, FONT) > bottom) {
        pdf.addPage();
        y = MARGIN;
        drawRow(headers, BOLD, true);
      }
      drawRow(cells, FONT, false);
    }
  }

  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // The foot sits inside the bottom margin: without this pdfkit would open a new page for it.
    pdf.page.margins.bottom = 0;
    pdf
      .font(FONT)
      .fontSize(7)
      .text(`Página ${i + 1} de ${range.count}`, MARGIN, pdf.page.height - MARGIN - 8, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  pdf.end();
  return done;
}
