import { randomUUID } from 'node:crypto';
import type { ModuleCreateInput, PageQuery } from '@sigece/fiscal';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type ModuleOption, modules } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { forgetAllPrincipals } from './principal-cache.ts';

type ModuleRow = typeof modules.$inferSelect;

export function moduleView(m: ModuleRow) {
  return {
    id: m.id,
    name: m.name,
    path: m.path,
    permiso: m.permiso,
    opciones: m.opciones,
    logEstatusRegistro: m.status,
    logFechaRegistro: m.createdAt.toISOString(),
    logFechaModificacion: m.updatedAt?.toISOString() ?? null,
  };
}
export type ModuleView = ReturnType<typeof moduleView>;

export async function listModules(db: Db, query: PageQuery & { status?: string }) {
  const where = and(
    query.search
      ? or(ilike(modules.name, likePattern(query.search)), ilike(modules.path, likePattern(query.search)))
      : undefined,
    query.status ? eq(modules.status, query.status) : undefined,
  );
  const [total, rows] = await Promise.all([
    db.$count(modules, where),
    db
      .select()
      .from(modules)
      .where(where)
      .orderBy(asc(modules.name))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  return pageOf(query, rows.map(moduleView), total);
}

async function findModule(db: DbOrTx, id: string): Promise<ModuleRow> {
  const [row] = await db.select().from(modules).where(eq(modules.id, id)).limit(1);
  if (!row) throw notFound('Módulo no encontrado');
  return row;
}

async function assertPathFree(db: DbOrTx, path: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: modules.id })
    .from(modules)
    .where(
      and(
        sql`lower(${modules.path}) = lower(${path})`,
        exceptId ? sql`${modules.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(`Ya existe un módulo con la ruta ${path}`);
}

/** Keeps the id of every action key the module already had, so roles that grant it keep working. */
function mergeOptions(previous: ModuleOption[], next: ModuleCreateInput['opciones']): ModuleOption[] {
  const seen = new Set<string>();
  return next.flatMap((option) => {
    if (seen.has(option.key)) return [];
    seen.add(option.key);
    const kept = previous.find((p) => p.key === option.key);
    return [{ _id: kept?._id ?? randomUUID(), key: option.key, description: option.description }];
  });
}

export async function createModule(db: Db, input: ModuleCreateInput, audit: AuditContext) {
  return db.transaction(async (tx) => {
    await assertPathFree(tx, input.path);
    const [row] = await tx
      .insert(modules)
      .values({
        name: input.name,
        path: input.path,
        permiso: input.permiso,
        opciones: mergeOptions([], input.opciones),
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning();
    await recordAudit(tx, audit, { entity: 'module', entityId: row.id, action: 'create', after: row });
    return moduleView(row);
  });
}

export async function updateModule(db: Db, id: string, input: ModuleCreateInput, audit: AuditContext) {
  return (
    db
      .transaction(async (tx) => {
        const before = await findModule(tx, id);
        await assertPathFree(tx, input.path, id);
        const [row] = await tx
          .update(modules)
          .set({
            name: input.name,
            path: input.path,
            permiso: input.permiso,
            opciones: mergeOptions(before.opciones, input.opciones),
            updatedAt: new Date(),
          })
          .where(eq(modules.id, id))
          .returning();
        await recordAudit(tx, audit, {
          entity: 'module',
          entityId: id,
          action: 'update',
          before,
          after: row,
        });
        return moduleView(row);
      })
      // Every cached principal holding this grant must see the change at once.
      .finally(forgetAllPrincipals)
  );
}

export async function setModuleStatus(
  db: Db,
  id: string,
  status: 'ACTIVO' | 'INACTIVO',
  audit: AuditContext,
) {
  return (
    db
      .transaction(async (tx) => {
        const before = await findModule(tx, id);
        const [row] = await tx
          .update(modules)
          .set({ status, updatedAt: new Date() })
          .where(eq(modules.id, id))
          .returning();
        await recordAudit(tx, audit, {
          entity: 'module',
          entityId: id,
          action: status === 'ACTIVO' ? 'activate' : 'deactivate',
          before: { logEstatusRegistro: before.status },
          after: { logEstatusRegistro: row.status },
        });
        return moduleView(row);
      })
      // Every cached principal holding this grant must see the change at once.
      .finally(forgetAllPrincipals)
  );
}

export async function modulesByIds(db: DbOrTx, ids: string[]): Promise<Map<string, ModuleRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(modules).where(inArray(modules.id, ids));
  return new Map(rows.map((m) => [m.id, m]));
}
