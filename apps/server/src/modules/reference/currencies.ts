import { caracasDate, type PageQuery } from '@sigece/fiscal';
import { and, asc, desc, eq, ilike, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { divisas, tasasCambio } from '../../db/schema.ts';
import { ShortCache } from '../../db/short-cache.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { BcvParseError, type BcvRate, fetchBcvRates } from './bcv.ts';

type DivisaRow = typeof divisas.$inferSelect;

export function divisaView(d: DivisaRow) {
  return {
    id: d.id,
    nombre: d.nombre,
    name: d.nombre,
    iso: d.iso,
    simbolo: d.simbolo,
    symbol: d.simbolo,
    decimales: d.decimales,
    valor: d.valor,
    value: d.valor,
    fechaValor: d.fechaValor,
    logEstatusRegistro: d.status,
    logFechaRegistro: d.createdAt.toISOString(),
    logUsername: d.createdBy,
    logFechaModificacion: d.updatedAt?.toISOString() ?? null,
  };
}

export async function listDivisas(db: Db, query: PageQuery & { status?: string }) {
  const term = query.search ? likePattern(query.search) : undefined;
  const where = and(
    term ? or(ilike(divisas.nombre, term), ilike(divisas.iso, term)) : undefined,
    query.status ? eq(divisas.status, query.status) : undefined,
  );
  const [total, rows] = await Promise.all([
    db.$count(divisas, where),
    db
      .select()
      .from(divisas)
      .where(where)
      .orderBy(asc(divisas.iso))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  return pageOf(query, rows.map(divisaView), total);
}

export async function saveDivisa(
  db: Db,
  input: { nombre: string; iso: string; simbolo: string; decimales: number },
  audit: AuditContext,
  id?: string,
) {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: divisas.id })
      .from(divisas)
      .where(and(eq(divisas.iso, input.iso), id ? sql`${divisas.id} <> ${id}` : undefined))
      .limit(1);
    if (taken) throw conflict(`Ya existe la divisa ${input.iso}`);
    if (!id) {
      const [row] = await tx
        .insert(divisas)
        .values({ ...input, createdBy: audit.userEmail ?? 'sistema' })
        .returning();
      await recordAudit(tx, audit, { entity: 'divisa', entityId: row.id, action: 'create', after: row });
      return divisaView(row);
    }
    const [before] = await tx.select().from(divisas).where(eq(divisas.id, id)).limit(1);
    if (!before) throw notFound('Divisa no encontrada');
    const [row] = await tx
      .update(divisas)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(divisas.id, id))
      .returning();
    await recordAudit(tx, audit, { entity: 'divisa', entityId: id, action: 'update', before, after: row });
    return divisaView(row);
  });
}

export async function setDivisaStatus(
  db: Db,
  id: string,
  status: 'ACTIVO' | 'INACTIVO',
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(divisas).where(eq(divisas.id, id)).limit(1);
    if (!before) throw notFound('Divisa no encontrada');
    const [row] = await tx
      .update(divisas)
      .set({ status, updatedAt: new Date() })
      .where(eq(divisas.id, id))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'divisa',
      entityId: id,
      action: status === 'ACTIVO' ? 'activate' : 'deactivate',
      before: { logEstatusRegistro: before.status },
      after: { logEstatusRegistro: status },
    });
    return divisaView(row);
  });
}

/**
 * Stores one day's rate (a later entry for the same day replaces it) and moves the currency's current
 * value when the day is its newest.
 */
