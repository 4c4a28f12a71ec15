import {
  CERTIFICATE_MAX_BYTES,
  COMPANY_MESSAGES,
  type CompanyCreateInput,
  type CompanyUpdateInput,
  formatRif,
  type PageQuery,
  type ThirdPartyInput,
} from '@sigece/fiscal';
import { type AnyColumn, and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { certificados, cuentasTerceros, localidades, sucursales } from '../../db/schema.ts';
import { ShortCache } from '../../db/short-cache.ts';
import { KeyStoreError, openKeyStore } from '../../documents/pkcs12.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import type { SecretBox } from '../../secrets.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { placeNames, stateOfMunicipality } from '../catalog/lookup.service.ts';
import { controlBlocks } from '../numbering/service.ts';
import type { Principal } from '../security/principal.ts';
import { forgetUser } from '../security/principal-cache.ts';
import { grantCompanyToUser } from '../security/users.service.ts';
import { decodeLogo, decodeStamp } from './images.ts';

type CompanyRow = typeof localidades.$inferSelect;
type BranchRow = typeof sucursales.$inferSelect;
type CertificateRow = typeof certificados.$inferSelect;

export const COMPANY_SUCCESS = {
  created: 'Localidad registrada',
  updated: 'Actualizado',
  activated: 'Localidad fue Activada',
  inactivated: 'Localidad Inactiva',
  certificate: 'Certificado registrada',
  params: 'Parametros actualizados con exito !!!',
  thirdPartyCreated: 'Cuenta de Terceros registrada',
  thirdPartyUpdated: 'Cuenta de Terceros Actualizada',
  thirdPartyDeleted: 'Cuenta de Terceros eliminada',
} as const;

export function branchView(b: BranchRow) {
  return {
    id: b.id,
    _id: b.id,
    id_sucursal: b.id,
    id_localidad: b.localidadId,
    codigoSucursal: b.codigoSucursal,
    nombre: b.nombre,
    direccion: b.direccion,
    telefono: b.telefono,
    correo: b.correo,
    id_estado: b.estadoId,
    id_municipio: b.municipioId,
    envioEmail: b.envioEmail,
    marcaAguaFactura: b.marcaAguaFactura,
    asignaNroFacturas: b.asignaNroFacturas,
    logEstatusRegistro: b.status,
    logFechaRegistro: b.createdAt.toISOString(),
    logFechaModificacion: b.updatedAt?.toISOString() ?? null,
  };
}

export function certificateView(c: CertificateRow | undefined) {
  if (!c) return null;
  return {
    keyStoreAlias: c.alias,
    subject: c.subject,
    issuer: c.issuer,
    serial: c.serial,
    validFrom: c.validFrom.toISOString(),
    validTo: c.validTo.toISOString(),
    registrado: (c.updatedAt ?? c.createdAt).toISOString(),
  };
}

export function thirdPartyView(t: typeof cuentasTerceros.$inferSelect) {
  return {
    _id: t.id,
    id: t.id,
    localidad: t.localidadId,
    nombrePrestador: t.nombrePrestador,
    rifPrestador: t.rifPrestador,
    domicilioPrestador: t.domicilioPrestador,
    tipoDocumento: t.rifPrestador.split('-')[0] ?? '',
    numeroDocumento: t.rifPrestador.split('-')[1] ?? '',
  };
}

interface CompanyExtras {
  estado?: string | null;
  municipio?: string | null;
  branches?: BranchRow[];
  thirdParties?: Array<typeof cuentasTerceros.$inferSelect>;
  certificate?: CertificateRow;
}

export function companyView(c: CompanyRow, extras: CompanyExtras = {}) {
  return {
    _id: c.id,
    id: c.id,
    nombre: c.nombre,
    tipoDocumento: c.tipoDocumento,
    numeroDocumento: c.numeroDocumento,
    rif: formatRif(c.tipoDocumento, c.numeroDocumento),
    id_estado: c.estadoId,
    id_municipio: c.municipioId,
    estado: extras.estado ?? null,
    municipio: extras.municipio ?? null,
    direccion: c.direccion,
    telefono: c.telefono,
    correo: c.correo,
    contribuyenteEspecial: c.contribuyenteEspecial,
    aerolinea: c.aerolinea,
    tipoProveedor: c.tipoProveedor,
    rutaLogo: c.logo ? `/v2/mantenimiento/localidad/logo/${c.id}` : null,
    tieneSello: c.sello !== null,
    envioEmail: c.envioEmail,
    marcaAguaFactura: c.marcaAguaFactura,
    asignaNroFacturas: c.asignaNroFacturas,
    cuentaTerceros: (extras.thirdParties?.length ?? 0) > 0,
    lstSucursales: (extras.branches ?? []).map(branchView),
    lstCuentaTerceros: (extras.thirdParties ?? []).map(thirdPartyView),
    certificado: certificateView(extras.certificate),
    logEstatusRegistro: c.status,
    logFechaRegistro: c.createdAt.toISOString(),
    logUsername: c.createdBy,
    logFechaModificacion: c.updatedAt?.toISOString() ?? null,
  };
}
export type CompanyView = ReturnType<typeof companyView>;

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
    controles: await controlBlocks(db, scope, id),
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
    if (!actor.masterAdmin) await grantCompanyToUser(tx, actor.id, row.id);
    await recordAudit(tx, audit, {
      entity: 'localidad',
      entityId: row.id,
      action: 'create',
      after: withoutBinary(row),
    });
    return companyView(row);
  });
  // After the commit: the creator's cached principal must see the new company at once.
  if (!actor.masterAdmin) forgetUser(actor.id);
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

