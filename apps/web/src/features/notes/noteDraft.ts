import {
  type AddNoteInput,
  caracasDate,
  creditLimitProblem,
  creditLine,
  type DocumentTotals,
  debitLine,
  dec,
  type InvoiceLineRef,
  money,
  NOTE_MESSAGES,
  type NoteCategoryCode,
  type NoteLine,
  NoteRuleError,
  type NoteType,
  type PricedNote,
  priceNote,
  returnProblem,
} from '@sigece/fiscal';
import type { InvoiceDetail } from '../invoices/api.ts';
import { invoiceNumber } from '../invoices/invoiceNumber.ts';
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

/** The note data card's fields (spec 001 §2.3). */
export interface NoteHead {
  tipo: NoteType | '';
  categoria: NoteCategoryCode | '';
  concepto: string;
  /** yyyy-MM-dd, today in Caracas by default. */
  fecha: string;
  serie: string;
  nroNota: string;
}

export const emptyHead = (): NoteHead => ({
  tipo: '',
  categoria: '',
  concepto: '',
  fecha: caracasDate(),
  serie: '',
  nroNota: '',
});

/** §4.4: the invoice's figures with the note's added (debit) or taken away (credit), to 2 decimals. */
export function atIssue(invoice: Figures, note: Figures, tipo: NoteType): Figures {
  const op = (a: string, b: string) => money(tipo === 'Debito' ? dec(a).plus(b) : dec(a).minus(b));
  const rates = new Set(
    [...invoice.lstGravamenes, ...note.lstGravamenes].map((g) => dec(g.alicuota).toFixed(2)),
  );
  const tax = (list: Figures['lstGravamenes'], rate: string) =>
    list.find((g) => dec(g.alicuota).toFixed(2) === rate)?.montoAlicuota ?? '0';
  return {
    subTotal: op(invoice.subTotal, note.subTotal),
    totalExento: op(invoice.totalExento, note.totalExento),
    totalExonerado: op(invoice.totalExonerado, note.totalExonerado),
    montoDescuento: op(invoice.montoDescuento, note.montoDescuento),
    importeTotal: op(invoice.importeTotal, note.importeTotal),
    lstGravamenes: [...rates].map((rate) => ({
      alicuota: rate,
      montoAlicuota: op(tax(invoice.lstGravamenes, rate), tax(note.lstGravamenes, rate)),
    })),
  };
}

/** POST addnota's body (spec 001 §7.2): the marked lines by position, with the totals shown. */
export function notePayload(invoice: InvoiceDetail, head: NoteHead, draft: NoteDraft): AddNoteInput {
  if (!head.tipo || !head.categoria) throw new Error('tipo and categoria first');
  const tipo = head.tipo;
  const totals = draft.priced?.totals;
  return {
    id_factura: invoice.id,
    id_localidad: invoice.id_localidad,
    id_sucursal: invoice.id_sucursal ?? undefined,
    nroFactura: invoiceNumber(invoice),
    nroNota: head.nroNota.trim(),
    serie: head.serie.trim() || undefined,
    tipo,
    categoria: head.categoria,
    concepto: head.concepto.trim() || undefined,
    fechaEmision: head.fecha || undefined,
    facturaDivisa: invoice.facturaDivisa,
    tasaCambio: invoice.cambioDivisa ?? undefined,
    subTotal: totals?.subTotal,
    totalExento: totals?.totalExento,
    totalExonerado: totals?.totalExonerado,
    montoDescuento: totals?.montoDescuento,
    importeTotal: totals?.importeTotal,
    lstDetallesNota: draft.marked.map((m) => ({
      posicion: m.posicion,
      codigoProducto: m.line.codigoProducto,
      isDevolucion: true,
      ...(tipo === 'Credito' ? { cantidadDevolucion: m.value } : { precioDevolucion: m.value }),
    })),
    lstGravamenes: totals?.gravamenes.map((g) => ({ ...g })),
  };
}
