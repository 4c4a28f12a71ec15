import { z } from '../zod-es.ts';

/**
 * What a purchase invoice hands the add-withholding page ('Retener IVA' / 'Retener ISLR' on the purchase
 * list): the page opens at `/retenciones/iva-islr/Agregar` (spec 002 §1) with this object as the router state `prefill`,
 * fills the header with the supplier and the first line with the document. Written once here so the
 * purchases screen and the withholding screen agree on it.
 */
export const withholdingPrefillSchema = z.object({
  modelo: z.enum(['IVA', 'ISLR']),
  /** The company's id (companies are keyed by uuid). */
  idLocalidad: z.uuid(),
  codigoSucursal: z.string().max(20).optional(),
  facturaCompraId: z.number().int().positive(),
  proveedor: z.object({
    rif: z.string().max(12),
    nombre: z.string().max(200),
    direccion: z.string().max(500).optional(),
    correo: z.string().max(200).optional(),
  }),
  documento: z.object({
    fecha: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    nroFactura: z.string().max(30),
    nroControl: z.string().max(30),
    totalConIva: z.string(),
    exento: z.string(),
    /** Base and rate per IVA rate of the purchase (one withholding line each). */
    bases: z.array(z.object({ alicuota: z.string(), base: z.string(), impuesto: z.string() })).max(5),
  }),
});

export type WithholdingPrefill = z.infer<typeof withholdingPrefillSchema>;
