import {
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
}

/** §4.4: return quantities are integers; a new price is an amount. */
const parsed = (tipo: NoteType, value: string) => {
  const text = value.trim().replace(',', '.');
  if (!text) return null;
  if (tipo === 'Credito') return /^\d+$/.test(text) ? dec(text) : null;
  return /^\d+(\.\d{1,2})?$/.test(text) ? dec(text) : null;
};

export function draftNote(tipo: NoteType, refs: InvoiceLineRef[], marks: Marks): NoteDraft {
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
    if (tipo === 'Credito' && value.gt(ref.cantidad)) {
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
  return { marked, priced: marked.length > 0 ? priceNote(marked.map((m) => m.line)) : null, problems };
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
