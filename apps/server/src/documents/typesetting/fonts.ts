/**
 * pdfkit builds the metrics of a standard font (widths and a kerning table of a few thousand string
 * keys) again for every document, and measures and encodes every word glyph by glyph with kerning
 * lookups: together most of the time of a one-page invoice. The metrics never change, so the first
 * document's are kept and lent to the font objects of the next ones (otherwise made as pdfkit makes
 * them: own id, own dictionary), with the width and the encoding of each string remembered. Should a
 * pdfkit release change these internals, `primeFonts` steps aside and pdfkit loads its fonts as usual.
 */

type Pdf = PDFKit.PDFDocument;

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

export function primeFonts(pdf: Pdf, names: string[]) {
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
