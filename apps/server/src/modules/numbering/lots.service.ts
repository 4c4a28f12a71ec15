/**
 * Control-number lots (spec 000 §4): a company's lots per family, GLOBAL or INDIVIDUAL, the share each
 * branch carves out of an individual one, what the company detail shows of them and what a document
 * prints of its lot.
 */
import {
  type BranchLotInput,
  type CompanyLotInput,
  type ControlFamily,
  lotRange,
  NUMBERING_EXTRA_MESSAGES,
  NUMBERING_MESSAGES,
  nextOf,
  remainingOf,
} from '@sigece/fiscal';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { controlLots, controlSublots } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { findBranch } from '../companies/lookup.service.ts';
import { lockScope } from './engine.ts';
import { visibleActiveCompany } from './targets.ts';

type LotRow = typeof controlLots.$inferSelect;
type SublotRow = typeof controlSublots.$inferSelect;

/** What a document prints of the lot its control number came from: fixed when the lot is created. */
export type LotPrint = Pick<LotRow, 'serie' | 'desde' | 'hasta' | 'createdAt'>;

// A lot's series, range and date are never written after its creation (only its status and shares are),
// so every PDF job of a process reads them once per lot, not once per document.
const PRINTED_LOTS_LIMIT = 1_000;
const printedLots = new Map<string, Promise<LotPrint | undefined>>();

/** The lot a document's control number came from (its range is printed on the document's footer). */
export function lotOfDocument(db: DbOrTx, lotId: string | null): Promise<LotPrint | undefined> {
  if (!lotId) return Promise.resolve(undefined);
  const known = printedLots.get(lotId);
  if (known) return known;
  const read = db
    .select({
      serie: controlLots.serie,
      desde: controlLots.desde,
      hasta: controlLots.hasta,
      createdAt: controlLots.createdAt,
    })
    .from(controlLots)
    .where(eq(controlLots.id, lotId))
    .limit(1)
    .then(([lot]) => lot);
  if (printedLots.size >= PRINTED_LOTS_LIMIT) printedLots.clear();
  printedLots.set(lotId, read);
  // Not kept when missing (a lot created by a transaction not yet visible) or when the read failed.
  read.then(
    (lot) => lot || printedLots.delete(lotId),
    () => printedLots.delete(lotId),
  );
  return read;
}

export function lotView(l: LotRow) {
  return {
    id: l.id,
    _id: l.id,
    id_localidad: l.localidadId,
    tipo: l.tipo === 'GLOBAL' ? 'Global' : 'Individual',
    tipoFacturaOrden: l.familia,
    serie: l.serie,
    cantidadFacturas: l.cantidad,
    nroControl: l.desde,
    nroControlDesde: l.desde,
    nroControlHasta: l.hasta,
    nroControlActual: l.actual,
    nroSubControl: l.subAsignado,
    localidadGeneraFac: l.localidadGeneraFac,
    /** Asignadas / Disp. / next, as the company detail shows them (spec 000 §9). */
    asignadas: l.cantidad,
    disponibles: l.tipo === 'GLOBAL' ? remainingOf(l) : l.cantidad - l.subAsignado,
    siguiente: nextOf(l),
    logEstatusRegistro: l.status,
    logUsername: l.createdBy,
    logFechaRegistro: l.createdAt.toISOString(),
  };
}

export function sublotView(s: SublotRow) {
  return {
    id: s.id,
    _id: s.id,
    id_sucursal: s.sucursalId,
    IDControlFacturalocalidad: s.lotId,
    tipoFacturaOrden: s.familia,
    serie: s.serie,
    cantidadFacturas: s.cantidad,
    nroControl: s.desde,
    nroControlDesde: s.desde,
    nroControlHasta: s.hasta,
    nroControlActual: s.actual,
    nroSubControl: s.actual,
    disponibles: remainingOf(s),
    siguiente: nextOf(s),
    logEstatusRegistro: s.status,
    logUsername: s.createdBy,
    logFechaRegistro: s.createdAt.toISOString(),
  };
}

