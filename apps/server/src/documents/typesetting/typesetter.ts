/**
 * Typesetting on the page of `page.ts`: wrapped and single-line text, rules, titled boxes, the diagonal
 * overlay, measured text columns and the QR drawn as vectors. It knows pdfkit and the page, not what a
 * fiscal document says: the parts under `../parts/` decide that.
 */
import PDFDocument from 'pdfkit';
import type QRCode from 'qrcode';
import { breakLongWords } from '../bounds.ts';
import { pdfText } from '../format.ts';
import { primeFonts } from './fonts.ts';
import { encodeFileLines, gatherPageContent } from './latin1-writes.ts';
import { type Align, BOLD, FILL, FONT, INK, ITALIC, M, PAGE_H, PAGE_W, RULE, W } from './page.ts';

type Pdf = PDFKit.PDFDocument;

/** The pdfkit internals `oneLine` uses (checked before each use). */
interface PdfInternals {
  x: number;
  y: number;
  page: { maxY(): number };
  _fontSize: number;
  _font?: { encode(text: string): [unknown, { xAdvance: number; advanceWidth: number }[]] };
  _textOptions?: unknown;
  _wrapper?: unknown;
  currentLineHeight(includeGap: boolean): number;
  widthOfString(text: string): number;
  _initOptions(x: number, y: number, options: object): TextOptions;
  _fragment(text: string, x: number, y: number, options: TextOptions): void;
}
type TextOptions = { width: number; textWidth?: number; wordCount?: number; lineWidth?: number };

/** Space added under every wrapped line. */
const LINE_GAP = 0.5;
/** What makes pdfkit's wrapper break a line by itself or change a character: never on the shortcut. */
const UNWRAPPABLE = /[\n\r\f\v\u0085\u00ad\u2028\u2029]/;

let oneLineShortcut = true;
/** Turns the one-line shortcut off or on (the test that compares its bytes with the wrapper's). */
export function useOneLineShortcut(on: boolean) {
  oneLineShortcut = on;
}

const HEIGHT_CACHE_LIMIT = 20_000;
const heights = new Map<string, number>();

/** One piece of a measured text column: measure first, then draw at the same widths. */
export interface Piece {
  text: string;
  font: string;
  size: number;
  color?: string;
  gapAfter?: number;
}

export interface SheetOptions {
  /** The PDF's document information dictionary. */
  info: PDFKit.DocumentInfo;
  /** Text drawn diagonally in light grey on every page (already made printable). */
  watermark?: string;
}

export class Typesetter {
  readonly pdf: Pdf;
  /** Where the next block starts on the current page. */
  y = M;

  constructor(options: SheetOptions) {
    this.pdf = new PDFDocument({
      size: 'LETTER',
      margin: 0,
      bufferPages: true,
      autoFirstPage: false,
      lang: 'es-VE',
      // No default font: primeFonts supplies the three this layout uses.
      font: null as unknown as string,
      info: options.info,
    });
    primeFonts(this.pdf, [FONT, BOLD, ITALIC]);
    encodeFileLines(this.pdf);
    // Before the watermark's listener: the page's operators are gathered from the first one drawn.
    this.pdf.on('pageAdded', () => gatherPageContent(this.pdf));
    const mark = options.watermark;
    if (mark !== undefined) this.pdf.on('pageAdded', () => this.diagonal(mark, '#b4b4b4', 0.35));
  }

  /** The finished file: listens before anything is drawn, resolves once `end` has flushed it. */
  collect(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    return new Promise<Buffer>((resolve, reject) => {
      this.pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.pdf.on('end', () => resolve(Buffer.concat(chunks)));
      this.pdf.on('error', reject);
    });
  }

  /** Height of wrapped text; measurements are cached for the process (the metrics never change). */
  height(text: string, font: string, size: number, width: number): number {
    const key = `${font}|${size}|${width}|${text}`;
    const hit = heights.get(key);
    if (hit !== undefined) return hit;
    const h = this.pdf
      .font(font)
      .fontSize(size)
      .heightOfString(this.breakable(text, width), { width, lineGap: LINE_GAP });
    if (heights.size >= HEIGHT_CACHE_LIMIT) heights.clear();
    heights.set(key, h);
    return h;
  }

  /** Draws wrapped text in a box of `width` and returns its height. */
  write(
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
    if (align === 'center' || !this.oneLine(text, x, y, width, align)) {
      this.pdf.text(this.breakable(text, width), x, y, { width, align, lineGap: LINE_GAP });
    }
    return this.pdf.y - y;
  }