/** Opens the key store to prove alias and password, then keeps both encrypted. Never returned. */
export async function uploadCertificate(
  db: Db,
  secrets: SecretBox,
  scope: TenantScope,
  id: string,
  input: { file: Buffer | undefined; keyStoreAlias: string; keyStorePassword: string },
  audit: AuditContext,
) {
  if (!input.file || input.file.length === 0) {
    throw badRequest(COMPANY_MESSAGES.certificateRequired, [
      { path: 'certificado', message: COMPANY_MESSAGES.certificateRequired },
    ]);
  }
  if (input.file.length > CERTIFICATE_MAX_BYTES) {
    throw badRequest(COMPANY_MESSAGES.fileTooHeavy, [
      { path: 'certificado', message: COMPANY_MESSAGES.fileTooHeavy },
    ]);
  }
  // Whose company it is comes first: a foreign user learns nothing about the key store.
  assertActive(await visibleCompany(db, scope, id));
  let info: ReturnType<typeof openKeyStore>;
  try {
    info = openKeyStore(input.file, input.keyStorePassword, input.keyStoreAlias);
  } catch (error) {
    if (error instanceof KeyStoreError) throw badRequest(error.message);
    throw error;
  }
  return db.transaction(async (tx) => {
    forgetCompanies();
    const company = await visibleCompany(tx, scope, id);
    assertActive(company);
    const values = {
      alias: info.alias,
      archivoCifrado: secrets.seal(input.file!),
      claveCifrada: secrets.seal(Buffer.from(input.keyStorePassword, 'utf8')),
      subject: info.subject,
      issuer: info.issuer,
      serial: info.serial,
      validFrom: info.validFrom,
      validTo: info.validTo,
    };
    const [before] = await tx.select().from(certificados).where(eq(certificados.localidadId, id)).limit(1);
    const [row] = before
      ? await tx
          .update(certificados)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(certificados.localidadId, id))
          .returning()
      : await tx
          .insert(certificados)
          .values({ localidadId: id, ...values, createdBy: audit.userEmail ?? 'sistema' })
          .returning();
    await recordAudit(tx, audit, {
      entity: 'certificado',
      entityId: id,
      action: before ? 'replace' : 'create',
      before: certificateView(before),
      after: certificateView(row),
    });
    return certificateView(row)!;
  });
}

