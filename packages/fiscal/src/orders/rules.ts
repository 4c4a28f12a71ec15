import { fitsDecimal, tooLargeMessage } from '../bounds.ts';
import {
  compareAmounts,
  type DocumentTotals,
  documentTotals,
  type LineTotals,
  lineTotals,
  mismatchMessage,
} from '../invoices/totals.ts';
import { dec } from '../money.ts';
import type { OrderInput, OrderKind } from './schemas.ts';

/**
 * The rules of delivery orders and dispatch guides (spec 001 §3.9, §4.5, §5.6, §8.4).
 *
 * IncluirMontos (§3.9 states two readings that contradict each other; one had to be chosen):
 * WITH amounts, the lines, totals and taxes are validated exactly like an invoice's (§4.4, the same
 * functions, the same ±0.01 comparison with what was sent) and stored and printed; WITHOUT amounts, only
 * code, description, quantity and unit of each line are kept and printed, and any amount sent is ignored.
 */

export class OrderRuleError extends Error {
  override name = 'OrderRuleError';
}

/** The messages of the orders screens and answers (spec 001 §8.4 for the screen's toasts). */
export const ORDER_MESSAGES = {
  created: 'Orden/Guia registrada con exito',
  annulled: 'Orden/Guia anulada con exito',
  alreadyAnnulled: 'La Orden/Guia ya está anulada',
  noLines: 'La orden debe tener al menos una línea',
  deliveryAddress: 'direccionEntrega es requerido',
  emptyReport: 'No hay ordenes para generar el excel',
  reportHint: 'Debe generar el excel, para ver totales de ordenes',
  /** §8.4: one toast per failed order. */
  failed: (nroOrden: string, msg: string) =>
    `Ocurrio un error en la orden, Nro Orden: ${nroOrden}, Error: ${msg}`,
  /** §8.4: one toast per stored order. */
  stored: (nroOrden: string, nroControl: string, msg: string) =>
    `Nro Orden/Guia: ${nroOrden}, nro control: ${nroControl}, ${msg}`,
  annulFailed: (nro: string, mensaje: string) =>
    `Ocurrio un Error al Anular Orden/Guia N°: ${nro} - ${mensaje}`,
  annulDone: (nro: string, mensaje: string) => `Orden N°: ${nro} - ${mensaje}`,
} as const;

/** The printed title of each kind. */
export function orderTitle(kind: OrderKind): string {
  return kind === 'GUIADESPACHO' ? 'GUÍA DE DESPACHO' : 'ORDEN DE ENTREGA';
}

/** The kind as lists show it. */
export function orderKindLabel(kind: string): string {
  return kind === 'GUIADESPACHO' ? 'Guía de despacho' : 'Orden de entrega';
}

/** An order priced (with amounts) or not (without). */
export type PricedOrder = { amounts: false } | { amounts: true; lines: LineTotals[]; totals: DocumentTotals };

/**
 * Checks an order's lines and, when it includes amounts, prices it with the invoice rules and compares
 * what was sent (line importe and montoGravamen, subTotal, montoDescuento, totalExento, totalExonerado,
 * importeTotal) within 0.01. Throws `OrderRuleError` with the connector-readable message.
 */
export function priceOrder(
  input: Pick<OrderInput, 'IncluirMontos' | 'lstDetallesFacturaGeneral'> &
    Partial<
      Pick<OrderInput, 'subTotal' | 'importeTotal' | 'montoDescuento' | 'totalExento' | 'totalExonerado'>
    >,
): PricedOrder {
  const sent = input.lstDetallesFacturaGeneral;
  if (sent.length === 0) throw new OrderRuleError(ORDER_MESSAGES.noLines);
  sent.forEach((l, i) => {
    if (dec(l.cantidad).lte(0)) throw new OrderRuleError(`Línea ${i + 1}: cantidad debe ser mayor a 0`);
  });
  if (!input.IncluirMontos) return { amounts: false };

  for (const field of ['subTotal', 'importeTotal'] as const)
    if (input[field] === undefined)
      throw new OrderRuleError(`${field} es requerido cuando IncluirMontos es verdadero`);
  const lines = sent.map((l, i) => {
    if (l.precio === undefined)
      throw new OrderRuleError(
        `lstDetallesFacturaGeneral[${i}].precio es requerido cuando IncluirMontos es verdadero`,
      );
    if (dec(l.precio).lt(0)) throw new OrderRuleError(`Línea ${i + 1}: precio no puede ser negativo`);
    if (l.exento && l.exonerado)
      throw new OrderRuleError(`Línea ${i + 1}: un producto no puede ser exento y exonerado a la vez`);
    if (dec(l.descuento ?? 0).gt(100))
      throw new OrderRuleError(`Línea ${i + 1}: descuento no puede superar 100 %`);
    const t = lineTotals({
      cantidad: l.cantidad,
      precio: l.precio,
      descuentoPorcentaje: l.descuento,
      descuentoMonto: l.montoDescuento,
      exento: l.exento,
      exonerado: l.exonerado,
      alicuota: l.alicuotaGravamen,
    });
    if (dec(t.importe).lt(0))
      throw new OrderRuleError(`Línea ${i + 1}: el descuento supera el monto de la línea`);
    for (const [name, value] of [
      ['importe', t.importe],
      ['montoGravamen', t.impuesto],
    ] as const)
      if (!fitsDecimal(value, 'amount'))
        throw new OrderRuleError(tooLargeMessage(`lstDetallesFacturaGeneral[${i}].${name}`));
    return t;
  });
  const totals = documentTotals(lines);
  for (const name of ['subTotal', 'totalIva', 'importeTotal'] as const)
    if (!fitsDecimal(totals[name], 'amount')) throw new OrderRuleError(tooLargeMessage(name));
  const mismatches = [
    ...sent.flatMap((l, i) =>
      compareAmounts([
        { field: `lstDetallesFacturaGeneral[${i}].importe`, sent: l.importe, expected: lines[i].importe },
        {
          field: `lstDetallesFacturaGeneral[${i}].montoGravamen`,
          sent: l.montoGravamen,
          expected: lines[i].impuesto,
        },
      ]),
    ),
    ...compareAmounts([
      { field: 'subTotal', sent: input.subTotal, expected: totals.subTotal },
      { field: 'totalExento', sent: input.totalExento, expected: totals.totalExento },
      { field: 'totalExonerado', sent: input.totalExonerado, expected: totals.totalExonerado },
      { field: 'montoDescuento', sent: input.montoDescuento, expected: totals.montoDescuento },
      { field: 'importeTotal', sent: input.importeTotal, expected: totals.importeTotal },
    ]),
  ];
  if (mismatches.length > 0) throw new OrderRuleError(mismatchMessage(mismatches));
  return { amounts: true, lines, totals };
}

/** The delivery address: the order's own, else the client's (§3.9 puts it in the client). */
export function deliveryAddressOf(input: Pick<OrderInput, 'direccionEntrega' | 'cliente'>): string {
  const address = input.direccionEntrega ?? input.cliente.direccionEntrega;
  if (!address) throw new OrderRuleError(ORDER_MESSAGES.deliveryAddress);
  return address;
}
