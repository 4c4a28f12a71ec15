// A book (sales or purchases) as a PDF: legal landscape, one monospaced line per row, rows consumed from a
// stream as they come. pdfkit lays out the page and writes the file; each row's text goes straight into
// the page's content stream as one Tj in the standard Courier font. pdfkit's text() measured, encoded and
// positioned every character of every line in JavaScript (glyph lookup, kerning pairs, hex encoding),
// which made a 50,000-line book cost minutes of CPU; Courier needs none of it, every glyph being 600/1000
// of the font size wide, and the standard fonts are not embedded, only named.
import { formatAmount, formatDateCaracas } from '@sigece/fiscal';
import PDFDocument from 'pdfkit';

export interface BookHeading {
  empresa: { nombre: string; rif: string };
  sucursal?: string;
  fechaInicio: string;
  fechaFin: string;
}

/** A column: its heading and its width in characters, right-aligned when it holds amounts. */
export interface BookColumn {
  titulo: string;
  width: number;
  right?: boolean;
}

/** The columns both books end with: bases and taxes per rate, the IVA withheld and its voucher. */
export const RATE_AND_WITHHELD_COLUMNS: BookColumn[] = [
  { titulo: 'Base 16%', width: 15, right: true },
  { titulo: 'IVA 16%', width: 14, right: true },
  { titulo: 'Base 8%', width: 14, right: true },
  { titulo: 'IVA 8%', width: 12, right: true },
  { titulo: 'Base 31%', width: 14, right: true },
  { titulo: 'IVA 31%', width: 12, right: true },
  { titulo: 'IVA Retenido', width: 13, right: true },
  { titulo: 'N° Comprobante', width: 14 },
];

export interface BookPdfLayout {
  /** The document's title ('Libro de Ventas'); the pages print it in capitals. */
  title: string;
  heading: BookHeading;
  columns: readonly BookColumn[];
}

/** The month-end summary printed after the closing rows: label, base, tax. */
export interface BookSummary {
  titulo: string;
  rows: () => ReadonlyArray<{ concepto: string; baseImponible: string; impuesto: string }>;
}

/** The summary's three columns: its lines are a small table of their own under the book. */
export function summaryLine(cells: readonly [string, string, string]): string {
  return `${fit(cells[0], 64)} ${fit(cells[1], 20, true)} ${fit(cells[2], 20, true)}`;
}

const MARGIN = 24;
const MAX_SIZE = 5.6;
/** Courier's advance width and ascender, in thousandths of the font size (its AFM). */
const COURIER_ADVANCE = 0.6;
const COURIER_ASCENDER = 0.629;

/** WinAnsiEncoding's codes 0x80–0x9F (where Latin-1 has control characters). */
const WIN_ANSI_EXTRA = new Map(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ']
    .map((c, i) => [c, String.fromCharCode(0x80 + i)] as const)
    .filter(([c]) => c.charCodeAt(0) > 0x9f),
);

/**
 * The text as a PDF literal string in WinAnsiEncoding (the standard fonts' encoding): Latin-1 as is, the
 * WinAnsi extras (€, ’, “, –, …) by their code, anything else '?'. pdfkit writes content as 'binary'.
 */
function literal(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x29 || c === 0x5c) out += `\\${text[i]}`;
    else if ((c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c <= 0xff)) out += text[i];
    else out += WIN_ANSI_EXTRA.get(text[i]) ?? '?';
  }
  return `(${out})`;
}

function fit(text: string, width: number, right = false): string {
  const cut = text.length > width ? text.slice(0, width) : text;
  return right ? cut.padStart(width) : cut.padEnd(width);
}

/** A row's cells as one line of the table (cells beyond the columns are ignored). */
export function tableLine(columns: readonly BookColumn[], cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) line += ' ';
    line += fit(cells[i] ?? '', columns[i].width, columns[i].right);
  }
  return line;
}

const day = (iso: string) => formatDateCaracas(new Date(`${iso}T12:00:00-04:00`));

