import { fitsDecimal, tooLargeMessage } from '../bounds.ts';
import {
  compareAmounts,
  type DocumentTotals,
  documentTotals,
  type LineInput,
  type LineTotals,
  lineTotals,
  type TotalsMismatch,
} from '../invoices/totals.ts';
import { type Decimal, type DecimalInput, dec, money, round2, sum } from '../money.ts';
import type { NoteCategoryCode, NoteType } from './schemas.ts';

/**
 * The rules of credit and debit notes (spec 001 §3.8, §4.3, §4.4 "Note totals", §5.5, §9). A note refers
 * to an invoice; its lines are priced, discounted and taxed by the invoice totals functions
 * (invoices/totals.ts), never by rules of their own.
 */

/** The spec's messages, spelled as users know them (typos included: §5.5, §8.3). */
export const NOTE_MESSAGES = {
  invoiceNotUsable: 'La factura seleccionada esta ANULADA ó NO GENERADA',
  quantityAboveInvoice: 'La cantidad no puede ser mayor a la cantidad de la factura',
  noLines: 'No hay productos selecionados paara la nota',
  created: 'Nota registrada con exito',
  annulled: 'Nota Anula con exito',
  deleted: 'Nota Eliminada con exito',
  generated: 'Nota Generada con exito',
  searched: 'Busqueda Ejecutada',
  bulkDone: 'Notas Cargadas y Procesadas',
} as const;

/** §9: credit 0 partial return, 1 total return, 2 error in the data; debit 0 interest, 1 price increase, 2 currency. */
export const NOTE_CATEGORIES: Record<NoteType, Record<NoteCategoryCode, string>> = {
  Credito: {
    '0': 'Reverso por devolución parcial',
    '1': 'Reverso por devolución total',
    '2': 'Corrección por error en los datos',
  },
  Debito: {
    '0': 'Intereses de mora',
    '1': 'Aumento de precio durante la negociación',
    '2': 'Venta facturada en moneda extranjera con su equivalente en bolívares',
  },
};

/** The printed title of a note. */
export const noteTitle = (tipo: NoteType) => (tipo === 'Credito' ? 'NOTA DE CRÉDITO' : 'NOTA DE DÉBITO');

/** §4.3: choosing a category copies its label into the concept; a concept sent wins. */
export const conceptOf = (tipo: NoteType, categoria: NoteCategoryCode, concepto?: string | null) =>
  concepto?.trim() || NOTE_CATEGORIES[tipo][categoria];

/** A note's wrong input: its message is the one the user or connector reads. */
export class NoteRuleError extends Error {}

// --- The affected invoice -----------------------------------------------------------------------------

export interface NoteInvoiceState {
  localidadId: string;
  /** ACTIVO or INACTIVO. */
  status: string;
  /** Its signed PDF exists (facturaGenerada 'true'). */
  generated: boolean;
}

/**
 * §4.1 and §5.5: a note needs an active, generated invoice of the company that issues the note.
 * Returns the message, or null when the invoice can carry a note.
 */
export function invoiceProblem(invoice: NoteInvoiceState, localidadId: string): string | null {
  if (invoice.localidadId !== localidadId) return 'La factura no pertenece a la razón social de la nota';
  if (invoice.status !== 'ACTIVO' || !invoice.generated) return NOTE_MESSAGES.invoiceNotUsable;
  return null;
}

/** One line of the affected invoice, as stored. */
export interface InvoiceLineRef {
  posicion: number;
  codigoProducto: string;
  descripcion: string;
  unidadMedida: string;
  cantidad: DecimalInput;
  precio: DecimalInput;
  /** Discount percent. */
  descuento: DecimalInput;
  /** Discount amount of the whole line. */
  montoDescuento: DecimalInput;
  alicuota: DecimalInput;
  exento: boolean;
  exonerado: boolean;
}

// --- Lines ---------------------------------------------------------------------------------------------

/** A priced note line: what the invoice totals functions need, plus where it comes from. */
export interface NoteLine extends LineInput {
  codigoProducto: string;
  descripcion: string;
  unidadMedida: string;
  /** The invoice's unit price, when the line refers to an invoice line. */
  precioOriginal?: string;
  /** The new price typed on a debit line. */
  precioDevolucion?: string;
}

/**
 * Credit (§4.3 "return quantity"): the returned part of an invoice line at the invoice's price, with the
 * invoice's percent discount, or its share of a fixed discount, and the invoice line's tax.
 */
