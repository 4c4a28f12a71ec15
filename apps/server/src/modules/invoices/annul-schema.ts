import { annulReasonField, tolerant, type z } from '@sigece/fiscal';

/**
 * One invoice to annul, named by company RIF, number and series (spec 001 §7.1 masivaAnularfacturacionXls).
 * Kept apart from annul-by-number.ts so the mass load's parse thread can check a row without loading the
 * tables and the issuance kernel (the thread's first upload paid for their import).
 */
export const annulInvoiceByNumberSchema = tolerant.tolerantObject({
  rif: tolerant.text('rif', 12),
  codigoSucursal: tolerant.optionalText('codigoSucursal', 16),
  nroFactura: tolerant.text('nroFactura', 20),
  serieNrofactura: tolerant.optionalText('serieNrofactura', 2),
  motivoAnulacion: annulReasonField,
});
export type InvoiceAnnulItem = z.infer<typeof annulInvoiceByNumberSchema>;
