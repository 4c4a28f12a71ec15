// The sales book as a spreadsheet (getLibroVentasExcel, and the extended one the job e-mails), through
// the books' shared streaming writer (books/xlsx.ts).
import {
  type BookPartTotals,
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
import { BookSections } from './sections.ts';

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
  const total = (label: string, p: BookPartTotals) => {
    const cells: Array<string | number> = Array(COUNT).fill('');
    cells[LABEL] = label;
    cells.push(
      p.documentos,
      p.importeTotal,
      p.exento,
      p.exonerado,
      p.noSujeto,
      p.exportacion,
      ...rateCells(p),
      p.ivaRetenido,
    );
    return cells;
  };
  const sections = new BookSections<Array<string | number>>((contribuyente) =>
    total(contribuyente ? 'TOTAL CONTRIBUYENTES' : 'TOTAL NO CONTRIBUYENTES', totals.section(contribuyente)),
  );
  async function* rows() {
    for await (const line of lines) {
      yield* sections.enter(line.contribuyente);
      totals.add(line);
      const cells: string[] = salesBookCells(line, formatDateCaracas(line.fecha));
      if (options.extended) cells.push(line.moneda, line.tasaCambio, line.importeDivisa, line.nombreTercero);
      yield cells;
    }
  }
  const closing = () => {
    const { own, thirdParty } = totals.parts();
    return [
      ...sections.close(),
      total('TOTAL VENTAS PROPIAS', own),
      total('TOTAL VENTAS TERCEROS', thirdParty),
    ];
  };
  const xlsx = await writeBookXlsx(
    { sheetName: 'Libro de Ventas', title: 'LIBRO DE VENTAS', heading, columns },
    rows(),
    closing,
    { titulo: 'RESUMEN DEL PERÍODO (DÉBITO FISCAL)', rows: () => totals.summary().resumen },
  );
  return { xlsx, summary: totals.summary() };
}