export async function storeRate(
  tx: DbOrTx,
  rate: { iso: string; fecha: string; valor: string },
  fuente: 'BCV' | 'MANUAL',
  audit: AuditContext,
) {
  const [currency] = await tx.select().from(divisas).where(eq(divisas.iso, rate.iso)).limit(1);
  if (!currency) throw badRequest(`La divisa ${rate.iso} no existe`);
  intakeRates.clear();
  const [before] = await tx
    .select()
    .from(tasasCambio)
    .where(and(eq(tasasCambio.iso, rate.iso), eq(tasasCambio.fecha, rate.fecha)))
    .limit(1);
  const [row] = await tx
    .insert(tasasCambio)
    .values({ ...rate, fuente, createdBy: audit.userEmail ?? 'sistema' })
    .onConflictDoUpdate({
      target: [tasasCambio.iso, tasasCambio.fecha],
      set: { valor: rate.valor, fuente, createdBy: audit.userEmail ?? 'sistema', createdAt: new Date() },
    })
    .returning();
  if (!currency.fechaValor || currency.fechaValor <= rate.fecha) {
    await tx
      .update(divisas)
      .set({ valor: rate.valor, fechaValor: rate.fecha, updatedAt: new Date() })
      .where(eq(divisas.id, currency.id));
  }
  await recordAudit(tx, audit, {
    entity: 'tasaCambio',
    entityId: row.id,
    action: before ? 'replace' : 'create',
    before,
    after: row,
  });
  return rateView(row);
}

export function rateView(r: typeof tasasCambio.$inferSelect) {
  return {
    id: r.id,
    iso: r.iso,
    fecha: r.fecha,
    valor: r.valor,
    fuente: r.fuente,
    logUsername: r.createdBy,
    logFechaRegistro: r.createdAt.toISOString(),
  };
}

export async function listRates(db: Db, query: PageQuery & { iso?: string; desde?: string; hasta?: string }) {
  const where = and(
    query.iso ? eq(tasasCambio.iso, query.iso.toUpperCase()) : undefined,
    query.desde ? sql`${tasasCambio.fecha} >= ${query.desde}` : undefined,
    query.hasta ? sql`${tasasCambio.fecha} <= ${query.hasta}` : undefined,
  );
  const [total, rows] = await Promise.all([
    db.$count(tasasCambio, where),
    db
      .select()
      .from(tasasCambio)
      .where(where)
      .orderBy(desc(tasasCambio.fecha), asc(tasasCambio.iso))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  return pageOf(query, rows.map(rateView), total);
}

type Rate = Awaited<ReturnType<typeof rateOn>>;
/** The rates documents read at intake, kept briefly (see db/short-cache.ts); cleared when `storeRate` starts. */
const intakeRates = new ShortCache<Rate>(2_000, 256);

/** `rateOn` through a cache of a few seconds: for intake, which reads the same day's rate for every document. */
export function cachedRateOn(db: Db, iso: string, fecha: string): Promise<Rate> {
  return intakeRates.get(db, `${iso}|${fecha}`, () => rateOn(db, iso, fecha));
}

/** The rate a document dated `fecha` uses: that day's, or the latest published before it. */
export async function rateOn(db: DbOrTx, iso: string, fecha: string = caracasDate()) {
  if (iso === 'VEF' || iso === 'VES') return { iso, fecha, valor: '1', fuente: 'FIJA' };
  const [row] = await db
    .select()
    .from(tasasCambio)
    .where(and(eq(tasasCambio.iso, iso), lte(tasasCambio.fecha, fecha)))
    .orderBy(desc(tasasCambio.fecha))
    .limit(1);
  return row ? { iso: row.iso, fecha: row.fecha, valor: row.valor, fuente: row.fuente } : null;
}

/** Reads the central bank's page without storing anything. */
export async function readBcv(url: string): Promise<BcvRate[]> {
  try {
    return await fetchBcvRates(url);
  } catch (error) {
    if (error instanceof BcvParseError) throw badRequest(error.message);
    throw error;
  }
}

/** Reads the central bank's rates and stores them as the day's official rates. */
export async function refreshFromBcv(db: Db, url: string, audit: AuditContext) {
  const rates = await readBcv(url);
  return db.transaction(async (tx) => {
    const stored = [];
    for (const rate of rates) stored.push(await storeRate(tx, rate, 'BCV', audit));
    return stored;
  });
}
