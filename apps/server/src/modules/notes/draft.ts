import {
  amountMismatches,
  creditLimitProblem,
  dec,
  invoiceProblem,
  mismatchMessage,
  NOTE_MESSAGES,
  type NoteCategoryCode,
  type NoteLine,
  NoteRuleError,
  type NoteType,
  type PricedNote,
  priceNote,
  returnProblem,
  type SentAmounts,
} from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type AffectedInvoice, holdAffectedInvoice } from '../invoices/affected.ts';
import type { IssuerRef } from '../issuance/family.ts';
import { creditHistory, insertNote, type NoteRow } from './queries.ts';

/**
 * A note on its way in, from the integration API (family.ts) or the screen (service.ts): checked against
 * its invoice, priced by the invoice totals functions, and stored under a lock on the invoice.
 */

/** A note checked against its invoice and priced, ready to store. */
export interface NoteDraft extends IssuerRef {
  invoice: AffectedInvoice;
  tipo: NoteType;
  categoria: NoteCategoryCode;
  concepto: string;
  descripcion: string | null;
  serieNota: string;
  nroNota: string;
  lines: NoteLine[];
  /** The quantity each line's source had (the invoice line's, or what the connector sent). */
  cantidades: string[];
  priced: PricedNote;
  extras: Record<string, unknown>;
}

/** Throws the rule's message as the error the caller's context expects. */
const check = (problem: string | null) => {
  if (problem) throw new NoteRuleError(problem);
};

/**
 * The rules that depend on the invoice and on earlier credit notes (spec 001 §5.5): an active,
 * generated invoice of the same company; for a credit note, quantities within what is left of each
 * product and a total within what is left of the invoice.
 */
export function checkAgainstInvoice(
  draft: Pick<NoteDraft, 'invoice' | 'localidadId' | 'tipo' | 'lines' | 'priced'>,
  history: Awaited<ReturnType<typeof creditHistory>>,
  invoiceState = draft.invoice,
): void {
  check(invoiceProblem({ ...invoiceState, localidadId: draft.invoice.localidadId }, draft.localidadId));
  if (draft.tipo !== 'Credito') return;
  check(
    returnProblem(
      draft.invoice.lines,
      draft.lines.map((l) => ({ codigoProducto: l.codigoProducto, cantidad: l.cantidad })),
      history,
    ),
  );
  check(creditLimitProblem(draft.invoice.importeTotal, draft.priced.totals.importeTotal, history));
}

/** Prices lines and compares what was sent (±0.01, naming the field and both values). */
export function priceChecked(lines: NoteLine[], sent: SentAmounts): PricedNote {
  const priced = priceNote(lines);
  const mismatches = amountMismatches(sent, priced, 'lstDetallesNota');
  if (mismatches.length > 0) throw new NoteRuleError(mismatchMessage(mismatches));
  return priced;
}

/**
 * Stores a draft inside the caller's transaction (or savepoint). Notes of one invoice are serialised
 * and the invoice is held against annulment until the commit; the invoice's state and the earlier
 * credit notes are read again under that lock, so two notes racing on one invoice cannot together
 * return more than it had.
 */
export async function storeDraft(
  tx: DbOrTx,
  draft: NoteDraft,
  context: { origin: string; createdBy: string; sandbox?: boolean },
): Promise<NoteRow> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`nota-factura:${draft.invoice.id}`}, 0))`,
  );
  const state = await holdAffectedInvoice(tx, draft.invoice.id);
  if (!state) throw new NoteRuleError(NOTE_MESSAGES.invoiceNotUsable);
  const history = await creditHistory(tx, draft.invoice.id);
  checkAgainstInvoice(draft, history, { ...draft.invoice, ...state });
  const { invoice, priced } = draft;
  const t = priced.totals;
  return insertNote(
    tx,
    {
      localidadId: draft.localidadId,
      sucursalId: draft.sucursalId,
      facturaId: invoice.id,
      nroFactura: invoice.label,
      nroControlFactura: invoice.nroControl,
      fechaFactura: invoice.fechaEmision,
      tipo: draft.tipo,
      categoria: draft.categoria,
      concepto: draft.concepto,
      descripcion: draft.descripcion,
      serieNota: draft.serieNota,
      nroNota: draft.nroNota,
      moneda: invoice.moneda,
      tasaCambio: invoice.moneda === 'VEF' ? null : invoice.tasaCambio,
      subTotal: t.subTotal,
      totalExento: t.totalExento,
      totalExonerado: t.totalExonerado,
      montoDescuento: t.montoDescuento,
      totalIva: t.totalIva,
      importeTotal: t.importeTotal,
      cliente: invoice.cliente,
      extras: draft.extras,
      origen: context.origin,
      createdBy: context.createdBy,
      sandbox: context.sandbox === true,
    },
    draft.lines.map((l, i) => ({
      posicion: i + 1,
      codigoProducto: l.codigoProducto,
      descripcion: l.descripcion,
      unidadMedida: l.unidadMedida.toUpperCase(),
      cantidad: draft.cantidades[i],
      cantidadDevolucion: dec(l.cantidad).toString(),
      precio: dec(l.precio).toString(),
      precioOriginal: l.precioOriginal ?? null,
      precioDevolucion: l.precioDevolucion ?? null,
      descuento: dec(l.descuentoPorcentaje ?? 0).toString(),
      montoDescuento: priced.lines[i].descuento,
      importe: priced.lines[i].importe,
      alicuota: priced.lines[i].alicuota,
      montoGravamen: priced.lines[i].impuesto,
      exento: priced.lines[i].exento,
      exonerado: priced.lines[i].exonerado,
    })),
    t.gravamenes,
  );
}
