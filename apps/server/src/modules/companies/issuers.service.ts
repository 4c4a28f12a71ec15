/** What the issuance kernel and the document modules ask of companies and branches. */
import { formatRif } from '@sigece/fiscal';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { localidades, sucursales } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { SecretBox } from '../../secrets.ts';
import { companiesByRif, issuersById, keyStores } from './cache.ts';
import { companyKeyStore } from './certificates.service.ts';
import type { BranchRow, CompanyRow } from './views.ts';

/** `issuerRows` through the short cache (cache.ts): for the PDF jobs, outside any transaction. */
export function cachedIssuerRows(db: Db, localidadId: string, sucursalId: string | null) {
  return issuersById.get(db, `${localidadId}|${sucursalId ?? ''}`, () =>
    issuerRows(db, localidadId, sucursalId),
  );
}

/** `companyKeyStore` through the short cache (cache.ts). */
export function cachedCompanyKeyStore(db: Db, secrets: SecretBox, localidadId: string) {
  return keyStores.get(db, localidadId, () => companyKeyStore(db, secrets, localidadId));
}

/** `companyByRif` through the short cache (cache.ts): for intake, outside any transaction. */
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
