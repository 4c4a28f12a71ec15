/**
 * The body: the product lines (code, description with lot and expiry, quantity, unit and, unless the
 * document leaves amounts out, price, discount and amount; "(E)" marks a VAT-exempt line) or, for a
 * withholding voucher, its own table. Headers repeat on each new page.
 */
import { formatDate, formatQuantity, pdfText } from '../format.ts';
import type { FiscalDocument } from '../model.ts';
import { type Align, BOLD, BOTTOM, FILL, FONT, GREY, ITALIC, M, PAD, W } from '../typesetting/page.ts';
import type { Typesetter } from '../typesetting/typesetter.ts';
import { currencyLabel, documentMoney } from './currency.ts';
import { continueOnNewPage } from './header.ts';

interface Column {
  label: string;
  width: number;
  align: Align;
}

// Código, Descripción (the rest), Cantidad, Unidad, Precio, Descuento, Importe.
const FIXED = [60, 0, 50, 44, 72, 58, 74];
const DESC_W = W - FIXED.reduce((a, b) => a + b, 0);
const COLUMNS: Column[] = [
  { label: 'Código', width: FIXED[0], align: 'left' },
  { label: 'Descripción', width: DESC_W, align: 'left' },
  { label: 'Cantidad', width: FIXED[2], align: 'right' },
  { label: 'Unidad', width: FIXED[3], align: 'left' },
  { label: 'Precio unit.', width: FIXED[4], align: 'right' },
  { label: 'Descuento', width: FIXED[5], align: 'right' },
  { label: 'Importe', width: FIXED[6], align: 'right' },
];
/** Without amounts (an order or guide that leaves them out): Código, Descripción, Cantidad, Unidad. */
const NO_AMOUNT_FIXED = [70, 0, 80, 80];
const NO_AMOUNT_COLUMNS: Column[] = [
  { label: 'Código', width: NO_AMOUNT_FIXED[0], align: 'left' },
  { label: 'Descripción', width: W - NO_AMOUNT_FIXED.reduce((a, b) => a + b, 0), align: 'left' },
  { label: 'Cantidad', width: NO_AMOUNT_FIXED[2], align: 'right' },
  { label: 'Unidad', width: NO_AMOUNT_FIXED[3], align: 'left' },
];

/** The line table's columns: without the money ones when the document leaves amounts out. */
function columnsOf(doc: FiscalDocument): Column[] {
  return doc.withoutAmounts ? NO_AMOUNT_COLUMNS : COLUMNS;
}

function tableHeader(t: Typesetter, doc: FiscalDocument) {
  const y = t.y;
  t.pdf.rect(M, y, W, 16).fill(FILL);
  let x = M;
  for (const col of columnsOf(doc)) {
    const label = col.label === 'Importe' ? `Importe (${currencyLabel(doc.currency.iso)})` : col.label;
    t.line(label, x + PAD, y + 4.5, col.width - 2 * PAD, BOLD, 7.5, col.align);
    x += col.width;
  }
  t.y = y + 18;
}

/** A document's own table (`doc.table`) across the page's width, repeated header on each new page. */
function ownTable(t: Typesetter, doc: FiscalDocument) {
  const table = doc.table!;
  const total = table.columns.reduce((a, c) => a + c.weight, 0) || 1;
  const widths = table.columns.map((c) => (W * c.weight) / total);
  const size = 6.5;
  const header = () => {
    const h =
      Math.max(...table.columns.map((c, i) => t.height(pdfText(c.label), BOLD, size, widths[i] - 2 * PAD))) +
      2 * PAD;
    t.pdf.rect(M, t.y, W, h).fill(FILL);
    let x = M;
    table.columns.forEach((c, i) => {
      t.write(pdfText(c.label), x + PAD, t.y + PAD, widths[i] - 2 * PAD, BOLD, size, c.align);
      x += widths[i];
    });
    t.y += h + 1;
  };
  header();
  for (const row of table.rows) {
    const cells = row.map((cell) => pdfText(cell));
    const rowH =
      Math.max(...cells.map((cell, i) => t.height(cell, FONT, size, widths[i] - 2 * PAD))) + 2 * PAD;
    if (t.y + rowH > BOTTOM) {
      continueOnNewPage(t, doc);
      header();
    }
    let x = M;
    cells.forEach((cell, i) => {
      t.write(cell, x + PAD, t.y + PAD, widths[i] - 2 * PAD, FONT, size, table.columns[i].align);
      x += widths[i];
    });
    t.y += rowH;
    t.rule(M, t.y, M + W, '#cccccc', 0.4);
  }
  t.y += 8;
}

export function lines(t: Typesetter, doc: FiscalDocument) {
  if (doc.table) return ownTable(t, doc);
  const COLUMNS = columnsOf(doc);
  tableHeader(t, doc);
  for (const line of doc.lines) {
    const description = pdfText(line.exento ? `${line.descripcion} (E)` : line.descripcion);
    const lot: string[] = [];
    if (line.lote) lot.push(`Lote: ${pdfText(line.lote)}`);
    if (line.vencimiento) lot.push(`Vence: ${formatDate(line.vencimiento)}`);
    // Lot and expiry on one line, then each further note of the line (a model's product data).
    const lotText = [lot.join('   '), ...(line.notes ?? []).map((n) => pdfText(n))]
      .filter(Boolean)
      .join('\n');
    const codigo = pdfText(line.codigo);
    const unidad = pdfText(line.unidad);
    const descW = COLUMNS[1].width - 2 * PAD;
    const descH = t.height(description, FONT, 8, descW);
    const lotH = lotText ? t.height(lotText, ITALIC, 7, descW) + 1 : 0;
    const codeH = t.height(codigo, FONT, 8, COLUMNS[0].width - 2 * PAD);
    const unitH = t.height(unidad, FONT, 8, COLUMNS[3].width - 2 * PAD);
    const rowH = Math.max(descH + lotH, codeH, unitH) + 2 * PAD;
    if (t.y + rowH > BOTTOM) {
      continueOnNewPage(t, doc);
      tableHeader(t, doc);
    }
    const y = t.y + PAD;
    let x = M;
    const cells = [
      codigo,
      description,
      formatQuantity(line.cantidad),
      unidad,
      ...(doc.withoutAmounts
        ? []
        : [
            documentMoney(doc, line.precio),
            documentMoney(doc, line.descuento),
            documentMoney(doc, line.importe),
          ]),
    ];
    for (let i = 0; i < COLUMNS.length; i++) {
      const col = COLUMNS[i];
      // Code, description and unit may wrap; the figures are one line each.
      if (i <= 1 || i === 3) t.write(cells[i], x + PAD, y, col.width - 2 * PAD, FONT, 8, col.align);
      else t.line(cells[i], x + PAD, y, col.width - 2 * PAD, FONT, 8, col.align);
      if (i === 1 && lotText)
        t.write(lotText, x + PAD, y + descH + 1, col.width - 2 * PAD, ITALIC, 7, 'left', GREY);
      x += col.width;
    }
    t.y += rowH;
    t.rule(M, t.y, M + W, '#cccccc', 0.4);
  }
  if (doc.lines.length === 0) {
    t.write('Sin detalle', M + PAD, t.y + PAD, W, ITALIC, 8, 'left', GREY);
    t.y += 14;
  }
  t.y += 8;
}
