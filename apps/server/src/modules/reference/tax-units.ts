/**
 * The unidad tributaria (UT) by the date it comes into force (Código Orgánico Tributario art. 3 parágrafo
 * tercero): shared reference data the provider keeps, read by the ISLR withholdings and the taxes screen.
 */
import type { TaxUnitInput, TaxUnitRow, TaxUnitValue } from '@sigece/fiscal';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { unidadesTributarias } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sql-state.ts';
import { conflict } from '../../http/errors.ts';
import { offsetOf, pageOf } from '../../http/paging.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';

/** Every active UT value (a handful of rows), oldest first. */
export async function taxUnitValues(db: DbOrTx): Promise<TaxUnitValue[]> {
  const rows = await db
    .select({ valor: unidadesTributarias.valor, fechaDesde: unidadesTributarias.fechaDesde })
    .from(unidadesTributarias)
    .where(eq(unidadesTributarias.status, 'ACTIVO'))
    .orderBy(asc(unidadesTributarias.fechaDesde));
  return rows;
}

export const taxUnitRow = (r: typeof unidadesTributarias.$inferSelect): TaxUnitRow => ({
  id: r.id,
  valor: r.valor,
  fechaDesde: r.fechaDesde,
  providencia: r.providencia,
  gacetaOficial: r.gacetaOficial,
  logEstatusRegistro: r.status,
  logUsername: r.createdBy,
  logFechaRegistro: r.createdAt.toISOString(),
});

export async function listTaxUnits(db: DbOrTx, q: { page: number; limit: number }) {
  const [total, rows] = await Promise.all([
    db.$count(unidadesTributarias),
    db
      .select()
      .from(unidadesTributarias)
      .orderBy(desc(unidadesTributarias.fechaDesde))
      .limit(q.limit)
      .offset(offsetOf({ ...q, search: undefined })),
  ]);
  return pageOf({ ...q, search: undefined }, rows.map(taxUnitRow), total);
}

export async function addTaxUnit(db: Db, input: TaxUnitInput, audit: AuditContext) {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(unidadesTributarias)
        .values({ ...input, createdBy: audit.userEmail ?? 'sistema' })
        .returning();
      await recordAudit(tx, audit, {
        entity: 'unidadTributaria',
        entityId: row.id,
        action: 'create',
        after: row,
      });
      return taxUnitRow(row);
    })
    .catch((error) => {
      if (sqlStateOf(error) === '23505')
        throw conflict(`Ya existe un valor de unidad tributaria desde ${input.fechaDesde}`);
      throw error;
    });
}

/** The UT value in force on a day (the ISLR line form and the concepts table show it). */
export async function taxUnitInForce(db: DbOrTx, day: string) {
  const [row] = await db
    .select()
    .from(unidadesTributarias)
    .where(and(eq(unidadesTributarias.status, 'ACTIVO'), lte(unidadesTributarias.fechaDesde, day)))
    .orderBy(desc(unidadesTributarias.fechaDesde))
    .limit(1);
  return row ? taxUnitRow(row) : null;
}

/** The start-up line naming the UT in force today, or warning that there is none. */
export async function taxUnitInForceMessage(db: DbOrTx, day: string) {
  const ut = await taxUnitInForce(db, day);
  return ut
    ? `unidad tributaria vigente: Bs. ${ut.valor} desde ${ut.fechaDesde} (${ut.providencia}, ${ut.gacetaOficial})`
    : `no hay unidad tributaria vigente al ${day}: las retenciones de ISLR con sustraendo o Tarifa N° 2 se rechazarán`;
}
