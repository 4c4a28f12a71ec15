// The purchase book's PDF (getlibroCompras) and spreadsheet (getLibroComprasExcel), through the books'
// shared writers (books/pdf.ts, books/xlsx.ts): the lines, then the closing rows of internal purchases,
// imports and the whole book, then the month-end summary of crédito fiscal (RLIVA art. 75).
import {
  type BookPartTotals,
  formatAmount,
  PURCHASE_BOOK_AMOUNT_KEYS,
  PURCHASE_BOOK_COLUMNS,
  type PurchaseBookLine,
  type PurchaseBookSummary,
  PurchaseBookTotals,
  purchaseBookCells,
  rateCells,
} from '@sigece/fiscal';
import { type BookColumn, type BookHeading, RATE_AND_WITHHELD_COLUMNS, writeBookPdf } from '../books/pdf.ts';
import { writeBookXlsx } from '../books/xlsx.ts';

/** PDF column widths in characters, in PURCHASE_BOOK_COLUMNS order. */
const PDF_COLUMNS: BookColumn[] = [
  { titulo: 'N°', width: 6, right: true },
  { titulo: 'Fecha', width: 10 },
  { titulo: 'Tipo', width: 4 },
  { titulo: 'RIF', width: 12 },
  { titulo: 'Proveedor', width: 22 },
  { titulo: 'N° Factura', width: 12 },
  { titulo: 'N° Control', width: 12 },
  { titulo: 'N° N/D', width: 8 },
  { titulo: 'N° N/C', width: 8 },
  { titulo: 'Fact.Afect.', width: 11 },
  { titulo: 'N° Decl.Imp.', width: 12 },
  { titulo: 'Total c/IVA', width: 16, right: true },
  { titulo: 'Exentas', width: 13, right: true },
  { titulo: 'Exoneradas', width: 13, right: true },
  { titulo: 'No Sujetas', width: 13, right: true },
  { titulo: 'Sin Der.C.F.', width: 13, right: true },
  ...RATE_AND_WITHHELD_COLUMNS,
];

/** The heading of the month-end summary under the book (PDF and spreadsheet alike). */
const RESUMEN_TITLE = 'RESUMEN DEL PERÍODO (CRÉDITO FISCAL)';

const AMOUNT_COLUMNS = PURCHASE_BOOK_COLUMNS.flatMap((c, i) =>
  PURCHASE_BOOK_AMOUNT_KEYS.has(c.key) ? [i] : [],
);
const LABEL = PURCHASE_BOOK_COLUMNS.findIndex((c) => c.key === 'nombre');
const COUNT = PURCHASE_BOOK_COLUMNS.findIndex((c) => c.key === 'nroImportacion');

/** A closing row's cells (amounts as 2-decimal text, the count under "N° Declaración de Importación"). */
function closingCells(label: string, p: BookPartTotals): string[] {
  const cells: string[] = Array(COUNT).fill('');
  cells[LABEL] = label;
  cells.push(
    String(p.documentos),
    p.importeTotal,
    p.exento,
    p.exonerado,
    p.noSujeto,
    p.sinDerecho,
    ...rateCells(p),
    p.ivaRetenido,
    '',
  );
  return cells;
}

function closingRows(totals: PurchaseBookTotals): string[][] {
  const { internas, importaciones, total } = totals.parts();
  return [
    closingCells('TOTAL COMPRAS INTERNAS', internas),
    closingCells('TOTAL IMPORTACIONES', importaciones),
    closingCells('TOTAL COMPRAS', total),
  ];
}

/** Amount cells as printed in the PDF: "1.234,50"; '' stays empty. */
function printed(cells: string[]): string[] {
  for (const i of AMOUNT_COLUMNS) if (cells[i] !== '') cells[i] = formatAmount(cells[i]);
  return cells;
}

async function* counted(lines: AsyncIterable<PurchaseBookLine>, totals: PurchaseBookTotals) {
  for await (const line of lines) {
    totals.add(line);
    yield purchaseBookCells(line);
  }
}

export async function purchaseBookPdf(
  heading: BookHeading,
  lines: AsyncIterable<PurchaseBookLine>,
): Promise<{ pdf: Buffer; summary: PurchaseBookSummary }> {
  const totals = new PurchaseBookTotals();
  async function* rows() {
    for await (const cells of counted(lines, totals)) yield printed(cells);
  }
  const pdf = await writeBookPdf(
    { title: 'Libro de Compras', heading, columns: PDF_COLUMNS },
    rows(),
    () => closingRows(totals).map(printed),
    { titulo: RESUMEN_TITLE, rows: () => totals.summary().resumen },
  );
  return { pdf, summary: totals.summary() };
}

export async function purchaseBookXlsx(
  heading: BookHeading,
  lines: AsyncIterable<PurchaseBookLine>,
): Promise<{ xlsx: Buffer; summary: PurchaseBookSummary }> {
  const totals = new PurchaseBookTotals();
  const columns = PURCHASE_BOOK_COLUMNS.map((c) => ({
    titulo: c.titulo,
    amount: PURCHASE_BOOK_AMOUNT_KEYS.has(c.key),
  }));
  const xlsx = await writeBookXlsx(
    { sheetName: 'Libro de Compras', title: 'LIBRO DE COMPRAS', heading, columns },
    counted(lines, totals),
    () =>
      closingRows(totals).map((cells) => [
        ...cells.slice(0, COUNT),
        Number(cells[COUNT]),
        ...cells.slice(COUNT + 1),
      ]),
    { titulo: RESUMEN_TITLE, rows: () => totals.summary().resumen },
  );
  return { xlsx, summary: totals.summary() };
}
