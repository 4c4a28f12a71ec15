/**
 * The printed form of every fiscal document: letter size, PDF standard fonts only (Helvetica with
 * WinAnsi, so accents and "ñ", "°" need no font files), the data the Providencia SNAT/2011/00071 asks
 * of documents issued through an imprenta digital, a QR code to the public verification page and the
 * imprenta's own data at the foot of every page.
 */
import { dec, money, paymentMethodLabel } from '@sigece/fiscal';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { boundDocument, breakLongWords, cut, PRINT_LIMITS } from './bounds.ts';
import {
  currencyDecimals,
  formatDate,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatRate,
  formatTime,
  observationLines,
  pdfText,
} from './format.ts';
import type { DocumentTotals, FiscalDocument, FiscalDocumentKind } from './model.ts';

type Pdf = PDFKit.PDFDocument;
type Align = 'left' | 'right' | 'center';

const PAGE_W = 612;
const PAGE_H = 792;
const M = 36;
const W = PAGE_W - 2 * M;
const FOOTER_TOP = PAGE_H - 62;
const BOTTOM = FOOTER_TOP - 10;

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ITALIC = 'Helvetica-Oblique';
const INK = '#000000';
const GREY = '#505050';
const FILL = '#e6e6e6';
const RULE = '#9a9a9a';

/** Currency as printed after an amount: the bolívar is "Bs.", the rest their ISO code. */
function currencyLabel(iso: string): string {
  return iso === 'VEF' || iso === 'VES' || iso === 'Bs' || iso === 'Bs.' ? 'Bs.' : pdfText(iso);
}

const CURRENCY_NAME: Record<string, string> = {
  VEF: 'Bolívares (Bs.)',
  USD: 'Dólar estadounidense (USD)',
  EUR: 'Euro (EUR)',
  PTR: 'Petro (PTR)',
};

/** Text of the IGTF footnote (coletillaIGTF, spec 001 §9). */
export function igtfFootnote(alicuota = '3'): string {
  return (
    `Este pago en divisas está sujeto al cobro adicional del ${formatPercent(alicuota)}% del Impuesto a las ` +
    'Grandes Transacciones Financieras (IGTF), de conformidad con la Providencia Administrativa ' +
    'SNAT/2022/000013, que designa a los sujetos pasivos especiales como agentes de percepción del IGTF.'
  );
}

const PARTY_LABEL: Record<FiscalDocumentKind, string> = {
  FACTURA: 'DATOS DEL CLIENTE',
  NOTA_CREDITO: 'DATOS DEL CLIENTE',
  NOTA_DEBITO: 'DATOS DEL CLIENTE',
  ORDEN_ENTREGA: 'DATOS DEL DESTINATARIO',
  GUIA_DESPACHO: 'DATOS DEL DESTINATARIO',
  RETENCION_IVA: 'DATOS DEL SUJETO RETENIDO',
  RETENCION_ISLR: 'DATOS DEL SUJETO RETENIDO',
};

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
const PAD = 3;

/**
 * pdfkit builds the metrics of a standard font (widths and a kerning table of a few thousand string
 * keys) again for every document, and measures and encodes every word glyph by glyph with kerning
 * lookups: together most of the time of a one-page invoice. The metrics never change, so the first
 * document's are kept and lent to the font objects of the next ones (otherwise made as pdfkit makes
 * them: own id, own dictionary), with the width and the encoding of each string remembered. Should a
 * pdfkit release change these internals, `primeFonts` steps aside and pdfkit loads its fonts as usual.
 */
interface FontTemplate {
  prototype: {
    widthOfString(this: unknown, text: string, size: number): number;
    encode(this: unknown, text: string): unknown;
  };
  fields: Record<string, unknown>;
  widths: Map<string, number>;
  encodings: Map<string, unknown>;
}
const fontTemplates = new Map<string, FontTemplate>();
const FONT_FIELDS = ['name', 'font', 'ascender', 'descender', 'bbox', 'lineGap', 'xHeight', 'capHeight'];
const FONT_CACHE_LIMIT = 20_000;

