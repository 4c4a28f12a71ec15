/** The companies (razones sociales) themselves: list, detail, create, update, switches, logo. */
import type { CompanyCreateInput, CompanyUpdateInput, PageQuery } from '@sigece/fiscal';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { certificados, cuentasTerceros, localidades, sucursales } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { placeNames, stateOfMunicipality } from '../reference/lookup.service.ts';
import type { Principal } from '../security/principal.ts';
import { forgetCompanies } from './cache.ts';
import { companyHooks } from './hooks.ts';
import { decodeLogo, decodeStamp } from './images.ts';
import type { CompanyRow } from './views.ts';
import { COMPANY_SUCCESS, companyView, withoutBinary } from './views.ts';

async function findCompany(db: DbOrTx, id: string): Promise<CompanyRow> {
  const [row] = await db.select().from(localidades).where(eq(localidades.id, id)).limit(1);
  if (!row) throw notFound('Razón social no encontrada');
  return row;
}

/** The company as the caller may see it: 404 when it does not exist, 403 when it is not theirs. */
export async function visibleCompany(db: DbOrTx, scope: TenantScope, id: string): Promise<CompanyRow> {
  const row = await findCompany(db, id);
  assertTenant(scope, { localidadId: row.id });
  return row;
}

export async function listCompanies(db: Db, scope: TenantScope, query: PageQuery & { status?: string }) {
  const term = query.search ? likePattern(query.search) : undefined;
  const where = and(
    tenantCondition(scope, { localidad: localidades.id }),
    term
      ? or(
          ilike(localidades.nombre, term),
          ilike(sql`${localidades.tipoDocumento} || '-' || ${localidades.numeroDocumento}`, term),
        )
      : undefined,
    query.status ? eq(localidades.status, query.status) : undefined,
  );
  const [total, rows] = await Promise.all([
    db.$count(localidades, where),
    db
      .select()
      .from(localidades)
      .where(where)
      .orderBy(asc(localidades.nombre))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  const ids = rows.map((r) => r.id);
  const branches = ids.length
    ? await db
        .select()
        .from(sucursales)
        .where(
          and(
            inArray(sucursales.localidadId, ids),
            tenantCondition(scope, { localidad: sucursales.localidadId, sucursal: sucursales.id }),
          ),
        )
        .orderBy(asc(sucursales.codigoSucursal))
    : [];
  const thirdParties = ids.length
    ? await db.select().from(cuentasTerceros).where(inArray(cuentasTerceros.localidadId, ids))
    : [];
  return pageOf(
    query,
    rows.map((c) =>
      companyView(c, {
        branches: branches.filter((b) => b.localidadId === c.id),
        thirdParties: thirdParties.filter((t) => t.localidadId === c.id),
      }),
    ),
    total,
  );
}

export async function companyDetail(db: Db, scope: TenantScope, id: string) {
  const company = await visibleCompany(db, scope, id);
  const place = await placeNames(db, company.estadoId, company.municipioId);
  const [branches, thirdParties, [certificate]] = await Promise.all([
    db
      .select()
      .from(sucursales)
      .where(
        and(
          eq(sucursales.localidadId, id),
          tenantCondition(scope, { localidad: sucursales.localidadId, sucursal: sucursales.id }),
        ),
      )
      .orderBy(asc(sucursales.codigoSucursal)),
    db
      .select()
      .from(cuentasTerceros)
      .where(eq(cuentasTerceros.localidadId, id))
      .orderBy(asc(cuentasTerceros.nombrePrestador)),
    db.select().from(certificados).where(eq(certificados.localidadId, id)).limit(1),
  ]);
  return {
    ...companyView(company, { ...place, branches, thirdParties, certificate }),
    controles: await companyHooks().controlBlocks(db, scope, id),
  };
}

/** The municipality exists and lies in the chosen state (companies and branches). */
export async function assertPlace(db: DbOrTx, estadoId: string, municipioId: string) {
  const municipio = await stateOfMunicipality(db, municipioId);
  if (!municipio)
    throw badRequest('El municipio no existe', [{ path: 'id_municipio', message: 'El municipio no existe' }]);
  if (municipio !== estadoId) {
    throw badRequest('El municipio no pertenece al estado seleccionado', [
      { path: 'id_municipio', message: 'El municipio no pertenece al estado seleccionado' },
    ]);
  }
}

async function assertRifFree(db: DbOrTx, tipo: string, numero: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: localidades.id })
    .from(localidades)
    .where(
      and(
        eq(localidades.tipoDocumento, tipo),
        eq(localidades.numeroDocumento, numero),
        exceptId ? sql`${localidades.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(`Ya existe una razón social con el RIF ${tipo}-${numero}`);
}

function companyValues(input: CompanyUpdateInput) {
  return {
    nombre: input.nombre,
    tipoDocumento: input.tipoDocumento,
    numeroDocumento: input.numeroDocumento,
    estadoId: input.id_estado,
    municipioId: input.id_municipio,
    direccion: input.direccion,
    telefono: input.telefono,
    correo: input.correo.toLowerCase(),
    contribuyenteEspecial: input.contribuyenteEspecial,
    aerolinea: input.aerolinea,
    tipoProveedor: input.tipoProveedor,
  };
}

/** A company created by someone who is not master admin is granted to them, or they could not see it. */
export async function createCompany(
  db: Db,
  actor: Principal,
  input: CompanyCreateInput,
  audit: AuditContext,
) {
  const logo = decodeLogo(input.logo);
  const sello = input.base64Sello ? decodeStamp(input.base64Sello) : null;
  const view = await db.transaction(async (tx) => {
    await assertPlace(tx, input.id_estado, input.id_municipio);
    await assertRifFree(tx, input.tipoDocumento, input.numeroDocumento);
    const [row] = await tx
      .insert(localidades)
      .values({ ...companyValues(input), logo, sello, createdBy: audit.userEmail ?? 'sistema' })
      .returning();
    if (!actor.masterAdmin) await companyHooks().grantToCreator(tx, actor.id, row.id);
    await recordAudit(tx, audit, {
      entity: 'localidad',
      entityId: row.id,
      action: 'create',
      after: withoutBinary(row),
    });
    return companyView(row);
  });
  // After the commit: the creator's cached principal must see the new company at once.
  if (!actor.masterAdmin) companyHooks().creatorChanged(actor.id);
  forgetCompanies();
  return view;
}

export async function updateCompany(
  db: Db,
  scope: TenantScope,
  id: string,
  input: CompanyUpdateInput,
  audit: AuditContext,
) {
  const logo = input.logo ? decodeLogo(input.logo) : undefined;
  const sello = input.base64Sello ? decodeStamp(input.base64Sello) : undefined;
  return db.transaction(async (tx) => {
    forgetCompanies();
    const before = await visibleCompany(tx, scope, id);
    await assertPlace(tx, input.id_estado, input.id_municipio);
    await assertRifFree(tx, input.tipoDocumento, input.numeroDocumento, id);
    const [row] = await tx
      .update(localidades)
      .set({
        ...companyValues(input),
        ...(logo ? { logo } : {}),
        ...(sello ? { sello } : {}),
        updatedAt: new Date(),
      })
      .where(eq(localidades.id, id))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'localidad',
      entityId: id,
      action: 'update',
      before: withoutBinary(before),
      after: withoutBinary(row),
    });
    return companyView(row);
  });
}

/** Flips ACTIVO ⇄ INACTIVO (spec 000 §4: 'Localidad fue Activada' or 'Localidad Inactiva'). */
export async function toggleCompany(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  return db.transaction(async (tx) => {
    forgetCompanies();
    const before = await visibleCompany(tx, scope, id);
    const status = before.status === 'ACTIVO' ? 'INACTIVO' : 'ACTIVO';
    const [row] = await tx
      .update(localidades)
      .set({ status, updatedAt: new Date() })
      .where(eq(localidades.id, id))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'localidad',
      entityId: id,
      action: status === 'ACTIVO' ? 'activate' : 'deactivate',
      before: { logEstatusRegistro: before.status },
      after: { logEstatusRegistro: status },
    });
    return {
      message: status === 'ACTIVO' ? COMPANY_SUCCESS.activated : COMPANY_SUCCESS.inactivated,
      result: companyView(row),
    };
  });
}

/** Company parameters: e-mail sending and watermark (spec 000 §7 activarEnvioEmail, activarMarcaAguaLocalidad). */
export async function setCompanyFlag(
  db: Db,
  scope: TenantScope,
  id: string,
  flag: 'envioEmail' | 'marcaAguaFactura',
  value: boolean,
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    forgetCompanies();
    const before = await visibleCompany(tx, scope, id);
    assertActive(before);
    const [row] = await tx
      .update(localidades)
      .set({ [flag]: value, updatedAt: new Date() })
      .where(eq(localidades.id, id))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'localidad',
      entityId: id,
      action: `param:${flag}`,
      before: { [flag]: before[flag] },
      after: { [flag]: value },
    });
    return companyView(row);
  });
}

export function assertActive(company: CompanyRow) {
  if (company.status !== 'ACTIVO') throw badRequest('La razón social está inactiva');
}

export async function companyLogo(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ logo: localidades.logo })
    .from(localidades)
    .where(eq(localidades.id, id))
    .limit(1);
  return row?.logo ?? null;
}
