/**
 * Withholding voucher numbers (spec 000 §4): the agent's ranges of voucher numbers and whether sigece
 * assigns them; a voucher number reads year, month and sequence (Providencia SNAT/2015/0049 art. 4).
 */
import { caracasDate, formatVoucherNumber, nextOf, remainingOf } from '@sigece/fiscal';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withholdingNumberRanges } from '../../db/schema.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import type { AuditContext } from '../audit/service.ts';
import { addNumberRange } from './number-ranges.ts';
import { visibleActiveCompany } from './targets.ts';

/** Year and month of an instant in Caracas: the voucher's period, whatever the server's time zone. */
function caracasMonth(now: Date) {
  const [year, month] = caracasDate(now).split('-').map(Number);
  return { year, month };
}

export function withholdingRangeView(r: typeof withholdingNumberRanges.$inferSelect, now = new Date()) {
  return {
    id: r.id,
    id_localidad: r.localidadId,
    serie: r.serie,
    cantidad: r.cantidad,
    nroDesde: r.desde,
    nroHasta: r.hasta,
    nroActual: r.actual,
    asignaNro: r.asignaNro,
    disponibles: remainingOf(r),
    /** The voucher number the next withholding would get this month. */
    siguiente: formatVoucherNumber(caracasMonth(now), nextOf(r)),
    logEstatusRegistro: r.status,
    logFechaRegistro: r.createdAt.toISOString(),
  };
}

export async function addWithholdingNumbers(
  db: Db,
  scope: TenantScope,
  input: { id_localidad: string; serie: string; nroDesde: number; cantidad: number; asignaNro: boolean },
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    await visibleActiveCompany(tx, scope, input.id_localidad);
    const scopeWhere = eq(withholdingNumberRanges.localidadId, input.id_localidad);
    const row = await addNumberRange(
      tx,
      {
        lockKey: `retencion:${input.id_localidad}`,
        auditEntity: 'nroRetenciones',
        overlaps: async (tx, range) => {
          const [overlap] = await tx
            .select({ id: withholdingNumberRanges.id })
            .from(withholdingNumberRanges)
            .where(
              and(
                scopeWhere,
                sql`${withholdingNumberRanges.desde} < ${range.hasta} and ${range.desde} < ${withholdingNumberRanges.hasta}`,
              ),
            )
            .limit(1);
          return Boolean(overlap);
        },
        hasLive: async (tx) => {
          const [live] = await tx
            .select({ id: withholdingNumberRanges.id })
            .from(withholdingNumberRanges)
            .where(
              and(
                scopeWhere,
                ne(withholdingNumberRanges.status, 'AGOTADO'),
                sql`${withholdingNumberRanges.actual} < ${withholdingNumberRanges.hasta}`,
              ),
            )
            .limit(1);
          return Boolean(live);
        },
        retireActive: async (tx) => {
          await tx
            .update(withholdingNumberRanges)
            .set({ status: 'AGOTADO' })
            .where(and(scopeWhere, eq(withholdingNumberRanges.status, 'ACTIVO')));
        },
        // The switch applies to the agent as a whole.
        beforeInsert: async (tx) => {
          await tx.update(withholdingNumberRanges).set({ asignaNro: input.asignaNro }).where(scopeWhere);
        },
        insert: async (tx, range, status) => {
          const [row] = await tx
            .insert(withholdingNumberRanges)
            .values({
              localidadId: input.id_localidad,
              serie: input.serie,
              cantidad: input.cantidad,
              ...range,
              asignaNro: input.asignaNro,
              status,
              createdBy: audit.userEmail ?? 'sistema',
            })
            .returning();
          return row;
        },
      },
      input.nroDesde,
      input.cantidad,
      audit,
    );
    return withholdingRangeView(row);
  });
}

export async function withholdingNumbersOf(db: Db, scope: TenantScope, localidadId: string) {
  assertTenant(scope, { localidadId });
  const rows = await db
    .select()
    .from(withholdingNumberRanges)
    .where(eq(withholdingNumberRanges.localidadId, localidadId))
    .orderBy(asc(withholdingNumberRanges.seq));
  return rows.map((r) => withholdingRangeView(r));
}
