// The IGTF perceived: per company and fortnight, every payment in foreign currency with
// the IGTF perceived on it, in its currency and in bolívares. Providencia SNAT/2022/000013 (G.O. 42.339,
// 17-03-2022; sources.md S9, as the law firm summarises it: the text itself was not in the library) makes
// special taxpayers perceiving agents of the IGTF on payments in foreign currency (art. 1) and has them
// transmit what they perceived every fortnight and declare it on the IVA withholdings' calendar (art. 3).
// The peers work by fortnight too (odoo-venezuela l10n_ve_fiscal_book 'fortnight', sources.md S12).

import { z } from '../zod-es.ts';
import { CentSum } from './books.ts';

/** The fortnight's first and last day (yyyy-MM-dd): 1–15 or 16 to the month's end. */
export function fortnightRange(
  year: number,
  month: number,
  quincena: 1 | 2,
): { fechaInicio: string; fechaFin: string } {
  const mm = String(month).padStart(2, '0');
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return quincena === 1
    ? { fechaInicio: `${year}-${mm}-01`, fechaFin: `${year}-${mm}-15` }
    : { fechaInicio: `${year}-${mm}-16`, fechaFin: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

export const igtfReportQuerySchema = z.object({
  id_localidad: z.uuid({ error: 'Seleccione una razón social' }),
  anio: z.coerce
    .number({ error: 'anio debe ser un año válido' })
    .int('anio debe ser un año válido')
    .min(2022, 'El IGTF en divisas rige desde 2022')
    .max(2100, 'anio debe ser un año válido'),
  mes: z.coerce
    .number({ error: 'mes debe estar entre 1 y 12' })
    .int('mes debe estar entre 1 y 12')
    .min(1, 'mes debe estar entre 1 y 12')
    .max(12, 'mes debe estar entre 1 y 12'),
  quincena: z.coerce
    .number({ error: 'quincena debe ser 1 o 2' })
    .int('quincena debe ser 1 o 2')
    .refine((v) => v === 1 || v === 2, 'quincena debe ser 1 o 2')
    .transform((v) => v as 1 | 2),
});
export type IgtfReportQuery = z.infer<typeof igtfReportQuerySchema>;

/** One payment that carried IGTF. */
export const igtfReportRowSchema = z.object({
  fecha: z.string(),
  nroFactura: z.string(),
  nroControl: z.string(),
  rifCliente: z.string(),
  cliente: z.string(),
  modoPago: z.string(),
  divisa: z.string(),
  montoPago: z.string(),
  tasaBs: z.string(),
  /** What the payment applied to the debt, in its currency: the IGTF's base. */
  baseIgtf: z.string(),
  igtfDivisa: z.string(),
  igtfBs: z.string(),
});
export type IgtfReportRow = z.infer<typeof igtfReportRowSchema>;

export const igtfReportSummarySchema = z.object({
  fechaInicio: z.string(),
  fechaFin: z.string(),
  pagos: z.number(),
  totalIgtfBs: z.string(),
  /** The IGTF per currency, in that currency. */
  totalesPorDivisa: z.array(z.object({ divisa: z.string(), pagos: z.number(), igtf: z.string() })),
});
export type IgtfReportSummary = z.infer<typeof igtfReportSummarySchema>;

export const igtfReportAnswerSchema = z.object({
  msg: z.string(),
  reporte: igtfReportSummarySchema.extend({
    filas: z.array(igtfReportRowSchema).optional(),
    reportePdf: z.string().optional(),
    reporteExcel: z.string().optional(),
  }),
});
export type IgtfReportAnswer = z.infer<typeof igtfReportAnswerSchema>;

export const IGTF_REPORT_COLUMNS = [
  { key: 'fecha', titulo: 'Fecha' },
  { key: 'nroFactura', titulo: 'N° Factura' },
  { key: 'nroControl', titulo: 'N° Control' },
  { key: 'rifCliente', titulo: 'RIF Cliente' },
  { key: 'cliente', titulo: 'Cliente' },
  { key: 'modoPago', titulo: 'Forma de Pago' },
  { key: 'divisa', titulo: 'Divisa' },
  { key: 'montoPago', titulo: 'Monto Pagado' },
  { key: 'tasaBs', titulo: 'Tasa Bs.' },
  { key: 'baseIgtf', titulo: 'Base IGTF (Divisa)' },
  { key: 'igtfDivisa', titulo: 'IGTF 3% (Divisa)' },
  { key: 'igtfBs', titulo: 'IGTF 3% (Bs.)' },
] as const satisfies ReadonlyArray<{ key: keyof IgtfReportRow; titulo: string }>;

export const IGTF_REPORT_AMOUNT_KEYS: ReadonlySet<string> = new Set([
  'montoPago',
  'baseIgtf',
  'igtfDivisa',
  'igtfBs',
]);

/** The report's totals, fed row by row: the payments, the IGTF in Bs., and per currency. */
export class IgtfReportTotals {
  private pagos = 0;
  private readonly bs = new CentSum();
  private readonly byCurrency = new Map<string, { pagos: number; igtf: CentSum }>();

  add(row: IgtfReportRow): void {
    this.pagos += 1;
    this.bs.add(row.igtfBs);
    const entry = this.byCurrency.get(row.divisa) ?? { pagos: 0, igtf: new CentSum() };
    entry.pagos += 1;
    entry.igtf.add(row.igtfDivisa);
    this.byCurrency.set(row.divisa, entry);
  }

  summary(range: { fechaInicio: string; fechaFin: string }): IgtfReportSummary {
    return {
      ...range,
      pagos: this.pagos,
      totalIgtfBs: this.bs.toString(),
      totalesPorDivisa: [...this.byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([divisa, e]) => ({ divisa, pagos: e.pagos, igtf: e.igtf.toString() })),
    };
  }
}

export const IGTF_REPORT_FILES = {
  pdf: 'IGTF_Percibido.pdf',
  excel: (timestamp: string) => `IGTF_Percibido_${timestamp}.xlsx`,
} as const;