function primeFonts(pdf: Pdf, names: string[]) {
  const internals = pdf as unknown as {
    _fontFamilies?: Record<string, unknown>;
    _fontCount?: number;
    _font?: Record<string, unknown> | null;
  };
  if (!internals._fontFamilies || typeof internals._fontCount !== 'number') return;
  for (const name of names) {
    const template = fontTemplates.get(name);
    if (!template) {
      pdf.font(name);
      const made = internals._font;
      const prototype = made && Object.getPrototypeOf(made);
      if (
        made &&
        made.name === name &&
        made.font &&
        typeof made.ascender === 'number' &&
        typeof prototype?.widthOfString === 'function' &&
        typeof prototype?.encode === 'function'
      ) {
        const fields: Record<string, unknown> = {};
        for (const f of FONT_FIELDS) fields[f] = made[f];
        fontTemplates.set(name, { prototype, fields, widths: new Map(), encodings: new Map() });
      }
      continue;
    }
    const { prototype, widths, encodings } = template;
    const font = Object.create(prototype) as Record<string, unknown>;
    Object.assign(font, template.fields);
    font.document = pdf;
    font.id = `F${++internals._fontCount}`;
    font.widthOfString = function (this: unknown, text: string, size: number): number {
      const key = `${text}`;
      let units = widths.get(key);
      if (units === undefined) {
        units = prototype.widthOfString.call(this, key, 1000);
        if (widths.size >= FONT_CACHE_LIMIT) widths.clear();
        widths.set(key, units);
      }
      return units * (size / 1000);
    };
    // pdfkit only reads what encode returns, so one result can serve every document.
    font.encode = function (this: unknown, text: string): unknown {
      const key = `${text}`;
      let encoded = encodings.get(key);
      if (encoded === undefined) {
        encoded = prototype.encode.call(this, key);
        if (encodings.size >= FONT_CACHE_LIMIT) encodings.clear();
        encodings.set(key, encoded);
      }
      return encoded;
    };
    internals._fontFamilies[name] = font;
  }
}

const HEIGHT_CACHE_LIMIT = 20_000;
const heights = new Map<string, number>();

interface TotalsRow {
  label: string;
  values: string[];
  strong?: boolean;
}

/** One piece of a measured text column: measure first, then draw at the same widths. */
interface Piece {
  text: string;
  font: string;
  size: number;
  color?: string;
  gapAfter?: number;
}

class Renderer {
  readonly pdf: Pdf;
  y = M;
  private readonly decimals: number;
  private readonly foreign: boolean;

  constructor(
    readonly doc: FiscalDocument,
    private readonly qr: QRCode.QRCode,
  ) {
    this.decimals = currencyDecimals(doc.currency.iso);
    this.foreign = doc.currency.iso !== 'VEF';
    this.pdf = new PDFDocument({
      size: 'LETTER',
      margin: 0,
      bufferPages: true,
      autoFirstPage: false,
      lang: 'es-VE',
      // No default font: primeFonts supplies the three this layout uses.
      font: null as unknown as string,
      info: {
        Title: pdfText(`${doc.title} N° ${doc.numero} - N° de Control ${doc.nroControl}`),
        Author: pdfText(doc.issuer.nombre),
        Subject: pdfText(`${doc.title} emitida por ${doc.issuer.nombre} (${doc.issuer.rif})`),
        Creator: 'sigece',
        Producer: 'sigece',
        CreationDate: doc.issuedAt,
      },
    });
    primeFonts(this.pdf, [FONT, BOLD, ITALIC]);
    if (doc.watermark) {
      const mark = pdfText(doc.watermark);
      this.pdf.on('pageAdded', () => this.diagonal(mark, '#b4b4b4', 0.35));
    }
  }

  // ---- primitives -------------------------------------------------------------------------------

  /** Height of wrapped text; measurements are cached for the process (the metrics never change). */
  private height(text: string, font: string, size: number, width: number): number {
    const key = `${font}|${size}|${width}|${text}`;
    const hit = heights.get(key);
    if (hit !== undefined) return hit;
    const h = this.pdf
      .font(font)
      .fontSize(size)
      .heightOfString(this.breakable(text, width), { width, lineGap: 0.5 });
    if (heights.size >= HEIGHT_CACHE_LIMIT) heights.clear();
    heights.set(key, h);
    return h;
  }

