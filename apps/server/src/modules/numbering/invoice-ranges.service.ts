/**
 * Automatic invoice numbers (spec 000 §4, "Asignar Nro. de Factura automático"): the mode of a company or
 * branch (GLOBAL, INDIVIDUAL, INACTIVO) and its ranges of invoice numbers per series.
 */
import { nextOf, remainingOf } from '@sigece/fiscal';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoiceNumberRanges } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { setInvoiceNumberingMode } from '../companies/lookup.service.ts';
import { peekInvoiceNumber } from './engine.ts';
import { addNumberRange } from './number-ranges.ts';
import { resolveTarget } from './targets.ts';

type RangeRow = typeof invoiceNumberRanges.$inferSelect;

export function rangeView(r: RangeRow) {
  return {
    id: r.id,
    id_localidad: r.localidadId,
    id_sucursal: r.sucursalId,
    serie: r.serie,
    cantidadFacturas: r.cantidad,
    nroFacturaDesde: r.desde,
    nroFacturaHasta: r.hasta,
    nroFacturaActual: r.actual,
    disponibles: remainingOf(r),
    siguiente: nextOf(r),
    logEstatusRegistro: r.status,
    logFechaRegistro: r.createdAt.toISOString(),
  };
}

export { resolveTarget };

export async function autoNumbering(db: Db, scope: TenantScope, id: string, tipo: 'Localidad' | 'Sucursal') {
  const target = await resolveTarget(db, scope, id, tipo);
  const ranges = await db
    .select()
    .from(invoiceNumberRanges)
    .where(
      and(
        eq(invoiceNumberRanges.localidadId, target.localidadId),
        target.sucursalId
          ? eq(invoiceNumberRanges.sucursalId, target.sucursalId)
          : isNull(invoiceNumberRanges.sucursalId),
      ),
    )
    .orderBy(asc(invoiceNumberRanges.seq));
  const next = await peekInvoiceNumber(db, target.localidadId, target.sucursalId);
  return { asignaNroFacturas: target.mode, rangos: ranges.map(rangeView), siguiente: next };
}

/** Switching on sets GLOBAL, off sets INACTIVO; INDIVIDUAL gives each branch its own numbers (spec 000 §4). */
export async function setNumberingMode(
  db: Db,
  scope: TenantScope,
  id: string,
  tipo: 'Localidad' | 'Sucursal',
  mode: 'GLOBAL' | 'INDIVIDUAL' | 'INACTIVO',
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    const target = await resolveTarget(tx, scope, id, tipo);
    await setInvoiceNumberingMode(tx, tipo, id, mode);
    await recordAudit(tx, audit, {
      entity: tipo === 'Sucursal' ? 'sucursal' : 'localidad',
      entityId: id,
      action: 'param:asignaNroFacturas',
      before: { asignaNroFacturas: target.mode },
      after: { asignaNroFacturas: mode },
    });
    return { id, tipo, asignaNroFacturas: mode };
  });
}

export async function addInvoiceNumberRange(
  db: Db,
  scope: TenantScope,
  input: { id: string; serie: string; nroFacturaDesde: number; cantidadFacturas: number },
  tipo: 'Localidad' | 'Sucursal',
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    const target = await resolveTarget(tx, scope, input.id, tipo);
    const scopeWhere = and(
      eq(invoiceNumberRanges.localidadId, target.localidadId),
      target.sucursalId
        ? eq(invoiceNumberRanges.sucursalId, target.sucursalId)
        : isNull(invoiceNumberRanges.sucursalId),
    );
    const row = await addNumberRange(
      tx,
      {
        lockKey: `factura:${target.localidadId}:${target.sucursalId ?? '-'}`,
        auditEntity: 'nroFacturaAuto',
        overlaps: async (tx, range) => {
          const [overlap] = await tx
            .select({ id: invoiceNumberRanges.id })
            .from(invoiceNumberRanges)
            .where(
              and(
                scopeWhere,
                eq(invoiceNumberRanges.serie, input.serie),
                sql`${invoiceNumberRanges.desde} < ${range.hasta} and ${range.desde} < ${invoiceNumberRanges.hasta}`,
              ),
            )
            .limit(1);
          return Boolean(overlap);
        },
        hasLive: async (tx) => {
          const [live] = await tx
            .select({ id: invoiceNumberRanges.id })
            .from(invoiceNumberRanges)
            .where(
              and(
                scopeWhere,
                or(
                  eq(invoiceNumberRanges.status, 'ENCOLA'),
                  and(
                    eq(invoiceNumberRanges.status, 'ACTIVO'),
                    sql`${invoiceNumberRanges.actual} < ${invoiceNumberRanges.hasta}`,
                  ),
                ),
              ),
            )
            .limit(1);
          return Boolean(live);
        },
        retireActive: async (tx) => {
          await tx
            .update(invoiceNumberRanges)
            .set({ status: 'AGOTADO' })
            .where(and(scopeWhere, eq(invoiceNumberRanges.status, 'ACTIVO')));
        },
        insert: async (tx, range, status) => {
          const [row] = await tx
            .insert(invoiceNumberRanges)
            .values({
              localidadId: target.localidadId,
              sucursalId: target.sucursalId,
              serie: input.serie,
              cantidad: input.cantidadFacturas,
              ...range,
              status,
              createdBy: audit.userEmail ?? 'sistema',
            })
            .returning();
          return row;
        },
      },
      input.nroFacturaDesde,
      input.cantidadFacturas,
      audit,
    );
    return rangeView(row);
  });
}

/** Only a range none of whose numbers was used can be removed. */
export async function deleteInvoiceNumberRange(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const [range] = await tx
      .select()
      .from(invoiceNumberRanges)
      .where(eq(invoiceNumberRanges.id, id))
      .for('update');
    if (!range) throw notFound('Rango no encontrado');
    assertTenant(scope, { localidadId: range.localidadId, sucursalId: range.sucursalId });
    if (range.actual !== range.desde) throw badRequest('No se puede eliminar un rango con números ya usados');
    await tx.delete(invoiceNumberRanges).where(eq(invoiceNumberRanges.id, id));
    await recordAudit(tx, audit, { entity: 'nroFacturaAuto', entityId: id, action: 'delete', before: range });
    return rangeView(range);
  });
}
