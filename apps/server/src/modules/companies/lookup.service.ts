/**
 * What other contexts may ask of the companies (razones sociales) and their branches without reading
 * their tables: whether one exists, its row, its name, which company a branch belongs to.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { localidades, sucursales } from '../../db/schema.ts';

export type CompanyRow = typeof localidades.$inferSelect;
export type BranchRow = typeof sucursales.$inferSelect;

export async function findCompany(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  const [company] = await db.select().from(localidades).where(eq(localidades.id, id)).limit(1);
  return company;
}

export async function findBranch(db: DbOrTx, id: string): Promise<BranchRow | undefined> {
  const [branch] = await db.select().from(sucursales).where(eq(sucursales.id, id)).limit(1);
  return branch;
}

export async function companyExists(db: DbOrTx, id: string): Promise<boolean> {
  const [company] = await db
    .select({ id: localidades.id })
    .from(localidades)
    .where(eq(localidades.id, id))
    .limit(1);
  return Boolean(company);
}

/** Locks the company's row until the transaction ends (serialises work that must not overlap per company). */
export async function lockCompany(tx: DbOrTx, id: string): Promise<void> {
  await tx.select({ id: localidades.id }).from(localidades).where(eq(localidades.id, id)).for('update');
}

/** The name of each of these companies that exists. */
export function companyNamesByIds(db: DbOrTx, ids: string[]) {
  return db
    .select({ id: localidades.id, nombre: localidades.nombre })
    .from(localidades)
    .where(inArray(localidades.id, ids));
}

/**
 * Every company's id and name as a subquery, for a context that lists its own rows by company name in one
 * query (joined on the id; the planner flattens it into a plain join on the table).
 */
export function companyNamesTable(db: DbOrTx) {
  return db.select({ id: localidades.id, nombre: localidades.nombre }).from(localidades).as('company_names');
}

export async function companyName(db: DbOrTx, id: string): Promise<string | undefined> {
  const [company] = await db
    .select({ nombre: localidades.nombre })
    .from(localidades)
    .where(eq(localidades.id, id));
  return company?.nombre;
}

/** The company of each of the given branches that exists. */
export async function companiesOfBranches(
  db: DbOrTx,
  branchIds: string[],
): Promise<Array<{ id: string; localidadId: string }>> {
  if (branchIds.length === 0) return [];
  return db
    .select({ id: sucursales.id, localidadId: sucursales.localidadId })
    .from(sucursales)
    .where(inArray(sucursales.id, branchIds));
}

/** Sets the automatic invoice numbering mode of a company or a branch (numbering decides when). */
export async function setInvoiceNumberingMode(
  tx: DbOrTx,
  tipo: 'Localidad' | 'Sucursal',
  id: string,
  mode: 'GLOBAL' | 'INDIVIDUAL' | 'INACTIVO',
): Promise<void> {
  if (tipo === 'Sucursal') {
    await tx
      .update(sucursales)
      .set({ asignaNroFacturas: mode, updatedAt: new Date() })
      .where(eq(sucursales.id, id));
  } else {
    await tx
      .update(localidades)
      .set({ asignaNroFacturas: mode, updatedAt: new Date() })
      .where(eq(localidades.id, id));
  }
}