  /** Draws wrapped text in a box of `width` and returns its height. */
  private write(
    text: string,
    x: number,
    y: number,
    width: number,
    font = FONT,
    size = 8,
    align: Align = 'left',
    color = INK,
  ): number {
    this.pdf.font(font).fontSize(size).fillColor(color);
    this.pdf.text(this.breakable(text, width), x, y, { width, align, lineGap: 0.5 });
    return this.pdf.y - y;
  }

  /** `text` with its too-wide words already broken, in the current font and size (see bounds.ts). */
  private breakable(text: string, width: number): string {
    const pdf = this.pdf;
    return breakLongWords(text, width, (s) => pdf.widthOfString(s));
  }

  /** One line, no wrapping (cheaper than `write`: no line wrapper). */
  private line(
    text: string,
    x: number,
    y: number,
    width: number,
    font = FONT,
    size = 8,
    align: Align = 'left',
  ) {
    const pdf = this.pdf.font(font).fontSize(size).fillColor(INK);
    let at = x;
    if (align !== 'left') {
      const free = width - pdf.widthOfString(text);
      at = align === 'right' ? x + free : x + free / 2;
    }
    pdf.text(text, at, y, { lineBreak: false });
  }

  private rule(x1: number, y: number, x2: number, color = RULE, width = 0.5) {
    this.pdf.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  private diagonal(text: string, color: string, opacity: number) {
    const pdf = this.pdf;
    pdf.save();
    pdf.font(BOLD).fontSize(1);
    const unit = pdf.widthOfString(text) || 1;
    const size = Math.min(110, 620 / unit);
    pdf.fontSize(size);
    const width = pdf.widthOfString(text);
    pdf.rotate(-38, { origin: [PAGE_W / 2, PAGE_H / 2] });
    pdf.fillColor(color, opacity).text(text, PAGE_W / 2 - width / 2, PAGE_H / 2 - size * 0.35, {
      lineBreak: false,
    });
    pdf.restore();
    pdf.fillColor(INK, 1);
  }

  private measurePieces(pieces: Piece[], width: number): number {
    let h = 0;
    for (const p of pieces) h += this.height(p.text, p.font, p.size, width) + (p.gapAfter ?? 1);
    return h;
  }

  private drawPieces(pieces: Piece[], x: number, y: number, width: number): number {
    let at = y;
    for (const p of pieces)
      at += this.write(p.text, x, at, width, p.font, p.size, 'left', p.color) + (p.gapAfter ?? 1);
    return at - y;
  }

  /** Label in bold and value beside it; returns the height of the taller. */
  private field(label: string, value: string, x: number, y: number, labelW: number, valueW: number): number {
    const a = this.write(label, x, y, labelW, BOLD, 8);
    const b = this.write(pdfText(value) || '-', x + labelW, y, valueW, FONT, 8);
    return Math.max(a, b) + 2;
  }

  private money(value: string): string {
    return formatMoney(value, this.decimals);
  }

  private newPage() {
    this.pdf.addPage();
    this.y = M;
  }

  // ---- blocks ------------------------------------------------------------------------------------

  private header() {
    const { doc, pdf } = this;
    const top = this.y;
    // Issuer, left.
    const leftW = 300;
    let y = top;
    if (doc.issuer.logoJpeg && doc.issuer.logoJpeg.length > 0) {
      try {
        pdf.image(doc.issuer.logoJpeg, M, y, { fit: [150, 54] });
        y += 58;
      } catch {
        // An unreadable logo leaves the document without a logo rather than without a document.
      }
    }
    y += this.write(pdfText(doc.issuer.nombre), M, y, leftW, BOLD, 12) + 2;
    y += this.write(`RIF: ${pdfText(doc.issuer.rif)}`, M, y, leftW, BOLD, 9) + 2;
    y += this.write(`Domicilio fiscal: ${pdfText(doc.issuer.direccion)}`, M, y, leftW, FONT, 8) + 1;
    const contact = [
      doc.issuer.telefono ? `Teléfono: ${pdfText(doc.issuer.telefono)}` : '',
      doc.issuer.correo ? `Correo: ${pdfText(doc.issuer.correo)}` : '',
    ]
      .filter(Boolean)
      .join('   ');
    if (contact) y += this.write(contact, M, y, leftW, FONT, 8) + 1;

    // Document identification, right, boxed.
    const boxW = 220;
    const bx = PAGE_W - M - boxW;
    const ix = bx + 8;
    const iw = boxW - 16;
    let ry = top + 6;
    // Long titles (withholding vouchers) are set smaller so they wrap in two lines inside the box.
    ry += this.write(pdfText(doc.title), ix, ry, iw, BOLD, doc.title.length > 30 ? 12 : 18, 'right') + 3;
    const number = doc.serie
      ? `Serie: ${pdfText(doc.serie)}   N°: ${pdfText(doc.numero)}`
      : `N°: ${pdfText(doc.numero)}`;
    ry += this.write(number, ix, ry, iw, BOLD, 10, 'right') + 3;
    ry += this.write(`N° de Control: ${pdfText(doc.nroControl)}`, ix, ry, iw, BOLD, 12, 'right') + 4;
    ry += this.write(`Fecha de emisión: ${formatDate(doc.issuedAt)}`, ix, ry, iw, FONT, 9, 'right') + 1;
    ry += this.write(`Hora de emisión: ${formatTime(doc.issuedAt)}`, ix, ry, iw, FONT, 9, 'right') + 1;
    if (doc.annulled) ry += this.write('DOCUMENTO ANULADO', ix, ry + 2, iw, BOLD, 10, 'right', '#c00000') + 3;
    ry += 4;
    pdf
      .roundedRect(bx, top, boxW, ry - top, 4)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke();
    this.y = Math.max(y, ry) + 10;
  }

  /** Repeated at the top of pages after the first. */
  private continuationHeader() {
    const { doc } = this;
    const y = this.y;
    this.write(`${pdfText(doc.issuer.nombre)} - RIF: ${pdfText(doc.issuer.rif)}`, M, y, 300, BOLD, 9);
    this.write(
      `${pdfText(doc.title)} N° ${pdfText(doc.numero)} - N° de Control: ${pdfText(doc.nroControl)}`,
      M + 300,
      y,
      W - 300,
      BOLD,
      9,
      'right',
    );
    this.write(
      `Fecha de emisión: ${formatDate(doc.issuedAt)} (continuación)`,
      M + 300,
      y + 12,
      W - 300,
      FONT,
      8,
      'right',
    );
    this.rule(M, y + 25, M + W);
    this.y = y + 31;
  }

  private titledBox(title: string, drawBody: (y: number) => number) {
    const top = this.y;
    this.pdf.rect(M, top, W, 13).fill(FILL);
    this.line(title, M + 5, top + 3, W - 10, BOLD, 8);
    const h = drawBody(top + 17);
    const bottom = top + 17 + h + 2;
    this.pdf
      .rect(M, top, W, bottom - top)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.y = bottom + 8;
  }

  private party() {
    const { doc } = this;
    const c = doc.customer;
    const left: Array<[string, string]> = [
      ['Razón social:', c.nombre],
      ['RIF / C.I.:', c.rif],
      ['Dirección:', c.direccion ?? ''],
    ];
    const right: Array<[string, string]> = [
      ['Teléfono:', c.telefono ?? ''],
      ['Correo:', c.correo ?? ''],
    ];
    for (const extra of doc.extras ?? []) right.push([`${pdfText(extra.label)}:`, extra.value]);
    right.push(['Moneda:', CURRENCY_NAME[doc.currency.iso] ?? doc.currency.iso]);
    this.titledBox(PARTY_LABEL[doc.kind] ?? 'DATOS DEL CLIENTE', (y0) => {
      let ly = y0;
      for (const [label, value] of left) ly += this.field(label, value, M + 5, ly, 70, 245);
      let ry = y0;
      for (const [label, value] of right) ry += this.field(label, value, M + 330, ry, 82, W - 330 - 87);
      return Math.max(ly, ry) - y0;
    });
  }

  private serviceBlock() {
    const s = this.doc.service;
    if (!s) return;
    this.titledBox('DATOS DEL SERVICIO', (y0) => {
      let ly = y0;
      ly += this.field('N° de contrato:', s.nroContrato, M + 5, ly, 102, 213);
      ly += this.field('Período de facturación:', s.periodoFacturacion, M + 5, ly, 102, 213);
      let ry = y0;
      ry += this.field('Pague antes de:', formatDate(s.pagueAntes), M + 330, ry, 100, W - 330 - 105);
      ry += this.field('Dirección del servicio:', s.direccionServicio, M + 330, ry, 100, W - 330 - 105);
      return Math.max(ly, ry) - y0;
    });
  }

  /** A model's own data (`doc.sections`): one titled box each, its fields in two columns. */
  private sectionBlocks() {
    for (const section of this.doc.sections ?? []) {
      if (section.fields.length === 0) continue;
      if (this.y + 60 > BOTTOM) {
        this.newPage();
        this.continuationHeader();
      }
      const half = Math.ceil(section.fields.length / 2);
      this.titledBox(pdfText(section.title), (y0) => {
        let ly = y0;
        for (const f of section.fields.slice(0, half))
          ly += this.field(`${pdfText(f.label)}:`, f.value, M + 5, ly, 102, 213);
        let ry = y0;
        for (const f of section.fields.slice(half))
          ry += this.field(`${pdfText(f.label)}:`, f.value, M + 330, ry, 100, W - 330 - 105);
        return Math.max(ly, ry) - y0;
      });
    }
  }

  private tableHeader() {
    const y = this.y;
    this.pdf.rect(M, y, W, 16).fill(FILL);
    let x = M;
    for (const col of this.columns) {
      const label = col.label === 'Importe' ? `Importe (${currencyLabel(this.doc.currency.iso)})` : col.label;
      this.line(label, x + PAD, y + 4.5, col.width - 2 * PAD, BOLD, 7.5, col.align);
      x += col.width;
    }
    this.y = y + 18;
  }

  /** A document's own table (`doc.table`) across the page's width, repeated header on each new page. */
  private ownTable() {
    const table = this.doc.table!;
    const total = table.columns.reduce((a, c) => a + c.weight, 0) || 1;
    const widths = table.columns.map((c) => (W * c.weight) / total);
    const size = 6.5;
    const header = () => {
      const h =
        Math.max(
          ...table.columns.map((c, i) => this.height(pdfText(c.label), BOLD, size, widths[i] - 2 * PAD)),
        ) +
        2 * PAD;
      this.pdf.rect(M, this.y, W, h).fill(FILL);
      let x = M;
      table.columns.forEach((c, i) => {
        this.write(pdfText(c.label), x + PAD, this.y + PAD, widths[i] - 2 * PAD, BOLD, size, c.align);
        x += widths[i];
      });
      this.y += h + 1;
    };
    header();
    for (const row of table.rows) {
      const cells = row.map((cell) => pdfText(cell));
      const rowH =
        Math.max(...cells.map((cell, i) => this.height(cell, FONT, size, widths[i] - 2 * PAD))) + 2 * PAD;
      if (this.y + rowH > BOTTOM) {
        this.newPage();
        this.continuationHeader();
        header();
      }
      let x = M;
      cells.forEach((cell, i) => {
        this.write(cell, x + PAD, this.y + PAD, widths[i] - 2 * PAD, FONT, size, table.columns[i].align);
        x += widths[i];
      });
      this.y += rowH;
      this.rule(M, this.y, M + W, '#cccccc', 0.4);
    }
    this.y += 8;
  }

  /** The stamp and the signature line of the issuer (withholding agent) under the summary. */
  private signatureBlock() {
    const block = this.doc.signatureBlock;
    if (!block) return;
    const h = 80;
    if (this.y + h > BOTTOM) {
      this.newPage();
      this.continuationHeader();
    }
    const x = M + W - 220;
    if (block.stampImage && block.stampImage.length > 0) {
      try {
        this.pdf.image(block.stampImage, x + 50, this.y, { fit: [120, 50] });
      } catch {
        // An unreadable stamp leaves the signature line without it rather than the voucher without a PDF.
      }
    }
    this.rule(x, this.y + 56, x + 220, INK, 0.6);
    this.write(pdfText(block.caption), x, this.y + 60, 220, FONT, 8, 'center');
    this.y += h;
  }

  /** The line table's columns: without the money ones when the document leaves amounts out. */
  private get columns(): Column[] {
    return this.doc.withoutAmounts ? NO_AMOUNT_COLUMNS : COLUMNS;
  }

  private lines() {
    const { doc } = this;
    if (doc.table) return this.ownTable();
    const COLUMNS = this.columns;
    this.tableHeader();
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
      const descH = this.height(description, FONT, 8, descW);
      const lotH = lotText ? this.height(lotText, ITALIC, 7, descW) + 1 : 0;
      const codeH = this.height(codigo, FONT, 8, COLUMNS[0].width - 2 * PAD);
      const unitH = this.height(unidad, FONT, 8, COLUMNS[3].width - 2 * PAD);
      const rowH = Math.max(descH + lotH, codeH, unitH) + 2 * PAD;
      if (this.y + rowH > BOTTOM) {
        this.newPage();
        this.continuationHeader();
        this.tableHeader();
      }
      const y = this.y + PAD;
      let x = M;
      const cells = [
        codigo,
        description,
        formatQuantity(line.cantidad),
        unidad,
        ...(doc.withoutAmounts
          ? []
          : [this.money(line.precio), this.money(line.descuento), this.money(line.importe)]),
      ];
      for (let i = 0; i < COLUMNS.length; i++) {
        const col = COLUMNS[i];
        // Code, description and unit may wrap; the figures are one line each.
        if (i <= 1 || i === 3) this.write(cells[i], x + PAD, y, col.width - 2 * PAD, FONT, 8, col.align);
        else this.line(cells[i], x + PAD, y, col.width - 2 * PAD, FONT, 8, col.align);
        if (i === 1 && lotText)
          this.write(lotText, x + PAD, y + descH + 1, col.width - 2 * PAD, ITALIC, 7, 'left', GREY);
        x += col.width;
      }
      this.y += rowH;
      this.rule(M, this.y, M + W, '#cccccc', 0.4);
    }
    if (doc.lines.length === 0) {
      this.write('Sin detalle', M + PAD, this.y + PAD, W, ITALIC, 8, 'left', GREY);
      this.y += 14;
    }
    this.y += 8;
  }

