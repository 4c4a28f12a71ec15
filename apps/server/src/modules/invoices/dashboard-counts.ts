import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facturas } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { realDocuments } from '../issuance/read/issued.ts';

/**
 * The active, real (not sandbox) invoices issued in [from, to) within the scope, summed per currency in
 * currency order: what Home's dashboard shows as the month's turnover. The total is exact decimal text.
 */
export async function invoicedByCurrency(
  db: DbOrTx,
  scope: TenantScope,
  from: Date,
  to: Date,
): Promise<Array<{ divisa: string; total: string; cantidad: number }>> {
  const rows = await db
    .select({
      divisa: facturas.moneda,
      total: sql<string>`sum(${facturas.importeTotal})::text`,
      cantidad: sql<number>`count(*)::int`,
    })
    .from(facturas)
    .where(
      and(
        eq(facturas.status, 'ACTIVO'),
        eq(facturas.deleted, false),
        realDocuments(facturas),
        gte(facturas.fechaEmision, from),
        lt(facturas.fechaEmision, to),
        tenantCondition(scope, { localidad: facturas.localidadId, sucursal: facturas.sucursalId }),
      ),
    )
    .groupBy(facturas.moneda)
    .orderBy(facturas.moneda);
  return rows.map((r) => ({ divisa: r.divisa, total: r.total, cantidad: Number(r.cantidad) }));
}