/** A lot is live while it still has numbers to hand out (an individual one: to carve or to use). */
async function lotHasRoom(tx: DbOrTx, lot: LotRow): Promise<boolean> {
  if (lot.tipo === 'GLOBAL') return lot.actual < lot.hasta;
  if (lot.subAsignado < lot.cantidad) return true;
  const [open] = await tx
    .select({ id: controlSublots.id })
    .from(controlSublots)
    .where(and(eq(controlSublots.lotId, lot.id), sql`${controlSublots.actual} < ${controlSublots.hasta}`))
    .limit(1);
  return open !== undefined;
}

/**
 * Adds a company lot. It becomes ACTIVO when the company has no live active lot of the family (a used
 * up one is retired), otherwise it waits ENCOLA behind the others. Ranges of one series never overlap.
 */
export async function addCompanyLot(
  db: Db,
  scope: TenantScope,
  input: CompanyLotInput,
  familia: ControlFamily,
  audit: AuditContext,
) {
  const quantity = (
    input.tipo === 'INDIVIDUAL' ? (input.cantidadFacturas ?? input.cantidadLocalidad) : input.cantidadFacturas
  )!;
  const range = lotRange(input.nroControl, quantity);
  return db.transaction(async (tx) => {
    await visibleActiveCompany(tx, scope, input.id_localidad);
    await lockScope(tx, `control:${input.id_localidad}:${familia}`);
    const [overlap] = await tx
      .select({ id: controlLots.id })
      .from(controlLots)
      .where(
        and(
          eq(controlLots.localidadId, input.id_localidad),
          eq(controlLots.familia, familia),
          eq(controlLots.serie, input.serie),
          sql`${controlLots.desde} < ${range.hasta} and ${range.desde} < ${controlLots.hasta}`,
        ),
      )
      .limit(1);
    if (overlap) throw conflict(NUMBERING_EXTRA_MESSAGES.overlap);
    const [active] = await tx
      .select()
      .from(controlLots)
      .where(
        and(
          eq(controlLots.localidadId, input.id_localidad),
          eq(controlLots.familia, familia),
          eq(controlLots.status, 'ACTIVO'),
        ),
      )
      .limit(1);
    const activeLive = active !== undefined && (await lotHasRoom(tx, active));
    let status: 'ACTIVO' | 'ENCOLA' = 'ACTIVO';
    if (activeLive) status = 'ENCOLA';
    else if (active) {
      await tx
        .update(controlLots)
        .set({ status: 'AGOTADO', updatedAt: new Date() })
        .where(eq(controlLots.id, active.id));
      await tx.update(controlSublots).set({ status: 'AGOTADO' }).where(eq(controlSublots.lotId, active.id));
    }
    if (status === 'ACTIVO') {
      // Lots queued earlier keep their turn: the new one waits behind them.
      const [queued] = await tx
        .select({ id: controlLots.id })
        .from(controlLots)
        .where(
          and(
            eq(controlLots.localidadId, input.id_localidad),
            eq(controlLots.familia, familia),
            eq(controlLots.status, 'ENCOLA'),
          ),
        )
        .limit(1);
      if (queued) status = 'ENCOLA';
    }
    const [lot] = await tx
      .insert(controlLots)
      .values({
        localidadId: input.id_localidad,
        familia,
        tipo: input.tipo,
        serie: input.serie,
        cantidad: quantity,
        ...range,
        localidadGeneraFac: input.localidadGeneraFac,
        status,
        createdBy: audit.userEmail ?? 'sistema',
        asignadoPorId: audit.userId,
      })
      .returning();
    if (status === 'ENCOLA' && !activeLive) {
      // No live active lot but others queued: the first in line takes over now.
      const [first] = await tx
        .select()
        .from(controlLots)
        .where(
          and(
            eq(controlLots.localidadId, input.id_localidad),
            eq(controlLots.familia, familia),
            eq(controlLots.status, 'ENCOLA'),
          ),
        )
        .orderBy(asc(controlLots.seq))
        .limit(1);
      await tx.update(controlLots).set({ status: 'ACTIVO' }).where(eq(controlLots.id, first.id));
    }
    // The head office's own share of an individual lot, when it issues documents itself.
    if (
      input.tipo === 'INDIVIDUAL' &&
      input.localidadGeneraFac &&
      input.cantidadLocalidad &&
      input.cantidadFacturas
    ) {
      await carve(tx, lot, null, input.cantidadLocalidad, audit);
    }
    const [stored] = await tx.select().from(controlLots).where(eq(controlLots.id, lot.id));
    await recordAudit(tx, audit, {
      entity: 'controlLote',
      entityId: lot.id,
      action: 'create',
      after: stored,
    });
    return lotView(stored);
  });
}