  private bs(totals: DocumentTotals | undefined, pick: (t: DocumentTotals) => string, raw: string): string {
    if (totals) return formatMoney(pick(totals));
    const rate = this.doc.currency.rate;
    return rate ? formatMoney(money(dec(raw).times(rate))) : '-';
  }

  private totalsRows(): { rows: TotalsRow[]; heads: string[] } {
    const { doc } = this;
    if (doc.totalRows)
      return {
        rows: doc.totalRows.map((r) => ({
          label: pdfText(r.label),
          values: [pdfText(r.value)],
          strong: r.strong,
        })),
        heads: [],
      };
    const t = doc.totals;
    const bsTotals = doc.amountsInBs;
    const withBs = this.foreign;
    const row = (label: string, pick: (x: DocumentTotals) => string, strong = false): TotalsRow => ({
      label,
      values: withBs ? [this.money(pick(t)), this.bs(bsTotals, pick, pick(t))] : [this.money(pick(t))],
      strong,
    });
    const rows: TotalsRow[] = [
      row('Subtotal', (x) => x.subtotal),
      row('Exento', (x) => x.exento),
      row('Exonerado', (x) => x.exonerado),
      row('Descuento', (x) => x.descuento),
    ];
    t.taxes.forEach((tax, i) => {
      const name = pdfText(tax.nombre ?? 'IVA');
      const pct = formatPercent(tax.alicuota);
      const pickBase = (x: DocumentTotals) => x.taxes[i]?.base ?? '0';
      const pickAmount = (x: DocumentTotals) => x.taxes[i]?.monto ?? '0';
      if (withBs) rows.push(row(`Base imponible ${name} ${pct}%`, pickBase));
      rows.push(row(`${name} ${pct}% sobre ${this.money(tax.base)}`, pickAmount));
    });
    // Outside the taxable base (air fees and the like): after the taxes, already inside the total.
    (t.charges ?? []).forEach((charge, i) => {
      rows.push(row(pdfText(charge.label), (x) => x.charges?.[i]?.monto ?? '0'));
    });
    const igtf = doc.igtf;
    if (!igtf) {
      rows.push(row('TOTAL', (x) => x.total, true));
    } else {
      rows.push(row('Total', (x) => x.total));
      const pct = formatPercent(igtf.alicuota ?? '3');
      const rate = doc.currency.rate;
      const toBs = (given: string | undefined, raw: string) =>
        given !== undefined ? formatMoney(given) : rate ? formatMoney(money(dec(raw).times(rate))) : '-';
      const igtfValues = withBs
        ? [this.money(igtf.monto), toBs(igtf.montoBs, igtf.monto)]
        : [this.money(igtf.monto)];
      rows.push({ label: `IGTF ${pct}% sobre ${this.money(igtf.base)}`, values: igtfValues });
      const payable = money(dec(t.total).plus(igtf.monto));
      const payableBs = withBs
        ? bsTotals
          ? formatMoney(
              money(
                dec(bsTotals.total).plus(igtf.montoBs ?? (rate ? money(dec(igtf.monto).times(rate)) : '0')),
              ),
            )
          : rate
            ? formatMoney(money(dec(payable).times(rate)))
            : '-'
        : '';
      rows.push({
        label: 'TOTAL A PAGAR',
        values: withBs ? [this.money(payable), payableBs] : [this.money(payable)],
        strong: true,
      });
    }
    return { rows, heads: withBs ? [doc.currency.iso, 'Bs.'] : [] };
  }

