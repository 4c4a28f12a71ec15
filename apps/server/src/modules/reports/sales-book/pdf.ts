// The sales book as a PDF (getlibroVentas): legal landscape, one monospaced text run per line so tens of
// thousands of lines lay out in seconds, lines consumed from the stream as they come.
import {
  formatAmount,
  formatDateCaracas,
  SALES_BOOK_RATES,
  type SalesBookSummary,
  SalesBookTotals,
} from '@sigece/fiscal';
import PDFDocument from 'pdfkit';
import type { BookLine } from './lines.ts';

export interface BookHeading {
  empresa: { nombre: string; rif: string };
  sucursal?: string;
  fechaInicio: string;
  fechaFin: string;
}

const FONT = 'Courier';
const FONT_BOLD = 'Courier-Bold';
const SIZE = 5.6;
const LINE_HEIGHT = 7.2;
const MARGIN = 24;

/** Column widths in characters (Courier: every character is as wide as the others). */
const COLUMNS: Array<{ titulo: string; width: number; right?: boolean }> = [
  { titulo: 'N°', width: 6, right: true },
  { titulo: 'Fecha', width: 10 },
  { titulo: 'Tipo', width: 4 },
  { titulo: 'RIF', width: 12 },
  { titulo: 'Nombre o Razón Social', width: 22 },
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
  { titulo: 'Base 16%', width: 15, right: true },
  { titulo: 'IVA 16%', width: 14, right: true },
  { titulo: 'Base 8%', width: 14, right: true },
  { titulo: 'IVA 8%', width: 12, right: true },
  { titulo: 'Base 31%', width: 14, right: true },
  { titulo: 'IVA 31%', width: 12, right: true },
];

function fit(text: string, width: number, right = false): string {
  const cut = text.length > width ? text.slice(0, width) : text;
  return right ? cut.padStart(width) : cut.padEnd(width);
}
const row = (cells: string[]) => cells.map((c, i) => fit(c, COLUMNS[i].width, COLUMNS[i].right)).join(' ');
const amount = (v: string) => formatAmount(v);

/** Writes the book's PDF from `lines`; resolves with its bytes and the totals. */
export async function salesBookPdf(
  heading: BookHeading,
  lines: AsyncIterable<BookLine>,
): Promise<{ pdf: Buffer; summary: SalesBookSummary }> {
  const pdf = new PDFDocument({
    size: 'LEGAL',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: 'Libro de Ventas', Author: heading.empresa.nombre, Creator: 'sigece', Producer: 'sigece' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  let y = 0;
  let page = 0;
  const bottom = () => pdf.page.height - MARGIN - LINE_HEIGHT;
  const text = (t: string, font = FONT) => {
    pdf.font(font).fontSize(SIZE).text(t, MARGIN, y, { lineBreak: false });
    y += LINE_HEIGHT;
  };
  const newPage = () => {
    pdf.addPage();
    page += 1;
    y = MARGIN;
    pdf.font(FONT_BOLD).fontSize(9).text('LIBRO DE VENTAS', MARGIN, y, { lineBreak: false });
    y += 12;
    text(
      `Contribuyente: ${heading.empresa.nombre}   RIF: ${heading.empresa.rif}${heading.sucursal ? `   Sucursal: ${heading.sucursal}` : ''}`,
    );
    text(
      `Período: ${formatDateCaracas(new Date(`${heading.fechaInicio}T12:00:00-04:00`))} al ${formatDateCaracas(new Date(`${heading.fechaFin}T12:00:00-04:00`))}   Montos en Bs.   Página ${page}`,
    );
    y += 2;
    text(row(COLUMNS.map((c) => c.titulo)), FONT_BOLD);
  };
  const ensureRoom = () => {
    if (page === 0 || y > bottom()) newPage();
  };

  const totals = new SalesBookTotals();
  newPage();
  for await (const line of lines) {
    totals.add(line);
    ensureRoom();
    text(
      row([
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
        amount(line.base['16']),
        amount(line.impuesto['16']),
        amount(line.base['8']),
        amount(line.impuesto['8']),
        amount(line.base['31']),
        amount(line.impuesto['31']),
      ]),
    );
  }

  const { own, thirdParty } = totals.parts();
  const totalRow = (label: string, p: typeof own) =>
    row([
      '',
      '',
      '',
      '',
      label,
      '',
      '',
      '',
      '',
      '',
      '',
      String(p.documentos),
      amount(p.importeTotal),
      amount(p.exento),
      amount(p.exonerado),
      ...SALES_BOOK_RATES.flatMap((r) => [amount(p.base[r]), amount(p.impuesto[r])]),
    ]);
  if (y > bottom() - 3 * LINE_HEIGHT) newPage();
  y += 2;
  text(totalRow('TOTAL VENTAS PROPIAS', own), FONT_BOLD);
  text(totalRow('TOTAL VENTAS TERCEROS', thirdParty), FONT_BOLD);
  pdf.end();
  await done;
  return { pdf: Buffer.concat(chunks), summary: totals.summary() };
}
