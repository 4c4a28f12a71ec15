/**
 * What a printed document may hold: every text field is cut to a maximum (with "…") before layout, and
 * words wider than their box are broken beforehand. pdfkit breaks such a word itself one character at a
 * time, measuring the rest of the word again for every line: time quadratic in its length (64,000
 * characters took 9 s, 1 MB minutes), so whatever the stored data holds, layout stays linear and short.
 */
import type { DocumentTotals, FiscalDocument } from './model.ts';

/** Maximum characters printed of each text field; the rest is replaced by "…". */
export const PRINT_LIMITS = {
  /** Names of the issuer, the customer and the imprenta. */
  name: 200,
  /** RIF, identity documents, document and control numbers, series, range bounds. */
  identifier: 40,
  /** Fiscal and service addresses. */
  address: 500,
  phone: 60,
  email: 120,
  /** The document's title ("FACTURA"), the watermark, units, currencies, tax names, payment modes. */
  short: 60,
  /** Product code and lot. */
  code: 60,
  /** A line's description. */
  description: 1_000,
  /** The value of an extra datum (unknown fields, purchase order, third party) and its label. */
  extraValue: 500,
  extraLabel: 60,
  /** Observations, all lines together. */
  observation: 2_000,
  /** Contract number, billing period, providencia, dates given as text. */
  misc: 100,
  /** The verification address printed under the QR (the QR itself encodes the full address). */
  url: 300,
} as const;

/** How many extra data are printed; the rest are summarised in one last entry. */
export const MAX_EXTRAS = 20;
/** How many sections, fields per section, notes per line and charges are printed. */
export const MAX_SECTIONS = 5;
export const MAX_SECTION_FIELDS = 24;
export const MAX_LINE_NOTES = 5;
export const MAX_CHARGES = 20;

const ELLIPSIS = '…';

/** `text` cut to `max` characters, the last one an ellipsis when anything was cut. */
export function cut(text: string, max: number): string;
export function cut(text: string | undefined, max: number): string | undefined;
export function cut(text: string | undefined, max: number): string | undefined {
  if (text === undefined || text === null) return text;
  const value = String(text);
  if (value.length <= max) return value;
  // Never leave half of a surrogate pair before the ellipsis.
  let end = max - 1;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return value.slice(0, end) + ELLIPSIS;
}

const cutDate = (value: Date | string, max: number): Date | string =>
  value instanceof Date ? value : cut(value, max);

/** A copy of `doc` whose every printed text field is within PRINT_LIMITS. */
export function boundDocument(doc: FiscalDocument): FiscalDocument {
  const L = PRINT_LIMITS;
  const extras = doc.extras ?? [];
  const keptExtras = extras.slice(0, MAX_EXTRAS).map((e) => ({
    label: cut(e.label, L.extraLabel),
    value: cut(e.value, L.extraValue),
  }));
  if (extras.length > MAX_EXTRAS)
    keptExtras[MAX_EXTRAS - 1] = { label: 'Otros datos', value: `${extras.length - MAX_EXTRAS + 1} más` };
  return {
    ...doc,
    title: cut(doc.title, L.short),
    numero: cut(doc.numero, L.identifier),
    serie: cut(doc.serie, L.identifier),
    nroControl: cut(doc.nroControl, L.identifier),
    issuer: {
      ...doc.issuer,
      nombre: cut(doc.issuer.nombre, L.name),
      rif: cut(doc.issuer.rif, L.identifier),
      direccion: cut(doc.issuer.direccion, L.address),
      telefono: cut(doc.issuer.telefono, L.phone),
      correo: cut(doc.issuer.correo, L.email),
    },
    customer: {
      nombre: cut(doc.customer.nombre, L.name),
      rif: cut(doc.customer.rif, L.identifier),
      direccion: cut(doc.customer.direccion, L.address),
      telefono: cut(doc.customer.telefono, L.phone),
      correo: cut(doc.customer.correo, L.email),
    },
    lines: doc.lines.map((line) => ({
      ...line,
      codigo: cut(line.codigo, L.code),
      descripcion: cut(line.descripcion, L.description),
      unidad: cut(line.unidad, L.short),
      lote: cut(line.lote, L.code),
      vencimiento: line.vencimiento === undefined ? undefined : cutDate(line.vencimiento, L.misc),
      notes: line.notes?.slice(0, MAX_LINE_NOTES).map((n) => cut(n, L.extraValue)),
    })),
    totals: boundTotals(doc.totals),
    amountsInBs: doc.amountsInBs && boundTotals(doc.amountsInBs),
    payments: doc.payments?.map((p) => ({
      ...p,
      modo: cut(p.modo, L.short),
      divisa: cut(p.divisa, L.short),
    })),
    observacion: cut(doc.observacion, L.observation),
    service: doc.service && {
      nroContrato: cut(doc.service.nroContrato, L.misc),
      pagueAntes: cutDate(doc.service.pagueAntes, L.misc),
      periodoFacturacion: cut(doc.service.periodoFacturacion, L.misc),
      direccionServicio: cut(doc.service.direccionServicio, L.address),
    },
    extras: doc.extras && keptExtras,
    sections: doc.sections?.slice(0, MAX_SECTIONS).map((section) => ({
      title: cut(section.title, L.short),
      fields: section.fields.slice(0, MAX_SECTION_FIELDS).map((f) => ({
        label: cut(f.label, L.extraLabel),
        value: cut(f.value, L.extraValue),
      })),
    })),
    watermark: cut(doc.watermark, L.short),
    printer: {
      ...doc.printer,
      nombre: cut(doc.printer.nombre, L.name),
      rif: cut(doc.printer.rif, L.identifier),
      providencia: cut(doc.printer.providencia, L.misc),
      fechaProvidencia: cutDate(doc.printer.fechaProvidencia, L.misc),
      fechaAsignacion: cutDate(doc.printer.fechaAsignacion, L.misc),
      controlRange: {
        desde: cut(doc.printer.controlRange.desde, L.identifier),
        hasta: cut(doc.printer.controlRange.hasta, L.identifier),
      },
    },
  };
}

function boundTotals(totals: DocumentTotals): DocumentTotals {
  return {
    ...totals,
    taxes: totals.taxes.map((t) => ({ ...t, nombre: cut(t.nombre, PRINT_LIMITS.short) })),
    charges: totals.charges
      ?.slice(0, MAX_CHARGES)
      .map((c) => ({ ...c, label: cut(c.label, PRINT_LIMITS.extraLabel) })),
  };
}

/**
 * `text` with every word wider than `width` split into pieces that fit, one per line (a newline
 * between them), measured character by character with `widthOf` (cached per character by the caller's
 * font): linear in the length. Words that fit are left alone, so ordinary text wraps as before.
 */
export function breakLongWords(text: string, width: number, widthOf: (s: string) => number): string {
  if (!/\S{8,}/.test(text)) return text;
  return text.replace(/\S{8,}/g, (word) => {
    if (widthOf(word) <= width) return word;
    const pieces: string[] = [];
    let start = 0;
    let used = 0;
    for (let i = 0; i < word.length; i++) {
      const w = widthOf(word[i]);
      if (used + w > width && i > start) {
        pieces.push(word.slice(start, i));
        start = i;
        used = 0;
      }
      used += w;
    }
    pieces.push(word.slice(start));
    return pieces.join('\n');
  });
}
