import { documentTotals, lineTotals, type TaxRow } from '../invoices/totals.ts';
import type { PurchaseLineInput } from './schemas.ts';

/**
 * A purchase invoice's totals ("totals and tax per rate come from the fiscal functions"):
 * each line by the invoice line rules of spec 001 §4.4 (percent discount), the document by the same
 * grouping per rate. A purchase line has no exonerated flag (§3.10), only exempt.
 */
export interface PurchaseTotals {
  lines: Array<{ importe: string; montoDescuento: string; montoGravamen: string; alicuota: string }>;
  subTotal: string;
  totalExento: string;
  montoDescuento: string;
  lstGravamenes: TaxRow[];
  totalIva: string;
  importeTotal: string;
}

export function purchaseTotals(
  lines: ReadonlyArray<Pick<PurchaseLineInput, 'cantidad' | 'precio' | 'descuento' | 'exento' | 'alicuota'>>,
): PurchaseTotals {
  const computed = lines.map((l) =>
    lineTotals({
      cantidad: l.cantidad,
      precio: l.precio,
      descuentoPorcentaje: l.descuento ?? null,
      exento: l.exento,
      alicuota: l.alicuota,
    }),
  );
  const doc = documentTotals(computed);
  return {
    lines: computed.map((c) => ({
      importe: c.importe,
      montoDescuento: c.descuento,
      montoGravamen: c.impuesto,
      alicuota: c.alicuota,
    })),
    subTotal: doc.subTotal,
    totalExento: doc.totalExento,
    montoDescuento: doc.montoDescuento,
    lstGravamenes: doc.gravamenes,
    totalIva: doc.totalIva,
    importeTotal: doc.importeTotal,
  };
}