export function creditLine(invoiceLine: InvoiceLineRef, cantidadDevolucion: DecimalInput): NoteLine {
  const pct = dec(invoiceLine.descuento);
  const share = dec(invoiceLine.cantidad).isZero()
    ? dec(0)
    : round2(dec(invoiceLine.montoDescuento).times(cantidadDevolucion).div(invoiceLine.cantidad));
  return {
    codigoProducto: invoiceLine.codigoProducto,
    descripcion: invoiceLine.descripcion,
    unidadMedida: invoiceLine.unidadMedida,
    cantidad: dec(cantidadDevolucion).toString(),
    precio: dec(invoiceLine.precio).toString(),
    descuentoPorcentaje: pct.gt(0) ? pct.toString() : null,
    descuentoMonto: pct.gt(0) ? null : share.toString(),
    alicuota: dec(invoiceLine.alicuota).toString(),
    exento: invoiceLine.exento,
    exonerado: invoiceLine.exonerado,
    precioOriginal: dec(invoiceLine.precio).toString(),
  };
}

/**
 * Debit (§5.5 "Debit lines take a new price"): the line is debited the difference between the new price
 * and the invoice's, on the invoice line's quantity (or a smaller one), with the invoice line's tax.
 */
export function debitLine(
  invoiceLine: InvoiceLineRef,
  precioNuevo: DecimalInput,
  cantidad?: DecimalInput | null,
): NoteLine {
  const diferencia = dec(precioNuevo).minus(invoiceLine.precio);
  if (diferencia.lte(0))
    throw new NoteRuleError(
      `El nuevo precio de ${invoiceLine.codigoProducto} (${money(precioNuevo)}) debe ser mayor al de la factura (${money(invoiceLine.precio)})`,
    );
  const qty =
    cantidad !== undefined && cantidad !== null && dec(cantidad).gt(0) ? cantidad : invoiceLine.cantidad;
  if (dec(qty).gt(invoiceLine.cantidad)) throw new NoteRuleError(NOTE_MESSAGES.quantityAboveInvoice);
  return {
    codigoProducto: invoiceLine.codigoProducto,
    descripcion: invoiceLine.descripcion,
    unidadMedida: invoiceLine.unidadMedida,
    cantidad: dec(qty).toString(),
    precio: diferencia.toString(),
    alicuota: dec(invoiceLine.alicuota).toString(),
    exento: invoiceLine.exento,
    exonerado: invoiceLine.exonerado,
    precioOriginal: dec(invoiceLine.precio).toString(),
    precioDevolucion: dec(precioNuevo).toString(),
  };
}

// --- Credit limits -------------------------------------------------------------------------------------

/** What earlier ACTIVE credit notes of the invoice already returned (by product code) and credited. */
export interface CreditHistory {
  returned: ReadonlyMap<string, DecimalInput>;
  credited: DecimalInput;
}

/** Quantities of an invoice's lines by product code (a product may appear on several lines). */
export function quantitiesByProduct(
  lines: ReadonlyArray<{ codigoProducto: string; cantidad: DecimalInput }>,
) {
  const byCode = new Map<string, Decimal>();
  for (const l of lines)
    byCode.set(l.codigoProducto, (byCode.get(l.codigoProducto) ?? dec(0)).plus(l.cantidad));
  return byCode;
}

/**
 * §5.5: each returned quantity is at most the invoice line's quantity less what earlier active credit
 * notes returned; a product the invoice does not have cannot be returned. Returns the message or null.
 */
export function returnProblem(
  invoiceLines: ReadonlyArray<{ codigoProducto: string; cantidad: DecimalInput }>,
  noteLines: ReadonlyArray<{ codigoProducto: string; cantidad: DecimalInput }>,
  history: Pick<CreditHistory, 'returned'>,
): string | null {
  const invoiced = quantitiesByProduct(invoiceLines);
  for (const [codigo, wanted] of quantitiesByProduct(noteLines)) {
    const total = invoiced.get(codigo);
    if (!total) return `El producto ${codigo} no está en la factura`;
    const left = total.minus(history.returned.get(codigo) ?? 0);
    if (wanted.gt(left))
      return `${NOTE_MESSAGES.quantityAboveInvoice} (${codigo}: ${wanted.toString()} de ${left.toString()} disponibles)`;
  }
  return null;
}

/** The credited total never above what is left of the invoice (its total less earlier active credits). */
export function creditLimitProblem(
  invoiceTotal: DecimalInput,
  noteTotal: DecimalInput,
  history: Pick<CreditHistory, 'credited'>,
): string | null {
  const left = dec(invoiceTotal).minus(history.credited);
  return dec(noteTotal).gt(left)
    ? `El total de la nota (${money(noteTotal)}) supera el saldo de la factura (${money(left)})`
    : null;
}

// --- Totals --------------------------------------------------------------------------------------------

export interface PricedNote {
  lines: LineTotals[];
  totals: DocumentTotals;
}