async function carve(
  tx: DbOrTx,
  lot: LotRow,
  sucursalId: string | null,
  quantity: number,
  audit: AuditContext,
) {
  const [fresh] = await tx.select().from(controlLots).where(eq(controlLots.id, lot.id)).for('update');
  const free = fresh.cantidad - fresh.subAsignado;
  if (free <= 0) throw badRequest(NUMBERING_EXTRA_MESSAGES.companyQuotaUsed);
  if (quantity > free) throw badRequest(`${NUMBERING_EXTRA_MESSAGES.quotaTooSmall} (${free} disponibles)`);
  const desde = fresh.desde + fresh.subAsignado;
  await tx
    .update(controlLots)
    .set({ subAsignado: fresh.subAsignado + quantity, updatedAt: new Date() })
    .where(eq(controlLots.id, lot.id));
  const [live] = await tx
    .select({ id: controlSublots.id })
    .from(controlSublots)
    .where(
      and(
        eq(controlSublots.localidadId, fresh.localidadId),
        eq(controlSublots.familia, fresh.familia),
        sucursalId ? eq(controlSublots.sucursalId, sucursalId) : isNull(controlSublots.sucursalId),
        or(
          eq(controlSublots.status, 'ENCOLA'),
          and(eq(controlSublots.status, 'ACTIVO'), sql`${controlSublots.actual} < ${controlSublots.hasta}`),
        ),
      ),
    )
    .limit(1);
  if (!live) {
    // A used-up active sub-lot of this branch retires: the new one takes its place.
    await tx
      .update(controlSublots)
      .set({ status: 'AGOTADO' })
      .where(
        and(
          eq(controlSublots.localidadId, fresh.localidadId),
          eq(controlSublots.familia, fresh.familia),
          sucursalId ? eq(controlSublots.sucursalId, sucursalId) : isNull(controlSublots.sucursalId),
          eq(controlSublots.status, 'ACTIVO'),
        ),
      );
  }
  const [sub] = await tx
    .insert(controlSublots)
    .values({
      lotId: lot.id,
      localidadId: fresh.localidadId,
      sucursalId,
      familia: fresh.familia,
      serie: fresh.serie,
      cantidad: quantity,
      desde,
      hasta: desde + quantity,
      actual: desde,
      status: live ? 'ENCOLA' : 'ACTIVO',
      createdBy: audit.userEmail ?? 'sistema',
      asignadoPorId: audit.userId,
    })
    .returning();
  return sub;
}

/**
 * A queued lot takes over when the active one has nothing left to carve or use and it is first in
 * line; otherwise an individual lot queued behind a used-up one could never be carved from.
 */
async function takeOverIfFirst(tx: DbOrTx, lot: LotRow): Promise<LotRow | undefined> {
  const scope = and(eq(controlLots.localidadId, lot.localidadId), eq(controlLots.familia, lot.familia));
  const [active] = await tx
    .select()
    .from(controlLots)
    .where(and(scope, eq(controlLots.status, 'ACTIVO')))
    .limit(1);
  if (active && (await lotHasRoom(tx, active))) return undefined;
  const [first] = await tx
    .select({ id: controlLots.id })
    .from(controlLots)
    .where(and(scope, eq(controlLots.status, 'ENCOLA')))
    .orderBy(asc(controlLots.seq))
    .limit(1);
  if (first?.id !== lot.id) return undefined;
  if (active) {
    await tx
      .update(controlLots)
      .set({ status: 'AGOTADO', updatedAt: new Date() })
      .where(eq(controlLots.id, active.id));
    await tx.update(controlSublots).set({ status: 'AGOTADO' }).where(eq(controlSublots.lotId, active.id));
  }
  const [promoted] = await tx
    .update(controlLots)
    .set({ status: 'ACTIVO', updatedAt: new Date() })
    .where(eq(controlLots.id, lot.id))
    .returning();
  return promoted;
}