  private leftPieces(): Piece[] {
    const { doc } = this;
    const pieces: Piece[] = [];
    if (this.foreign && doc.currency.rate) {
      pieces.push({
        text: `Tasa de cambio BCV: 1 ${doc.currency.iso} = ${formatRate(doc.currency.rate)} Bs.`,
        font: BOLD,
        size: 8.5,
        gapAfter: 1,
      });
      pieces.push({
        text: `Montos expresados en ${doc.currency.iso} con su equivalente en Bs. a la tasa indicada.`,
        font: FONT,
        size: 7.5,
        color: GREY,
        gapAfter: 5,
      });
    }
    if (doc.lines.some((l) => l.exento)) {
      pieces.push({ text: '(E) Exento del Impuesto al Valor Agregado.', font: FONT, size: 7.5, gapAfter: 5 });
    }
    if (doc.payments && doc.payments.length > 0) {
      pieces.push({ text: 'Formas de pago:', font: BOLD, size: 8 });
      for (const p of doc.payments) {
        const decimals = currencyDecimals(p.divisa);
        pieces.push({
          text: `${pdfText(paymentMethodLabel(p.modo))}: ${formatMoney(p.monto, decimals)} ${currencyLabel(p.divisa)}`,
          font: FONT,
          size: 8,
        });
      }
      pieces[pieces.length - 1].gapAfter = 5;
    }
    const observation = observationLines(doc.observacion);
    if (observation.length > 0) {
      pieces.push({ text: 'Observaciones:', font: BOLD, size: 8 });
      for (const text of observation) pieces.push({ text: pdfText(text) || ' ', font: FONT, size: 8 });
      pieces[pieces.length - 1].gapAfter = 5;
    }
    if (doc.igtf?.footnote) {
      pieces.push({ text: igtfFootnote(doc.igtf.alicuota ?? '3'), font: ITALIC, size: 7, gapAfter: 5 });
    }
    return pieces;
  }