export interface CompanyKeyStore {
  alias: string;
  file: Buffer;
  password: string;
}

/** For signing documents (the invoices issue): the decrypted key store of a company, if any. */
export async function companyKeyStore(
  db: DbOrTx,
  secrets: SecretBox,
  localidadId: string,
): Promise<CompanyKeyStore | null> {
  const [row] = await db
    .select()
    .from(certificados)
    .where(eq(certificados.localidadId, localidadId))
    .limit(1);
  if (!row) return null;
  return {
    alias: row.alias,
    file: secrets.open(row.archivoCifrado),
    password: secrets.open(row.claveCifrada).toString('utf8'),
  };
}

// --- Third-party accounts (cuentas de terceros) ----------------------------------------------------

export async function listThirdParties(db: Db, scope: TenantScope, localidadId: string) {
  await visibleCompany(db, scope, localidadId);
  const rows = await db
    .select()
    .from(cuentasTerceros)
    .where(eq(cuentasTerceros.localidadId, localidadId))
    .orderBy(asc(cuentasTerceros.nombrePrestador));
  return rows.map(thirdPartyView);
}

export async function addThirdParty(db: Db, scope: TenantScope, input: ThirdPartyInput, audit: AuditContext) {
  return db.transaction(async (tx) => {
    assertActive(await visibleCompany(tx, scope, input.localidad));
    const [row] = await tx
      .insert(cuentasTerceros)
      .values({
        localidadId: input.localidad,
        nombrePrestador: input.nombrePrestador,
        rifPrestador: input.rifPrestador,
        domicilioPrestador: input.domicilioPrestador,
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning();
    await recordAudit(tx, audit, { entity: 'cuentaTercero', entityId: row.id, action: 'create', after: row });
    return thirdPartyView(row);
  });
}

async function visibleThirdParty(db: DbOrTx, scope: TenantScope, id: string) {
  const [row] = await db.select().from(cuentasTerceros).where(eq(cuentasTerceros.id, id)).limit(1);
  if (!row) throw notFound('Cuenta de terceros no encontrada');
  assertTenant(scope, { localidadId: row.localidadId });
  return row;
}

export async function updateThirdParty(
  db: Db,
  scope: TenantScope,
  id: string,
  input: ThirdPartyInput,
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    const before = await visibleThirdParty(tx, scope, id);
    if (before.localidadId !== input.localidad)
      throw badRequest('La cuenta de terceros pertenece a otra razón social');
    const [row] = await tx
      .update(cuentasTerceros)
      .set({
        nombrePrestador: input.nombrePrestador,
        rifPrestador: input.rifPrestador,
        domicilioPrestador: input.domicilioPrestador,
        updatedAt: new Date(),
      })
      .where(eq(cuentasTerceros.id, id))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'cuentaTercero',
      entityId: id,
      action: 'update',
      before,
      after: row,
    });
    return thirdPartyView(row);
  });
}

export async function deleteThirdParty(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const before = await visibleThirdParty(tx, scope, id);
    await tx.delete(cuentasTerceros).where(eq(cuentasTerceros.id, id));
    await recordAudit(tx, audit, { entity: 'cuentaTercero', entityId: id, action: 'delete', before });
    return thirdPartyView(before);
  });
}

function withoutBinary(row: CompanyRow) {
  const { logo, sello, ...rest } = row;
  return { ...rest, logoBytes: logo?.length ?? 0, selloBytes: sello?.length ?? 0 };
}

// --- What the issuance kernel asks of companies and branches ---------------------------------------

/**
 * Companies by RIF as the issuance kernel reads them for every document, kept ISSUER_CACHE_MS (a burst of
 * documents of one company reads its row once). The company writes below clear it when they start (see
 * ShortCache.clear: nothing is kept until their commit); another process's write is seen within
 * ISSUER_CACHE_MS.
 */
