// A book (sales or purchases) as a spreadsheet: exceljs's streaming writer, rows committed as they are
// written, so only the zip's buffers stay in memory. Rows 1–3: title, company and period; row 4: the
// headings; the rows from row 5, then the closing (totals) rows in bold.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { BookHeading, BookSummary } from './pdf.ts';

export interface BookSheetColumn {
  titulo: string;
  /** Amounts are written as numbers with two decimals; '' stays an empty cell. */
  amount?: boolean;
}

export interface BookSheetLayout {
  sheetName: string;
  title: string;
  heading: BookHeading;
  columns: readonly BookSheetColumn[];
}

const AMOUNT_FORMAT = '#,##0.00';
type Cell = string | number | null;

export async function writeBookXlsx(
  layout: BookSheetLayout,
  rows: AsyncIterable<readonly Cell[]>,
  closing: () => ReadonlyArray<readonly Cell[]>,
  summary?: BookSummary,
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'sigece';
  const sheet = workbook.addWorksheet(layout.sheetName);
  const { columns, heading } = layout;
  sheet.columns = columns.map((c) => ({
    width: c.amount ? 16 : 14,
    style: c.amount ? { numFmt: AMOUNT_FORMAT } : {},
  }));
  const amounts = columns.flatMap((c, i) => (c.amount ? [i] : []));
  /** Amount columns as numbers; '' as an empty cell (not an empty string). */
  const numbers = (cells: readonly Cell[]): Cell[] => {
    const out = cells.map((v) => (v === '' ? null : v));
    for (const i of amounts) {
      const v = out[i];
      if (typeof v === 'string') out[i] = Number(v);
    }
    return out;
  };

  sheet.addRow([layout.title]).commit();
  sheet
    .addRow([
      `${heading.empresa.nombre} (${heading.empresa.rif})${heading.sucursal ? ` - ${heading.sucursal}` : ''}`,
    ])
    .commit();
  sheet.addRow([`Período: ${heading.fechaInicio} al ${heading.fechaFin} (montos en Bs.)`]).commit();
  const head = sheet.addRow(columns.map((c) => c.titulo));
  head.font = { bold: true };
  head.commit();

  // exceljs gives every new cell a style object of its own and, on commit, renders any style object it has
  // not seen before to XML to find its id: per cell, the main cost of a 50,000-row book. The body's cells
  // share one object per column (never mutated: the bold closing rows keep their own).
  const plain = {};
  const amount = { numFmt: AMOUNT_FORMAT };
  const styles = columns.map((c) => (c.amount ? amount : plain));
  for await (const cells of rows) {
    const row = sheet.addRow(numbers(cells));
    row.eachCell((cell, n) => {
      cell.style = styles[n - 1] ?? plain;
    });
    row.commit();
  }
  for (const cells of closing()) {
    const r = sheet.addRow(numbers(cells));
    r.font = { bold: true };
    r.commit();
  }
  if (summary) {
    // Under the book: its month-end summary, concept in the first column, base and tax as numbers.
    sheet.addRow([]).commit();
    const title = sheet.addRow([summary.titulo]);
    title.font = { bold: true };
    title.commit();
    const head = sheet.addRow(['Concepto', 'Base Imponible', 'Impuesto']);
    head.font = { bold: true };
    head.commit();
    for (const r of summary.rows()) {
      const row = sheet.addRow([r.concepto, Number(r.baseImponible), Number(r.impuesto)]);
      row.getCell(2).numFmt = AMOUNT_FORMAT;
      row.getCell(3).numFmt = AMOUNT_FORMAT;
      row.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
  stream.end();
  await ended;
  return Buffer.concat(chunks);
}