  private summary() {
    const { doc } = this;
    const leftW = 262;
    const rightX = M + 276;
    const rightW = W - 276;
    const pieces = this.leftPieces();
    const qrSize = 78;
    const caption: Piece[] = [
      { text: 'Verifique este documento en', font: BOLD, size: 7.5 },
      { text: pdfText(cut(doc.verificationUrl, PRINT_LIMITS.url)), font: FONT, size: 7.5 },
    ];
    const captionW = leftW - qrSize - 8;
    const leftH = this.measurePieces(pieces, leftW) + Math.max(qrSize, this.measurePieces(caption, captionW));

    const { rows, heads } = doc.withoutAmounts ? { rows: [], heads: [] } : this.totalsRows();
    const valueW = heads.length ? 74 : 96;
    const labelW = rightW - valueW * Math.max(1, heads.length) - 8;
    const rowH = (r: TotalsRow) => this.height(r.label, r.strong ? BOLD : FONT, r.strong ? 9 : 8, labelW) + 5;
    const rightH = (heads.length ? 14 : 0) + rows.reduce((a, r) => a + rowH(r), 0) + 6;

    if (this.y + Math.max(leftH, rightH) > BOTTOM) {
      this.newPage();
      this.continuationHeader();
    }
    const top = this.y;

    // Totals, right.
    let y = top;
    const valuesX = rightX + 4 + labelW;
    if (heads.length) {
      heads.forEach((h, i) => {
        this.line(h, valuesX + i * valueW, y, valueW - 4, BOLD, 8, 'right');
      });
      y += 14;
    }
    const boxTop = top - 4;
    for (const r of rows) {
      const h = rowH(r);
      if (r.strong) {
        this.pdf.rect(rightX, y - 2.5, rightW, h).fill(FILL);
      }
      const font = r.strong ? BOLD : FONT;
      const size = r.strong ? 9 : 8;
      this.write(r.label, rightX + 4, y, labelW, font, size);
      r.values.forEach((v, i) => {
        this.line(v, valuesX + i * valueW, y, valueW - 4, font, size, 'right');
      });
      y += h;
    }
    if (rows.length > 0)
      this.pdf
        .rect(rightX, boxTop, rightW, y - boxTop)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke();

    // Notes and QR, left.
    let ly = top;
    ly += this.drawPieces(pieces, M, ly, leftW);
    const qrY = ly + 2;
    this.qrCode(M, qrY, qrSize);
    this.drawPieces(caption, M + qrSize + 8, qrY + 6, captionW);
    this.y = Math.max(y, qrY + qrSize) + 8;
  }