/**
 * Writes the book from `rows` (each row's cells, already formatted; a row of one cell is a heading), then
 * the rows `closing()` returns
 * (its totals, known once every row went by) in bold; resolves with the PDF's bytes.
 */
export async function writeBookPdf(
  layout: BookPdfLayout,
  rows: AsyncIterable<readonly string[]>,
  closing: () => ReadonlyArray<readonly string[]>,
  summary?: BookSummary,
): Promise<Buffer> {
  const { heading, columns } = layout;
  const pdf = new PDFDocument({
    size: 'LEGAL',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title: layout.title,
      Author: heading.empresa.nombre,
      Creator: 'sigece',
      Producer: 'sigece',
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  // The two fonts, named once (pdfkit registers a standard font's dictionary on first use).
  type FontRef = { id: string; ref(): unknown };
  const fontOf = (name: string) => (pdf.font(name) as unknown as { _font: FontRef })._font;
  const regular = fontOf('Courier');
  const bold = fontOf('Courier-Bold');

  const chars = columns.reduce((n, c) => n + c.width, 0) + columns.length - 1;
  let width = 0;
  let height = 0;
  let size = MAX_SIZE;
  let lineHeight = 0;
  let y = 0;
  let page = 0;
  let ops: string[] = [];

  const write = (text: string, font: FontRef, fontSize: number) => {
    const baseline = height - y - COURIER_ASCENDER * fontSize;
    ops.push(`/${font.id} ${fontSize} Tf 1 0 0 1 ${MARGIN} ${baseline.toFixed(2)} Tm ${literal(text)} Tj`);
  };
  const line = (text: string, font = regular) => {
    write(text, font, size);
    y += lineHeight;
  };
  const flush = () => {
    if (ops.length === 0) return;
    // pdfkit's page content is flipped (y down); the text block is written in PDF's own coordinates.
    pdf.addContent(`q 1 0 0 -1 0 ${height} cm BT\n${ops.join('\n')}\nET Q`);
    ops = [];
  };
  const newPage = () => {
    flush();
    pdf.addPage();
    page += 1;
    const fonts = pdf.page.fonts as Record<string, unknown>;
    fonts[regular.id] = regular.ref();
    fonts[bold.id] = bold.ref();
    width = pdf.page.width;
    height = pdf.page.height;
    // As large as the widest line allows, never above MAX_SIZE.
    size = Math.min(MAX_SIZE, Math.floor(((width - 2 * MARGIN) / (chars * COURIER_ADVANCE)) * 100) / 100);
    lineHeight = size * 1.28;
    y = MARGIN;
    write(layout.title.toUpperCase(), bold, 9);
    y += 12;
    line(
      `Contribuyente: ${heading.empresa.nombre}   RIF: ${heading.empresa.rif}${heading.sucursal ? `   Sucursal: ${heading.sucursal}` : ''}`,
    );
    line(`Período: ${day(heading.fechaInicio)} al ${day(heading.fechaFin)}   Montos en Bs.   Página ${page}`);
    y += 2;
    line(
      tableLine(
        columns,
        columns.map((c) => c.titulo),
      ),
      bold,
    );
  };
  const bottom = () => height - MARGIN - lineHeight;

  newPage();
  for await (const cells of rows) {
    if (y > bottom()) newPage();
    // A row of one cell is a heading within the book (a section's title): a line of its own, in bold.
    if (cells.length === 1) line(cells[0], bold);
    else line(tableLine(columns, cells));
  }
  const last = closing();
  if (y > bottom() - (last.length + 1) * lineHeight) newPage();
  y += 2;
  for (const cells of last) line(tableLine(columns, cells), bold);
  if (summary) {
    const rows = summary.rows();
    if (y > bottom() - (rows.length + 3) * lineHeight) newPage();
    y += lineHeight;
    line(summary.titulo, bold);
    line(summaryLine(['Concepto', 'Base Imponible', 'Impuesto']), bold);
    for (const r of rows)
      line(summaryLine([r.concepto, formatAmount(r.baseImponible), formatAmount(r.impuesto)]));
  }
  flush();
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}
