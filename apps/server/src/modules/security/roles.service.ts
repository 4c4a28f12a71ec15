import type { PageQuery, RoleCreateInput, RoleModule } from '@sigece/fiscal';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { roles } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { modulesByIds } from './modules.service.ts';
import { forgetAllPrincipals } from './principal-cache.ts';

type RoleRow = typeof roles.$inferSelect;

export function roleView(r: RoleRow) {
  return {
    id: r.id,
    rol: r.rol,
    nombre: r.rol,
    descripcion: r.descripcion,
    modulo: r.modulos,
    logEstatusRegistro: r.status,
    logFechaRegistro: r.createdAt.toISOString(),
    logFechaModificacion: r.updatedAt?.toISOString() ?? null,
  };
}
export type RoleView = ReturnType<typeof roleView>;

export async function listRoles(db: Db, query: PageQuery & { status?: string }) {
  const where = and(
    query.search
      ? or(ilike(roles.rol, likePattern(query.search)), ilike(roles.descripcion, likePattern(query.search)))
      : undefined,
    query.status ? eq(roles.status, query.status) : undefined,
  );
  const [total, rows] = await Promise.all([
    db.$count(roles, where),
    db.select().from(roles).where(where).orderBy(asc(roles.rol)).limit(query.limit).offset(offsetOf(query)),
  ]);
  return pageOf(query, rows.map(roleView), total);
}

/** Roles that grant a module: the module's detail dialog lists them. */
export async function rolesByModule(db: Db, moduleId: string) {
  const rows = await db
    .select()
    .from(roles)
    .where(sql`${roles.modulos} @> ${JSON.stringify([{ id: moduleId }])}::jsonb`)
    .orderBy(asc(roles.rol));
  return rows.map(roleView);
}

export async function findRole(db: DbOrTx, id: string): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  if (!row) throw notFound('Rol no encontrado');
  return row;
}

/**
 * What the role grants, checked against the modules as they are: every module must exist and every
 * action key must be one the module offers. Names, paths and action ids are taken from the module.
 */
export async function normalizeGrants(
  db: DbOrTx,
  requested: RoleCreateInput['modulo'],
): Promise<RoleModule[]> {
  const unique = [...new Map(requested.map((m) => [m.id, m])).values()];
  const known = await modulesByIds(
    db,
    unique.map((m) => m.id),
  );
  return unique.map((grant) => {
    const module = known.get(grant.id);
    if (!module) throw badRequest(`El módulo ${grant.nombre || grant.id} no existe`);
    const wanted = new Map(grant.acciones.map((a) => [a.key, a.status]));
    for (const key of wanted.keys()) {
      if (!module.opciones.some((o) => o.key === key)) {
        throw badRequest(`El módulo ${module.name} no tiene la acción ${key}`);
      }
    }
    return {
      id: module.id,
      nombre: module.name,
      path: module.path,
      permiso: grant.permiso,
      acciones: module.opciones.map((o) => ({
        _id: o._id,
        key: o.key,
        description: o.description,
        status: wanted.get(o.key) ?? false,
      })),
    };
  });
}

async function assertNameFree(db: DbOrTx, rol: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(sql`lower(${roles.rol}) = lower(${rol})`, exceptId ? sql`${roles.id} <> ${exceptId}` : undefined),
    )
    .limit(1);
  if (taken) throw conflict(`El rol ${rol} ya existe`);
}

export async function createRole(db: Db, input: RoleCreateInput, audit: AuditContext) {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.rol);
    const modulos = await normalizeGrants(tx, input.modulo);
    const [row] = await tx
      .insert(roles)
      .values({
        rol: input.rol,
        descripcion: input.descripcion,
        modulos,
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning();
    await recordAudit(tx, audit, { entity: 'role', entityId: row.id, action: 'create', after: row });
    return roleView(row);
  });
}

export async function updateRole(db: Db, id: string, input: RoleCreateInput, audit: AuditContext) {
  return (
    db
      .transaction(async (tx) => {
        const before = await findRole(tx, id);
        await assertNameFree(tx, input.rol, id);
        const modulos = await normalizeGrants(tx, input.modulo);
        const [row] = await tx
          .update(roles)
          .set({ rol: input.rol, descripcion: input.descripcion, modulos, updatedAt: new Date() })
          .where(eq(roles.id, id))
          .returning();
        await recordAudit(tx, audit, { entity: 'role', entityId: id, action: 'update', before, after: row });
        return roleView(row);
      })
      // Every cached principal holding this grant must see the change at once.
      .finally(forgetAllPrincipals)
  );
}

export async function setRoleStatus(db: Db, id: string, status: 'ACTIVO' | 'INACTIVO', audit: AuditContext) {
  return (
    db
      .transaction(async (tx) => {
        const before = await findRole(tx, id);
        const [row] = await tx
          .update(roles)
          .set({ status, updatedAt: new Date() })
          .where(eq(roles.id, id))
          .returning();
        await recordAudit(tx, audit, {
          entity: 'role',
          entityId: id,
          action: status === 'ACTIVO' ? 'activate' : 'deactivate',
          before: { logEstatusRegistro: before.status },
          after: { logEstatusRegistro: row.status },
        });
        return roleView(row);
      })
      // Every cached principal holding this grant must see the change at once.
      .finally(forgetAllPrincipals)
  );
}