  /**
   * The QR code drawn as vector squares (one path, one fill): sharp at any zoom and far cheaper than
   * encoding a PNG and having pdfkit decode and re-compress it.
   */
  private qrCode(x: number, y: number, size: number) {
    const { size: n, data } = this.qr.modules;
    const quiet = 2;
    const cell = size / (n + 2 * quiet);
    const pdf = this.pdf;
    pdf.rect(x, y, size, size).fill('#ffffff');
    for (let r = 0; r < n; r++) {
      let c = 0;
      while (c < n) {
        if (!data[r * n + c]) {
          c++;
          continue;
        }
        const start = c;
        while (c < n && data[r * n + c]) c++;
        pdf.rect(x + (start + quiet) * cell, y + (r + quiet) * cell, (c - start) * cell, cell);
      }
    }
    pdf.fill(INK);
  }

  private footers() {
    const { doc, pdf } = this;
    const range = pdf.bufferedPageRange();
    const p = doc.printer;
    const line1 =
      `Imprenta digital: ${pdfText(p.nombre)}, RIF ${pdfText(p.rif)}. ` +
      `Providencia N° ${pdfText(p.providencia)} de fecha ${formatDate(p.fechaProvidencia)}.`;
    const line2 =
      `Números de control asignados desde el N° ${pdfText(p.controlRange.desde)} hasta el N° ` +
      `${pdfText(p.controlRange.hasta)}, fecha de asignación ${formatDate(p.fechaAsignacion)}.`;
    for (let i = range.start; i < range.start + range.count; i++) {
      pdf.switchToPage(i);
      if (doc.annulled) this.diagonal('ANULADA', '#c00000', 0.3);
      this.rule(M, FOOTER_TOP, M + W, RULE, 0.6);
      this.write(line1, M, FOOTER_TOP + 6, W - 90, FONT, 7);
      this.write(line2, M, FOOTER_TOP + 16, W - 90, FONT, 7);
      this.line(
        `Página ${i - range.start + 1} de ${range.count}`,
        M + W - 90,
        FOOTER_TOP + 6,
        90,
        BOLD,
        8,
        'right',
      );
    }
  }

  async render(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.pdf.on('end', () => resolve(Buffer.concat(chunks)));
      this.pdf.on('error', reject);
    });
    this.newPage();
    this.header();
    this.party();
    this.serviceBlock();
    this.sectionBlocks();
    this.lines();
    this.summary();
    this.signatureBlock();
    this.footers();
    this.pdf.end();
    return done;
  }
}

/** The QR of the verification address as a PNG (for screens and e-mails; the PDF draws it as vectors). */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
}

/** The QR matrix of the verification address (error correction M: enough for print, small). */
export function qrMatrix(url: string): QRCode.QRCode {
  return QRCode.create(url, { errorCorrectionLevel: 'M' });
}

/** Lays the document out as a letter-size PDF (unsigned). */
export async function renderPdf(doc: FiscalDocument): Promise<Buffer> {
  return new Renderer(boundDocument(doc), qrMatrix(doc.verificationUrl)).render();
}