export const ISSUER_CACHE_MS = 2_000;
const companiesByRif = new ShortCache<CompanyRow | undefined>(ISSUER_CACHE_MS, 256);

/** Companies and branches by id, and companies' key stores, as every PDF job reads them (same rule). */
const issuersById = new ShortCache<{ company: CompanyRow; branch: BranchRow | undefined }>(
  ISSUER_CACHE_MS,
  256,
);
const keyStores = new ShortCache<CompanyKeyStore | null>(ISSUER_CACHE_MS, 256);

/**
 * A company, one of its branches or its certificate is being written (status, flags, data, logo, key
 * store): the cached ones are read again.
 */
export function forgetCompanies(): void {
  companiesByRif.clear();
  issuersById.clear();
  keyStores.clear();
}

/** `issuerRows` through the short cache above: for the PDF jobs, outside any transaction. */
export function cachedIssuerRows(db: Db, localidadId: string, sucursalId: string | null) {
  return issuersById.get(db, `${localidadId}|${sucursalId ?? ''}`, () =>
    issuerRows(db, localidadId, sucursalId),
  );
}

/** `companyKeyStore` through the short cache above. */
export function cachedCompanyKeyStore(db: Db, secrets: SecretBox, localidadId: string) {
  return keyStores.get(db, localidadId, () => companyKeyStore(db, secrets, localidadId));
}

/** `companyByRif` through the short cache above: for intake, outside any transaction. */
export function cachedCompanyByRif(
  db: Db,
  tipoDocumento: string,
  numeroDocumento: string,
): Promise<CompanyRow | undefined> {
  return companiesByRif.get(db, `${tipoDocumento}-${numeroDocumento}`, () =>
    companyByRif(db, tipoDocumento, numeroDocumento),
  );
}

/** A company by its RIF parts, or undefined. */
export async function companyByRif(
  db: DbOrTx,
  tipoDocumento: string,
  numeroDocumento: string,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .select()
    .from(localidades)
    .where(
      and(eq(localidades.tipoDocumento, tipoDocumento), eq(localidades.numeroDocumento, numeroDocumento)),
    )
    .limit(1);
  return row;
}

