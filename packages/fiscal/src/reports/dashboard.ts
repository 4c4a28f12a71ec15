import { z } from '../zod-es.ts';

/** Home's dashboard (GET /v2/inicio/resumen), scoped to the user's companies. */

/** A lot is running low when fewer than this share of its numbers is left. */
export const LOW_STOCK_SHARE = 0.1;

/** True when `left` of `cantidad` numbers is under LOW_STOCK_SHARE (10 %). */
export const lowStock = (left: number, cantidad: number): boolean =>
  cantidad > 0 && left < cantidad * LOW_STOCK_SHARE;

export const CHECKLIST_FAMILIES = ['FACTURA', 'ORDEN', 'RETENCION'] as const;

export const dashboardSchema = z.object({
  code: z.number(),
  result: z.object({
    /** yyyy-MM of the Caracas month counted. */
    mes: z.string(),
    facturadoMes: z.array(z.object({ divisa: z.string(), total: z.string(), cantidad: z.number() })),
    pdfPendientes: z.number(),
    pdfFallidos: z.number(),
    correosFallidos: z.number(),
    lotes: z.array(
      z.object({
        id: z.string(),
        localidad: z.string(),
        familia: z.string(),
        serie: z.string(),
        cantidad: z.number(),
        restantes: z.number(),
        bajo: z.boolean(),
      }),
    ),
    tasaBcv: z.object({ fecha: z.string(), valor: z.string().nullable() }),
    checklist: z.array(
      z.object({
        id: z.string(),
        nombre: z.string(),
        certificado: z.boolean(),
        lotes: z.object({ FACTURA: z.boolean(), ORDEN: z.boolean(), RETENCION: z.boolean() }),
        productos: z.boolean(),
        usuarios: z.boolean(),
        correo: z.boolean(),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>['result'];
