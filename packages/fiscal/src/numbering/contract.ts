import { z } from '../zod-es.ts';

/**
 * What the numbering routes answer (spec 000 §2 and §4: control lots, branch lots, automatic invoice and
 * withholding numbers). The server declares them as response schemas; the web infers its types. Keys keep
 * the order the answers have always had (the serializer writes them in the schema's order).
 */

/** A company lot (getcontrolesSucursaleLocalidad and its siblings, the add answers). */
export const controlLotSchema = z.object({
  id: z.string(),
  _id: z.string(),
  id_localidad: z.string(),
  /** 'Global' or 'Individual'. */
  tipo: z.string(),
  /** FACTURA, ORDEN or RETENCION. */
  tipoFacturaOrden: z.string(),
  serie: z.string(),
  cantidadFacturas: z.number(),
  nroControl: z.number(),
  nroControlDesde: z.number(),
  nroControlHasta: z.number(),
  nroControlActual: z.number(),
  nroSubControl: z.number(),
  localidadGeneraFac: z.boolean(),
  asignadas: z.number(),
  disponibles: z.number(),
  siguiente: z.number(),
  /** ACTIVO, ENCOLA or AGOTADO. */
  logEstatusRegistro: z.string(),
  logUsername: z.string(),
  logFechaRegistro: z.string(),
});
export type ControlLot = z.infer<typeof controlLotSchema>;

/** A company lot as the company detail's three blocks show it (the company route's `controles`). */
export const controlLotSummarySchema = controlLotSchema.pick({
  id: true,
  tipo: true,
  tipoFacturaOrden: true,
  serie: true,
  asignadas: true,
  nroControlActual: true,
  nroControlDesde: true,
  nroControlHasta: true,
  disponibles: true,
  siguiente: true,
  logEstatusRegistro: true,
  logFechaRegistro: true,
});
export type ControlLotSummary = z.infer<typeof controlLotSummarySchema>;

/** The three control-number blocks of the company detail (invoices, orders/guides, withholdings). */
export const controlBlocksSchema = z.object({
  facturas: z.array(controlLotSummarySchema),
  ordenes: z.array(controlLotSummarySchema),
  retenciones: z.array(controlLotSummarySchema),
});
export type ControlBlocks = z.infer<typeof controlBlocksSchema>;

/** A branch lot carved from an individual company lot. */
export const branchLotViewSchema = z.object({
  id: z.string(),
  _id: z.string(),
  id_sucursal: z.string().nullable(),
  IDControlFacturalocalidad: z.string(),
  tipoFacturaOrden: z.string(),
  serie: z.string(),
  cantidadFacturas: z.number(),
  nroControl: z.number(),
  nroControlDesde: z.number(),
  nroControlHasta: z.number(),
  nroControlActual: z.number(),
  nroSubControl: z.number(),
  disponibles: z.number(),
  siguiente: z.number(),
  logEstatusRegistro: z.string(),
  logUsername: z.string(),
  logFechaRegistro: z.string(),
});
export type BranchLotView = z.infer<typeof branchLotViewSchema>;

export const controlLotsAnswerSchema = z.object({ code: z.number(), results: z.array(controlLotSchema) });
export const branchLotsAnswerSchema = z.object({ code: z.number(), results: z.array(branchLotViewSchema) });

/** A range of automatic invoice numbers of a company or branch. */
export const invoiceNumberRangeSchema = z.object({
  id: z.string(),
  id_localidad: z.string(),
  id_sucursal: z.string().nullable(),
  serie: z.string(),
  cantidadFacturas: z.number(),
  nroFacturaDesde: z.number(),
  nroFacturaHasta: z.number(),
  nroFacturaActual: z.number(),
  disponibles: z.number(),
  siguiente: z.number(),
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
});
export type InvoiceNumberRange = z.infer<typeof invoiceNumberRangeSchema>;

/** The next automatic invoice number, not consumed. */
export const nextInvoiceNumberSchema = z.object({ serie: z.string(), nroFactura: z.string() });

/** getConsultaNroFacturaAuto's result: the mode, its ranges and the next number. */
export const autoNumberingSchema = z.object({
  /** GLOBAL, INDIVIDUAL or INACTIVO. */
  asignaNroFacturas: z.string(),
  rangos: z.array(invoiceNumberRangeSchema),
  siguiente: nextInvoiceNumberSchema.nullable(),
});
export type AutoNumbering = z.infer<typeof autoNumberingSchema>;

/** updateActivityNroFactura's result: the mode now set. */
export const numberingModeViewSchema = z.object({
  id: z.string(),
  tipo: z.string(),
  asignaNroFacturas: z.string(),
});

/** A sequence of automatic withholding voucher numbers of an agent. */
export const withholdingRangeSchema = z.object({
  id: z.string(),
  id_localidad: z.string(),
  serie: z.string(),
  cantidad: z.number(),
  nroDesde: z.number(),
  nroHasta: z.number(),
  nroActual: z.number(),
  asignaNro: z.boolean(),
  disponibles: z.number(),
  siguiente: z.string(),
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
});
export type WithholdingRange = z.infer<typeof withholdingRangeSchema>;