/** A company's branch by its code (upper-cased), or undefined. */
export async function branchByCode(
  db: DbOrTx,
  localidadId: string,
  codigoSucursal: string,
): Promise<BranchRow | undefined> {
  const [row] = await db
    .select()
    .from(sucursales)
    .where(
      and(
        eq(sucursales.localidadId, localidadId),
        eq(sucursales.codigoSucursal, codigoSucursal.toUpperCase()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The company and (when given) the branch a stored document was issued by, as its PDF shows them; a
 * missing company is a 404 with `missing`.
 */
export async function issuerRows(
  db: DbOrTx,
  localidadId: string,
  sucursalId: string | null,
  missing = 'Empresa no encontrada',
): Promise<{ company: CompanyRow; branch: BranchRow | undefined }> {
  const [[company], branch] = await Promise.all([
    db.select().from(localidades).where(eq(localidades.id, localidadId)).limit(1),
    sucursalId
      ? db
          .select()
          .from(sucursales)
          .where(eq(sucursales.id, sucursalId))
          .limit(1)
          .then((rows) => rows[0])
      : undefined,
  ]);
  if (!company) throw notFound(missing);
  return { company, branch };
}

/** A company as a document list shows it beside each row. */
export interface CompanyName {
  nombre: string;
  tipoDocumento: string;
  numeroDocumento: string;
  rif: string;
}

/** A branch as a document list shows it beside each row. */
export interface BranchName {
  nombre: string;
  codigoSucursal: string;
}

/**
 * The companies and branches a page of documents was issued by, in two queries (one per table) instead
 * of a join in every family's list: returns the names of one row's issuer.
 */
export async function issuerNames(
  db: DbOrTx,
  docs: ReadonlyArray<{ localidadId: string; sucursalId: string | null }>,
): Promise<
  (doc: { localidadId: string; sucursalId: string | null }) => {
    company: CompanyName;
    branch: BranchName | null;
  }
> {
  const companyIds = [...new Set(docs.map((d) => d.localidadId))];
  const branchIds = [...new Set(docs.flatMap((d) => (d.sucursalId ? [d.sucursalId] : [])))];
  const [companies, branches] = await Promise.all([
    companyIds.length === 0
      ? []
      : db
          .select({
            id: localidades.id,
            nombre: localidades.nombre,
            tipoDocumento: localidades.tipoDocumento,
            numeroDocumento: localidades.numeroDocumento,
          })
          .from(localidades)
          .where(inArray(localidades.id, companyIds)),
    branchIds.length === 0
      ? []
      : db
          .select({ id: sucursales.id, nombre: sucursales.nombre, codigoSucursal: sucursales.codigoSucursal })
          .from(sucursales)
          .where(inArray(sucursales.id, branchIds)),
  ]);
  const byCompany = new Map(
    companies.map(({ id, ...c }) => [id, { ...c, rif: formatRif(c.tipoDocumento, c.numeroDocumento) }]),
  );
  const byBranch = new Map(branches.map(({ id, ...b }) => [id, b]));
  return (doc) => {
    // Documents reference their company by a foreign key: a missing one is a broken database.
    const company = byCompany.get(doc.localidadId);
    if (!company) throw notFound('Empresa no encontrada');
    return { company, branch: (doc.sucursalId && byBranch.get(doc.sucursalId)) || null };
  };
}

/**
 * A condition on a document's company column: issued by the company with this RIF, written without its
 * dash ('J123456789'). A subquery, so a family's list can filter on it without joining `localidades`.
 */
export function issuedByRif(companyColumn: AnyColumn, compactRif: string): SQL {
  return sql`${companyColumn} in (select ${localidades.id} from ${localidades} where ${localidades.tipoDocumento} || ${localidades.numeroDocumento} = ${compactRif})`;
}

/** The name of a document's company, as a scalar subquery a family's list can sort on without a join. */
export function companyNameOf(companyColumn: AnyColumn): SQL {
  return sql`(select ${localidades.nombre} from ${localidades} where ${localidades.id} = ${companyColumn})`;
}

/** A condition on a document's branch column: issued by a branch with this code (no branch: false). */
export function issuedByBranchCode(branchColumn: AnyColumn, codigoSucursal: string): SQL {
  return sql`${branchColumn} in (select ${sucursales.id} from ${sucursales} where ${sucursales.codigoSucursal} = ${codigoSucursal})`;
}

/** Name and RIF of a company, as documents and e-mails show them. */
export async function companyIdentity(
  db: DbOrTx,
  localidadId: string,
): Promise<{ nombre: string; rif: string } | undefined> {
  const [row] = await db
    .select({
      nombre: localidades.nombre,
      tipo: localidades.tipoDocumento,
      numero: localidades.numeroDocumento,
    })
    .from(localidades)
    .where(eq(localidades.id, localidadId))
    .limit(1);
  return row && { nombre: row.nombre, rif: formatRif(row.tipo, row.numero) };
}

/** Whether documents of this company (or of this branch, which may also turn it on) go out by e-mail. */
export async function sendsDocumentsByEmail(
  db: DbOrTx,
  localidadId: string,
  sucursalId: string | null,
): Promise<boolean> {
  const [company] = await db
    .select({ envio: localidades.envioEmail })
    .from(localidades)
    .where(eq(localidades.id, localidadId));
  if (!sucursalId) return Boolean(company?.envio);
  const [branch] = await db
    .select({ envio: sucursales.envioEmail })
    .from(sucursales)
    .where(eq(sucursales.id, sucursalId));
  return branch ? Boolean(branch.envio || company?.envio) : Boolean(company?.envio);
}
