// The purchase invoices as the reports read them: monthly totals for the operations chart
// (reports/charts). Purchases are recorded in bolívares.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facturasCompra } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';

/** Monthly totals of the active purchase invoices of a scope, by invoice date, between two days (yyyy-MM-dd, end excluded). */
export async function monthlyPurchaseTotals(
  db: DbOrTx,
  scope: TenantScope,
  filter: { localidadId?: string; desde: string; hasta: string },
): Promise<Array<{ mes: string; total: string; documentos: number }>> {
  const rows = await db
    .select({
      mes: sql<string>`to_char(${facturasCompra.fechaFactura}, 'YYYY-MM')`,
      total: sql<string>`coalesce(sum(${facturasCompra.importeTotal}), 0)::text`,
      documentos: sql<number>`count(*)::int`,
    })
    .from(facturasCompra)
    .where(
      and(
        filter.localidadId ? eq(facturasCompra.localidadId, filter.localidadId) : undefined,
        tenantCondition(scope, {
          localidad: facturasCompra.localidadId,
          sucursal: facturasCompra.sucursalId,
        }),
        eq(facturasCompra.status, 'ACTIVO'),
        gte(facturasCompra.fechaFactura, filter.desde),
        lt(facturasCompra.fechaFactura, filter.hasta),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ mes: r.mes, total: r.total, documentos: Number(r.documentos) }));
}