/** §4.4 "Note totals": the invoice's line and document rules, applied to the note's lines. */
export function priceNote(lines: ReadonlyArray<LineInput>): PricedNote {
  if (lines.length === 0) throw new NoteRuleError(NOTE_MESSAGES.noLines);
  const priced = lines.map((l) => lineTotals(l));
  priced.forEach((l, i) => {
    if (dec(l.importe).lt(0))
      throw new NoteRuleError(`Línea ${i + 1}: el descuento supera el monto de la línea`);
    // Each input fits its column (schemas); what is computed from them must fit too.
    for (const name of ['importe', 'impuesto', 'descuento'] as const)
      if (!fitsDecimal(l[name], 'amount'))
        throw new NoteRuleError(tooLargeMessage(`lstDetallesNota[${i}].${name}`));
  });
  const totals = documentTotals(priced);
  for (const name of ['subTotal', 'totalIva', 'importeTotal', 'montoDescuento'] as const)
    if (!fitsDecimal(totals[name], 'amount')) throw new NoteRuleError(tooLargeMessage(name));
  return { lines: priced, totals };
}

/** What a sender says a document's amounts are; a missing amount is not compared. */
export interface SentAmounts {
  subTotal?: DecimalInput | null;
  totalExento?: DecimalInput | null;
  totalExonerado?: DecimalInput | null;
  montoDescuento?: DecimalInput | null;
  importeTotal?: DecimalInput | null;
  /** Each line's amounts; `index` is its position in what was sent when some lines were left out. */
  lines?: ReadonlyArray<{
    importe?: DecimalInput | null;
    montoGravamen?: DecimalInput | null;
    index?: number;
  }>;
  lstGravamenes?: ReadonlyArray<{
    alicuota: DecimalInput;
    baseImponible: DecimalInput;
    montoAlicuota: DecimalInput;
  }>;
}

/**
 * The connector's amounts against the computed ones, within 0.01 (contract "General rules"): each line's
 * importe and tax, each tax rate's base and amount (a rate no line has must be zero), then the totals.
 */
export function amountMismatches(
  sent: SentAmounts,
  computed: PricedNote,
  linesField: string,
): TotalsMismatch[] {
  const lineMismatches = (sent.lines ?? []).flatMap((l, i) =>
    compareAmounts([
      { field: `${linesField}[${i}].importe`, sent: l.importe, expected: computed.lines[i].importe },
      {
        field: `${linesField}[${i}].montoGravamen`,
        sent: l.montoGravamen,
        expected: computed.lines[i].impuesto,
      },
    ]),
  );
  const taxes = computed.totals.gravamenes;
  const sentTaxes = new Map((sent.lstGravamenes ?? []).map((g) => [dec(g.alicuota).toFixed(2), g]));
  const taxMismatches = sent.lstGravamenes
    ? [
        ...taxes.flatMap((g) =>
          compareAmounts([
            {
              field: `lstGravamenes[${Number(g.alicuota)}].baseImponible`,
              sent: sentTaxes.get(g.alicuota)?.baseImponible ?? '0',
              expected: g.baseImponible,
            },
            {
              field: `lstGravamenes[${Number(g.alicuota)}].montoAlicuota`,
              sent: sentTaxes.get(g.alicuota)?.montoAlicuota ?? '0',
              expected: g.montoAlicuota,
            },
          ]),
        ),
        ...[...sentTaxes.entries()]
          .filter(([rate, g]) => !taxes.some((t) => t.alicuota === rate) && !dec(g.montoAlicuota).isZero())
          .map(([rate, g]) => ({
            field: `lstGravamenes[${Number(rate)}].montoAlicuota`,
            sent: money(g.montoAlicuota),
            expected: '0.00',
          })),
      ]
    : [];
  const t = computed.totals;
  const totalMismatches = compareAmounts([
    { field: 'subTotal', sent: sent.subTotal, expected: t.subTotal },
    { field: 'totalExento', sent: sent.totalExento, expected: t.totalExento },
    { field: 'totalExonerado', sent: sent.totalExonerado, expected: t.totalExonerado },
    { field: 'montoDescuento', sent: sent.montoDescuento, expected: t.montoDescuento },
    { field: 'importeTotal', sent: sent.importeTotal, expected: t.importeTotal },
  ]);
  return [...lineMismatches, ...taxMismatches, ...totalMismatches];
}

// --- Foreign currency ----------------------------------------------------------------------------------

/** §4.4: a foreign-currency note shows every total also in Bs., at the invoice's rate. */
export function totalsInBs(totals: DocumentTotals, rate: DecimalInput): DocumentTotals {
  const bs = (v: DecimalInput) => money(dec(v).times(rate));
  return {
    subTotal: bs(totals.subTotal),
    totalExento: bs(totals.totalExento),
    totalExonerado: bs(totals.totalExonerado),
    montoDescuento: bs(totals.montoDescuento),
    gravamenes: totals.gravamenes.map((g) => ({
      alicuota: g.alicuota,
      baseImponible: bs(g.baseImponible),
      montoAlicuota: bs(g.montoAlicuota),
    })),
    totalIva: bs(totals.totalIva),
    importeTotal: bs(totals.importeTotal),
  };
}

/** Sum of the amounts of several documents, e.g. what earlier credit notes credited. */
export const totalOf = (amounts: Iterable<DecimalInput>) => money(sum(amounts));
