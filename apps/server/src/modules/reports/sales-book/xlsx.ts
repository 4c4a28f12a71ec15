// The sales book as a spreadsheet (getLibroVentasExcel, and the extended one the job e-mails), through
// the books' shared streaming writer (books/xlsx.ts).
import {
  formatDateCaracas,
  rateCells,
  SALES_BOOK_AMOUNT_KEYS,
  SALES_BOOK_COLUMNS,
  SALES_BOOK_EXTENDED_COLUMNS,
  type SalesBookSummary,
  SalesBookTotals,
  salesBookCells,
} from '@sigece/fiscal';
import type { BookHeading } from '../books/pdf.ts';
import { type BookSheetColumn, writeBookXlsx } from '../books/xlsx.ts';
import type { BookLine } from './lines.ts';

/** Where the totals' label and document count go (under "Nombre" and "RIF Tercero"). */
const LABEL = SALES_BOOK_COLUMNS.findIndex((c) => c.key === 'nombre');
const COUNT = SALES_BOOK_COLUMNS.findIndex((c) => c.key === 'rifTercero');

/**
 * Writes the book's spreadsheet from `lines` (the extended one adds the document's currency, rate,
 * own-currency total and third party's name); resolves with its bytes and the totals.
 */
export async function salesBookXlsx(
  heading: BookHeading,
  lines: AsyncIterable<BookLine>,
  options: { extended?: boolean } = {},
): Promise<{ xlsx: Buffer; summary: SalesBookSummary }> {
  const columns: BookSheetColumn[] = [
    ...SALES_BOOK_COLUMNS.map((c) => ({ titulo: c.titulo, amount: SALES_BOOK_AMOUNT_KEYS.has(c.key) })),
    ...(options.extended
      ? SALES_BOOK_EXTENDED_COLUMNS.map((c) => ({ titulo: c.titulo, amount: c.key === 'importeDivisa' }))
      : []),
  ];
  const totals = new SalesBookTotals();
  async function* rows() {
    for await (const line of lines) {
      totals.add(line);
      const cells: string[] = salesBookCells(line, formatDateCaracas(line.fecha));
      if (options.extended) cells.push(line.moneda, line.tasaCambio, line.importeDivisa, line.nombreTercero);
      yield cells;
    }
  }
  const closing = () => {
    const { own, thirdParty } = totals.parts();
    return (
      [
        ['TOTAL VENTAS PROPIAS', own],
        ['TOTAL VENTAS TERCEROS', thirdParty],
      ] as const
    ).map(([label, p]) => {
      const cells: Array<string | number> = Array(COUNT).fill('');
      cells[LABEL] = label;
      cells.push(p.documentos, p.importeTotal, p.exento, p.exonerado, ...rateCells(p), p.ivaRetenido);
      return cells;
    });
  };
  const xlsx = await writeBookXlsx(
    { sheetName: 'Libro de Ventas', title: 'LIBRO DE VENTAS', heading, columns },
    rows(),
    closing,
  );
  return { xlsx, summary: totals.summary() };
}
