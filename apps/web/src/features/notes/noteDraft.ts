import {
  creditLimitProblem,
  creditLine,
  type DocumentTotals,
  debitLine,
  dec,
  type InvoiceLineRef,
  NOTE_MESSAGES,
  type NoteLine,
  NoteRuleError,
  type NoteType,
  type PricedNote,
  priceNote,
  returnProblem,
} from '@sigece/fiscal';
import type { InvoiceDetail } from '../invoices/api.ts';
import type { Figures } from './noteView.tsx';

/**
 * The new-note screen's arithmetic (spec 001 §4.4 "Note totals", §5.5), with the functions of
 * packages/fiscal the server prices the same note with (creditLine, debitLine, priceNote).
 */

/** The invoice's lines as the note rules read them (position = order of the invoice's lines). */
export const invoiceLineRefs = (invoice: InvoiceDetail): InvoiceLineRef[] =>
  invoice.lstDetallesFacturaGeneral.map((l, i) => ({
    posicion: i + 1,
    codigoProducto: l.codigoProducto,
    descripcion: l.descripcion,
    unidadMedida: l.unidadMedida,
    cantidad: l.cantidad,
    precio: l.precio,
    descuento: l.descuento,
    montoDescuento: l.montoDescuento,
    alicuota: l.alicuotaGravamen,
    exento: l.exento,
    exonerado: l.exonerado,
  }));

/** What the user typed per invoice line (by position): a return quantity or a new price. */
export type Marks = Record<number, string>;

export interface NoteDraft {
  /** The marked lines, priced. */
  marked: Array<{ posicion: number; value: string; line: NoteLine }>;
  priced: PricedNote | null;
  /** The message of each line whose value breaks a rule, by position. */
  problems: Record<number, string>;
  /** A rule of the whole note (a product on several lines, the credited total), or null. */
  overall: string | null;
}

/** What earlier active credit notes took of the invoice (GET saldoFactura). */
export interface Taken {
  devuelto: Record<string, string>;
  acreditado: string;
}

export const NOTHING_TAKEN: Taken = { devuelto: {}, acreditado: '0' };

/** §5.5: what is left to return of an invoice line. */
export const leftOf = (ref: InvoiceLineRef, taken: Taken) =>
  dec(ref.cantidad).minus(taken.devuelto[ref.codigoProducto] ?? 0);

/** §4.4: return quantities are integers; a new price is an amount. */
const parsed = (tipo: NoteType, value: string) => {
  const text = value.trim().replace(',', '.');
  if (!text) return null;
  if (tipo === 'Credito') return /^\d+$/.test(text) ? dec(text) : null;
  return /^\d+(\.\d{1,2})?$/.test(text) ? dec(text) : null;
};

export function draftNote(
  tipo: NoteType,
  refs: InvoiceLineRef[],
  marks: Marks,
  taken: Taken = NOTHING_TAKEN,
  invoiceTotal = '0',
): NoteDraft {
  const marked: NoteDraft['marked'] = [];
  const problems: Record<number, string> = {};
  for (const ref of refs) {
    const raw = marks[ref.posicion] ?? '';
    if (!raw.trim()) continue;
    const value = parsed(tipo, raw);
    if (!value || value.lte(0)) {
      problems[ref.posicion] = 'invalid';
      continue;
    }
    if (tipo === 'Credito' && value.gt(leftOf(ref, taken))) {
      problems[ref.posicion] = NOTE_MESSAGES.quantityAboveInvoice;
      continue;
    }
    try {
      const line = tipo === 'Credito' ? creditLine(ref, value) : debitLine(ref, value);
      marked.push({ posicion: ref.posicion, value: value.toString(), line });
    } catch (error) {
      if (!(error instanceof NoteRuleError)) throw error;
      problems[ref.posicion] = error.message;
    }
  }
  const priced = marked.length > 0 ? priceNote(marked.map((m) => m.line)) : null;
  const overall =
    tipo === 'Credito' && priced
      ? (returnProblem(
          refs,
          marked.map((m) => m.line),
          { returned: new Map(Object.entries(taken.devuelto)) },
        ) ?? creditLimitProblem(invoiceTotal, priced.totals.importeTotal, { credited: taken.acreditado }))
      : null;
  return { marked, priced, problems, overall };
}

/** A priced note's totals as the totals card reads them. */
export const figuresOf = (t: DocumentTotals): Figures => ({ ...t, lstGravamenes: t.gravamenes });

export const ZERO_FIGURES: Figures = {
  subTotal: '0',
  totalExento: '0',
  totalExonerado: '0',
  montoDescuento: '0',
  importeTotal: '0',
  lstGravamenes: [],
};
