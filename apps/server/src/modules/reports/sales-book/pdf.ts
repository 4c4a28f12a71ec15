// The sales book as a PDF (getlibroVentas), through the books' shared writer (books/pdf.ts).
import {
  type BookPartTotals,
  formatAmount,
  formatDateCaracas,
  rateCells,
  type SalesBookSummary,
  SalesBookTotals,
} from '@sigece/fiscal';
import { type BookColumn, type BookHeading, RATE_AND_WITHHELD_COLUMNS, writeBookPdf } from '../books/pdf.ts';
import type { BookLine } from './lines.ts';
import { BookSections } from './sections.ts';

export type { BookHeading };

/** Column widths in characters (Courier: every character is as wide as the others). */
const COLUMNS: BookColumn[] = [
  { titulo: 'N°', width: 6, right: true },
  { titulo: 'Fecha', width: 10 },
  { titulo: 'Tipo', width: 4 },
  { titulo: 'RIF', width: 12 },
  // Wide enough for the longest closing label, 'TOTAL NO CONTRIBUYENTES' (23 characters).
  { titulo: 'Nombre o Razón Social', width: 23 },
  { titulo: 'N° Factura', width: 12 },
  { titulo: 'N° Control', width: 12 },
  { titulo: 'N° N/D', width: 10 },
  { titulo: 'N° N/C', width: 10 },
  { titulo: 'Fact.Afect.', width: 11 },
  { titulo: 'Estado', width: 7 },
  { titulo: 'RIF Tercero', width: 12 },
  { titulo: 'Total c/IVA', width: 16, right: true },
  { titulo: 'Exento', width: 14, right: true },
  { titulo: 'Exonerado', width: 13, right: true },
  { titulo: 'No Sujeto', width: 13, right: true },
  { titulo: 'Export. FOB', width: 14, right: true },
  ...RATE_AND_WITHHELD_COLUMNS,
];

/** An amount as printed ('' stays empty: no voucher names the document). */
const amount = (v: string) => (v === '' ? '' : formatAmount(v));

/** Writes the book's PDF from `lines`; resolves with its bytes and the totals. */
export async function salesBookPdf(
  heading: BookHeading,
  lines: AsyncIterable<BookLine>,
): Promise<{ pdf: Buffer; summary: SalesBookSummary }> {
  const totals = new SalesBookTotals();
  const total = (label: string, p: BookPartTotals) => [
    ...['', '', '', '', label, '', '', '', '', '', '', String(p.documentos)],
    ...[p.importeTotal, p.exento, p.exonerado, p.noSujeto, p.exportacion, ...rateCells(p), p.ivaRetenido].map(
      amount,
    ),
    '',
  ];
  const sections = new BookSections((contribuyente) =>
    total(contribuyente ? 'TOTAL CONTRIBUYENTES' : 'TOTAL NO CONTRIBUYENTES', totals.section(contribuyente)),
  );
  async function* rows() {
    for await (const line of lines) {
      yield* sections.enter(line.contribuyente);
      totals.add(line);
      yield [
        String(line.numero),
        formatDateCaracas(line.fecha),
        line.tipo,
        line.rif,
        line.nombre,
        line.nroDocumento,
        line.nroControl,
        line.nroNotaDebito,
        line.nroNotaCredito,
        line.facturaAfectada,
        line.estado,
        line.rifTercero,
        amount(line.importeTotal),
        amount(line.exento),
        amount(line.exonerado),
        amount(line.noSujeto),
        amount(line.exportacion),
        ...rateCells(line).map(amount),
        amount(line.ivaRetenido),
        line.comprobanteRetencion,
      ];
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
  const pdf = await writeBookPdf({ title: 'Libro de Ventas', heading, columns: COLUMNS }, rows(), closing, {
    titulo: 'RESUMEN DEL PERÍODO (DÉBITO FISCAL)',
    rows: () => totals.summary().resumen,
  });
  return { pdf, summary: totals.summary() };
}
