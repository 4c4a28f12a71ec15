import type { BranchInput, branchUpdateSchema, PageQuery, z } from '@sigece/fiscal';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { localidades, sucursales } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { assertActive, assertPlace, branchView, forgetCompanies, visibleCompany } from './service.ts';

export const BRANCH_SUCCESS = {
  created: 'Sucursal registrada',
  updated: 'Sucursal Modificada',
  params: 'Parametros actualizados con exito !!!',
} as const;

const branchScope = (scope: TenantScope) =>
  tenantCondition(scope, { localidad: sucursales.localidadId, sucursal: sucursales.id });

export async function listBranches(
  db: Db,
  scope: TenantScope,
  query: PageQuery & { status?: string; localidad?: string },
) {
  const term = query.search ? likePattern(query.search) : undefined;
  const where = and(
    branchScope(scope),
    term
      ? or(
          ilike(sucursales.nombre, term),
          ilike(sucursales.codigoSucursal, term),
          ilike(sucursales.direccion, term),
          ilike(localidades.nombre, term),
        )
      : undefined,
    query.status ? eq(sucursales.status, query.status) : undefined,
    query.localidad ? eq(sucursales.localidadId, query.localidad) : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(sucursales)
      .innerJoin(localidades, eq(localidades.id, sucursales.localidadId))
      .where(where),
    db
      .select({ branch: sucursales, company: localidades.nombre })
      .from(sucursales)
      .innerJoin(localidades, eq(localidades.id, sucursales.localidadId))
      .where(where)
      .orderBy(asc(localidades.nombre), asc(sucursales.codigoSucursal))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  return pageOf(
    query,
    rows.map((r) => ({ ...branchView(r.branch), localidad: r.company })),
    total,
  );
}

export async function branchesOfCompany(db: Db, scope: TenantScope, localidadId: string) {
  await visibleCompany(db, scope, localidadId);
  const rows = await db
    .select()
    .from(sucursales)
    .where(and(eq(sucursales.localidadId, localidadId), branchScope(scope)))
    .orderBy(asc(sucursales.codigoSucursal));
  return rows.map(branchView);
}

export async function visibleBranch(db: DbOrTx, scope: TenantScope, id: string) {
  const [row] = await db.select().from(sucursales).where(eq(sucursales.id, id)).limit(1);
  if (!row) throw notFound('Sucursal no encontrada');
  assertTenant(scope, { localidadId: row.localidadId, sucursalId: row.id });
  return row;
}

export async function addBranch(db: Db, scope: TenantScope, input: BranchInput, audit: AuditContext) {
  return db.transaction(async (tx) => {
    // The PDF jobs keep branches a moment (cachedIssuerRows): read again once this commits.
    forgetCompanies();
    assertActive(await visibleCompany(tx, scope, input.id_localidad));
    await assertPlace(tx, input.id_estado, input.id_municipio);
    const code = input.codigoSucursal.toUpperCase();
    const [taken] = await tx
      .select({ id: sucursales.id })
      .from(sucursales)
      .where(and(eq(sucursales.localidadId, input.id_localidad), eq(sucursales.codigoSucursal, code)))
      .limit(1);
    if (taken) throw conflict(`Ya existe una sucursal con el código ${code}`);
    const [row] = await tx
      .insert(sucursales)
      .values({
        localidadId: input.id_localidad,
        codigoSucursal: code,
        nombre: input.nombre,
        direccion: input.direccion,
        telefono: input.telefono,
        correo: input.correo.toLowerCase(),
        estadoId: input.id_estado,
        municipioId: input.id_municipio,
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning();
    await recordAudit(tx, audit, { entity: 'sucursal', entityId: row.id, action: 'create', after: row });
    return branchView(row);
  });
}

export async function updateBranch(
  db: Db,
  scope: TenantScope,
  input: z.infer<typeof branchUpdateSchema>,
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    // The PDF jobs keep branches a moment (cachedIssuerRows): read again once this commits.
    forgetCompanies();
    const before = await visibleBranch(tx, scope, input.id_sucursal);
    await assertPlace(tx, input.id_estado, input.id_municipio);
    const [row] = await tx
      .update(sucursales)
      .set({
        nombre: input.nombre,
        direccion: input.direccion,
        telefono: input.telefono,
        correo: input.correo.toLowerCase(),
        estadoId: input.id_estado,
        municipioId: input.id_municipio,
        updatedAt: new Date(),
      })
      .where(eq(sucursales.id, input.id_sucursal))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'sucursal',
      entityId: row.id,
      action: 'update',
      before,
      after: row,
    });
    return branchView(row);
  });
}

export async function setBranchFlag(
  db: Db,
  scope: TenantScope,
  id: string,
  flag: 'envioEmail' | 'marcaAguaFactura',
  value: boolean,
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    // The PDF jobs keep branches a moment (cachedIssuerRows): read again once this commits.
    forgetCompanies();
    const before = await visibleBranch(tx, scope, id);
    const [row] = await tx
      .update(sucursales)
      .set({ [flag]: value, updatedAt: new Date() })
      .where(eq(sucursales.id, id))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'sucursal',
      entityId: id,
      action: `param:${flag}`,
      before: { [flag]: before[flag] },
      after: { [flag]: value },
    });
    return branchView(row);
  });
}

export async function toggleBranch(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  return db.transaction(async (tx) => {
    // The PDF jobs keep branches a moment (cachedIssuerRows): read again once this commits.
    forgetCompanies();
    const before = await visibleBranch(tx, scope, id);
    const status = before.status === 'ACTIVO' ? 'INACTIVO' : 'ACTIVO';
    const [row] = await tx
      .update(sucursales)
      .set({ status, updatedAt: new Date() })
      .where(eq(sucursales.id, id))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'sucursal',
      entityId: id,
      action: status === 'ACTIVO' ? 'activate' : 'deactivate',
      before: { logEstatusRegistro: before.status },
      after: { logEstatusRegistro: status },
    });
    return branchView(row);
  });
}