/** Carves a branch lot out of the company's active individual lot (spec 000 §4 branch-lot rules). */
export async function addBranchLot(
  db: Db,
  scope: TenantScope,
  input: BranchLotInput,
  familia: ControlFamily,
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    const branch = await findBranch(tx, input.id_sucursal);
    if (!branch) throw notFound('Sucursal no encontrada');
    assertTenant(scope, { localidadId: branch.localidadId, sucursalId: branch.id });
    await visibleActiveCompany(tx, scope, branch.localidadId);
    await lockScope(tx, `control:${branch.localidadId}:${familia}`);
    let [lot] = await tx
      .select()
      .from(controlLots)
      .where(eq(controlLots.id, input.IDControlFacturalocalidad))
      .limit(1);
    if (lot?.status === 'ENCOLA' && lot.localidadId === branch.localidadId && lot.familia === familia) {
      lot = (await takeOverIfFirst(tx, lot)) ?? lot;
    }
    if (
      !lot ||
      lot.localidadId !== branch.localidadId ||
      lot.familia !== familia ||
      lot.status !== 'ACTIVO'
    ) {
      throw badRequest(NUMBERING_MESSAGES.noActiveCompanyLot);
    }
    if (lot.tipo === 'GLOBAL') throw badRequest(NUMBERING_MESSAGES.globalCompanyLot);
    if (input.serie.toUpperCase().padStart(2, '0') !== lot.serie) {
      throw badRequest(`La serie debe ser la del lote de la Razón Social (${lot.serie})`, [
        { path: 'serie', message: `La serie debe ser la del lote de la Razón Social (${lot.serie})` },
      ]);
    }
    const sub = await carve(tx, lot, branch.id, input.cantidadFacturas, audit);
    await recordAudit(tx, audit, {
      entity: 'controlSucursal',
      entityId: sub.id,
      action: 'create',
      after: sub,
    });
    return sublotView(sub);
  });
}

export async function lotsOfCompany(
  db: DbOrTx,
  scope: TenantScope,
  localidadId: string,
  familia?: ControlFamily,
) {
  assertTenant(scope, { localidadId });
  const lots = await db
    .select()
    .from(controlLots)
    .where(
      and(eq(controlLots.localidadId, localidadId), familia ? eq(controlLots.familia, familia) : undefined),
    )
    .orderBy(asc(controlLots.seq));
  return lots.map(lotView);
}

export async function sublotsOfLot(db: Db, scope: TenantScope, lotId: string) {
  const [lot] = await db.select().from(controlLots).where(eq(controlLots.id, lotId)).limit(1);
  if (!lot) throw notFound('Lote no encontrado');
  assertTenant(scope, { localidadId: lot.localidadId });
  const subs = await db
    .select()
    .from(controlSublots)
    .where(
      and(
        eq(controlSublots.lotId, lotId),
        // A branch-restricted caller sees only their branches' share of the company lot.
        tenantCondition(scope, {
          localidad: controlSublots.localidadId,
          sucursal: controlSublots.sucursalId,
        }),
      ),
    )
    .orderBy(asc(controlSublots.seq));
  return subs.map(sublotView);
}

export async function sublotsOfBranch(
  db: Db,
  scope: TenantScope,
  sucursalId: string,
  familia?: ControlFamily,
) {
  const branch = await findBranch(db, sucursalId);
  if (!branch) throw notFound('Sucursal no encontrada');
  assertTenant(scope, { localidadId: branch.localidadId, sucursalId });
  const subs = await db
    .select()
    .from(controlSublots)
    .where(
      and(
        eq(controlSublots.sucursalId, sucursalId),
        familia ? eq(controlSublots.familia, familia) : undefined,
      ),
    )
    .orderBy(asc(controlSublots.seq));
  return subs.map(sublotView);
}

/** The three blocks of the company detail: invoices and notes, orders and guides, withholdings. */
export async function controlBlocks(db: DbOrTx, scope: TenantScope, localidadId: string) {
  const lots = await lotsOfCompany(db, scope, localidadId);
  const of = (f: ControlFamily) =>
    lots
      .filter((l) => l.tipoFacturaOrden === f && l.logEstatusRegistro !== 'AGOTADO')
      .concat(lots.filter((l) => l.tipoFacturaOrden === f && l.logEstatusRegistro === 'AGOTADO'));
  return { facturas: of('FACTURA'), ordenes: of('ORDEN'), retenciones: of('RETENCION') };
}
