// The operations chart /charts/Linear 'Operativos': a company's monthly sales versus
// purchases of a year, in bolívares (each sale at its own exchange rate, as the sales book converts it;
// purchases are recorded in bolívares).

import { money } from '../money.ts';
import { z } from '../zod-es.ts';
import { MONTHS } from './sales-book.ts';

export const operationsChartQuerySchema = z.object({
  anio: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'Ingresa un anio valido' }).regex(/^\d{4}$/, 'Ingresa un anio valido'),
  ),
  id_localidad: z.preprocess(
    (v) => (v === '' || v === null || v === 'undefined' ? undefined : v),
    z.uuid({ error: 'Razón social inválida' }).optional(),
  ),
});
export type OperationsChartQuery = z.infer<typeof operationsChartQuerySchema>;

export const operationsChartSchema = z.object({
  anio: z.string(),
  meses: z.array(
    z.object({
      mes: z.number(),
      nombre: z.string(),
      ventas: z.string(),
      documentos: z.number(),
      compras: z.string(),
      documentosCompra: z.number(),
    }),
  ),
});
export type OperationsChart = z.infer<typeof operationsChartSchema>;

type MonthTotals = ReadonlyArray<{ mes: string; total: string; documentos: number }>;

/** The twelve months of `anio`, each with the sales and purchases found for it ('YYYY-MM' keys) or zero. */
export function operationsChartMonths(
  anio: string,
  sales: MonthTotals,
  purchases: MonthTotals = [],
): OperationsChart['meses'] {
  const salesOf = new Map(sales.map((f) => [f.mes, f]));
  const purchasesOf = new Map(purchases.map((f) => [f.mes, f]));
  return MONTHS.map((nombre, i) => {
    const key = `${anio}-${String(i + 1).padStart(2, '0')}`;
    const s = salesOf.get(key);
    const p = purchasesOf.get(key);
    return {
      mes: i + 1,
      nombre,
      ventas: s ? money(s.total) : '0.00',
      documentos: s?.documentos ?? 0,
      compras: p ? money(p.total) : '0.00',
      documentosCompra: p?.documentos ?? 0,
    };
  });
}
