// What the sales-book calls accept and answer (spec 002 §3 Reports, §5 Reports, §7 Reports).
import { z } from '../zod-es.ts';

/** A book covers at most one year: a bound on the work one request may ask for. */
export const SALES_BOOK_MAX_DAYS = 366;

const day = (field: string) => z.iso.date({ error: `${field} debe ser una fecha válida (aaaa-mm-dd)` });

export const salesBookQuerySchema = z
  .object({
    fechaInicio: day('fechaInicio'),
    fechaFin: day('fechaFin'),
    id_localidad: z.uuid({ error: 'Seleccione una razón social' }),
    id_sucursal: z.preprocess(
      (v) => (v === '' || v === null || v === 'undefined' ? undefined : v),
      z.uuid({ error: 'Sucursal inválida' }).optional(),
    ),
  })
  .refine((q) => q.fechaInicio <= q.fechaFin, {
    path: ['fechaFin'],
    error: 'La fecha Hasta no puede ser anterior a la fecha Desde',
  })
  .refine((q) => (Date.parse(q.fechaFin) - Date.parse(q.fechaInicio)) / 86_400_000 < SALES_BOOK_MAX_DAYS, {
    path: ['fechaFin'],
    error: `El rango no puede superar ${SALES_BOOK_MAX_DAYS} días`,
  });
export type SalesBookQuery = z.infer<typeof salesBookQuerySchema>;

/** The extended spreadsheet goes by e-mail (spec 002 §5: 'Ingresa un correo electronico valido'). */
export const salesBookExtendedQuerySchema = salesBookQuerySchema.and(
  z.object({
    email: z
      .string({ error: 'Ingresa un correo electronico valido' })
      .trim()
      .max(200, 'Ingresa un correo electronico valido')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Ingresa un correo electronico valido'),
  }),
);
export type SalesBookExtendedQuery = z.infer<typeof salesBookExtendedQuerySchema>;

const rateTotal = z.object({ alicuota: z.string(), baseImponible: z.string(), montoAlicuota: z.string() });

export const salesBookSummarySchema = z.object({
  consolidado: z.number(),
  SinTerceros: z.number(),
  ConTerceros: z.number(),
  totalFacturas: z.object({
    totalExentoSinTerceros: z.string(),
    totalExoneradoSinTerceros: z.string(),
    totalImporteTotalSinTerceros: z.string(),
  }),
  totalGravamenes: z.array(rateTotal),
  AcumuladoImporteTerceros: z.string(),
  AcumuladoGravamenTerceros: z.array(rateTotal),
  /** Ours: the IVA the buyers withheld, from vouchers issued in this system. */
  totalIvaRetenido: z.string(),
  /** Ours: the month-end summary, one row per concept (RLIVA, IVA_LIBROS). */
  resumen: z.array(z.object({ concepto: z.string(), baseImponible: z.string(), impuesto: z.string() })),
});

/** getlibroVentas answers the PDF; getLibroVentasExcel the spreadsheet; both with the summary. */
export const salesBookAnswerSchema = z.object({
  msg: z.string(),
  libro: salesBookSummarySchema.extend({
    reporteVenta: z.string().optional(),
    libroExcel: z.string().optional(),
  }),
});
export type SalesBookAnswer = z.infer<typeof salesBookAnswerSchema>;

/** The queued extended book: id, state, queue position and request date (spec 002 §3). */
export const salesBookQueuedSchema = z.object({
  msg: z.string(),
  result: z.object({
    id: z.string(),
    state: z.string(),
    posicion: z.number(),
    fechaSolicitud: z.string(),
  }),
});