  /**
   * Draws `text` as the one line pdfkit's line wrapper would make of it, without the wrapper (a line
   * breaker over the text, a width per word, events per line: most of the cost of a short text), when
   * the text surely fits: the same `_fragment` call with the same options, the same advance of `y`, so
   * the same bytes (a test renders documents both ways and compares them). False, and nothing drawn,
   * when it might not fit or anything else could make the wrapper act: a break or a soft hyphen in the
   * text, the page's foot near, centred text (whose offset uses the wrapper's sum of word widths), or a
   * pdfkit without these internals.
   */
  private oneLine(text: string, x: number, y: number, width: number, align: Align): boolean {
    const pdf = this.pdf as unknown as PdfInternals;
    if (
      !oneLineShortcut ||
      text === '' ||
      UNWRAPPABLE.test(text) ||
      typeof pdf._fragment !== 'function' ||
      typeof pdf._initOptions !== 'function' ||
      pdf._textOptions ||
      pdf._wrapper ||
      typeof pdf._font?.encode !== 'function'
    ) {
      return false;
    }
    const lineHeight = pdf.currentLineHeight(true);
    if (y + 3 * (lineHeight + LINE_GAP) > pdf.page.maxY()) return false;
    // The wrapper measures word by word, so its sum differs from the whole string's width by the
    // kerning between words: the string's width plus every kerning it holds bounds that sum.
    const [, positions] = pdf._font.encode(text);
    let kerning = 0;
    for (const p of positions) kerning += Math.abs(p.xAdvance - p.advanceWidth);
    const measured = pdf.widthOfString(text);
    const options = pdf._initOptions(x, y, { width, align, lineGap: LINE_GAP });
    // The wrapper's line width: (width × horizontal scaling / 100 − column gaps) / columns.
    const lineWidth = (options.width * 100) / 100;
    if (measured + (kerning * pdf._fontSize) / 1000 + 1e-6 > lineWidth) return false;
    options.textWidth = measured;
    options.wordCount = text.trim() ? text.trim().split(/\s+/).length : 0;
    options.lineWidth = lineWidth;
    pdf._fragment(text, pdf.x, pdf.y, options);
    pdf.y += lineHeight + LINE_GAP;
    pdf.x = x;
    return true;
  }

  /** `text` with its too-wide words already broken, in the current font and size (see bounds.ts). */
  private breakable(text: string, width: number): string {
    const pdf = this.pdf;
    return breakLongWords(text, width, (s) => pdf.widthOfString(s));
  }

  /** One line, no wrapping (cheaper than `write`: no line wrapper). */
  line(text: string, x: number, y: number, width: number, font = FONT, size = 8, align: Align = 'left') {
    const pdf = this.pdf.font(font).fontSize(size).fillColor(INK);
    let at = x;
    if (align !== 'left') {
      const free = width - pdf.widthOfString(text);
      at = align === 'right' ? x + free : x + free / 2;
    }
    pdf.text(text, at, y, { lineBreak: false });
  }

  rule(x1: number, y: number, x2: number, color = RULE, width = 0.5) {
    this.pdf.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  /** Large text across the middle of the current page, rotated, translucent. */
  diagonal(text: string, color: string, opacity: number) {
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

  measurePieces(pieces: Piece[], width: number): number {
    let h = 0;
    for (const p of pieces) h += this.height(p.text, p.font, p.size, width) + (p.gapAfter ?? 1);
    return h;
  }

  drawPieces(pieces: Piece[], x: number, y: number, width: number): number {
    let at = y;
    for (const p of pieces)
      at += this.write(p.text, x, at, width, p.font, p.size, 'left', p.color) + (p.gapAfter ?? 1);
    return at - y;
  }

  /** Label in bold and value beside it; returns the height of the taller. */
  field(label: string, value: string, x: number, y: number, labelW: number, valueW: number): number {
    const a = this.write(label, x, y, labelW, BOLD, 8);
    const b = this.write(pdfText(value) || '-', x + labelW, y, valueW, FONT, 8);
    return Math.max(a, b) + 2;
  }

  newPage() {
    this.pdf.addPage();
    this.y = M;
  }

  /** A grey title band over a framed body the width of the page; `drawBody` returns the body's height. */
  titledBox(title: string, drawBody: (y: number) => number) {
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

  /**
   * A QR code drawn as vector squares (one path, one fill): sharp at any zoom and far cheaper than
   * encoding a PNG and having pdfkit decode and re-compress it. The squares are written in modules, on a
   * grid scaled and moved once: short whole numbers instead of six decimals each, the same drawing.
   */
  qrCode(qr: QRCode.QRCode, x: number, y: number, size: number) {
    const { size: n, data } = qr.modules;
    const quiet = 2;
    const cell = size / (n + 2 * quiet);
    const pdf = this.pdf;
    pdf.rect(x, y, size, size).fill('#ffffff');
    pdf.save();
    pdf.transform(cell, 0, 0, cell, x + quiet * cell, y + quiet * cell);
    for (let r = 0; r < n; r++) {
      let c = 0;
      while (c < n) {
        if (!data[r * n + c]) {
          c++;
          continue;
        }
        const start = c;
        while (c < n && data[r * n + c]) c++;
        pdf.rect(start, r, c - start, 1);
      }
    }
    pdf.fill(INK);
    pdf.restore();
    // What follows is drawn in ink, as before the grid's own graphics state was closed.
    pdf.fillColor(INK);
  }
}
