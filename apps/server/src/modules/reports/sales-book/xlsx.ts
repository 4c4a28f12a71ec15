// The sales book as a spreadsheet (getLibroVentasExcel, and the extended one the job e-mails): exceljs's
// streaming writer commits every row as it is written, so only the zip's buffers stay in memory.
import { PassThrough } from 'node:stream';
import {
  dec,
  formatDateCaracas,
  SALES_BOOK_COLUMNS,
  SALES_BOOK_EXTENDED_COLUMNS,
  SALES_BOOK_RATES,
  type SalesBookSummary,
  SalesBookTotals,
  salesBookCells,
} from '@sigece/fiscal';
import ExcelJS from 'exceljs';
import type { BookLine } from './lines.ts';
import type { BookHeading } from './pdf.ts';

/** The first column holding an amount (Total Ventas con IVA): amounts are written as numbers. */
const FIRST_AMOUNT = SALES_BOOK_COLUMNS.findIndex((c) => c.key === 'importeTotal');
const AMOUNT_FORMAT = '#,##0.00';

/**
 * Writes the book's spreadsheet from `lines` (the extended one adds the document's currency, rate,
 * own-currency total and third party's name); resolves with its bytes and the totals.
 */
export async function salesBookXlsx(
  heading: BookHeading,
  lines: AsyncIterable<BookLine>,
  options: { extended?: boolean } = {},
): Promise<{ xlsx: Buffer; summary: SalesBookSummary }> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'sigece';
  const sheet = workbook.addWorksheet('Libro de Ventas');
  const columns = [...SALES_BOOK_COLUMNS, ...(options.extended ? SALES_BOOK_EXTENDED_COLUMNS : [])];
  sheet.columns = columns.map((c, i) => ({
    key: c.key,
    width: i >= FIRST_AMOUNT && i < SALES_BOOK_COLUMNS.length ? 16 : 14,
    style: i >= FIRST_AMOUNT && i < SALES_BOOK_COLUMNS.length ? { numFmt: AMOUNT_FORMAT } : {},
  }));
  // Rows 1–3: title, company and period; row 4: the headings; the lines from row 5.
  sheet.addRow(['LIBRO DE VENTAS']).commit();
  sheet
    .addRow([
      `${heading.empresa.nombre} (${heading.empresa.rif})${heading.sucursal ? ` - ${heading.sucursal}` : ''}`,
    ])
    .commit();
  sheet.addRow([`Período: ${heading.fechaInicio} al ${heading.fechaFin} (montos en Bs.)`]).commit();
  const head = sheet.addRow(columns.map((c) => c.titulo));
  head.font = { bold: true };
  head.commit();

  const totals = new SalesBookTotals();
  for await (const line of lines) {
    totals.add(line);
    const cells: Array<string | number> = salesBookCells(line, formatDateCaracas(line.fecha));
    for (let i = FIRST_AMOUNT; i < cells.length; i++) cells[i] = dec(cells[i] as string).toNumber();
    if (options.extended)
      cells.push(line.moneda, line.tasaCambio, dec(line.importeDivisa).toNumber(), line.nombreTercero);
    sheet.addRow(cells).commit();
  }
  const { own, thirdParty } = totals.parts();
  for (const [label, p] of [
    ['TOTAL VENTAS PROPIAS', own],
    ['TOTAL VENTAS TERCEROS', thirdParty],
  ] as const) {
    const cells: Array<string | number> = Array(FIRST_AMOUNT).fill('');
    cells[4] = label;
    cells[FIRST_AMOUNT - 1] = p.documentos;
    cells.push(
      ...[
        p.importeTotal,
        p.exento,
        p.exonerado,
        ...SALES_BOOK_RATES.flatMap((r) => [p.base[r], p.impuesto[r]]),
      ].map((v) => dec(v).toNumber()),
    );
    const r = sheet.addRow(cells);
    r.font = { bold: true };
    r.commit();
  }
  sheet.commit();
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  await workbook.commit();
  stream.end();
  await ended;
  return { xlsx: Buffer.concat(chunks), summary: totals.summary() };
}
