import { type AnyColumn, and, inArray, isNull, or, SQL, sql } from 'drizzle-orm';
import { forbidden } from './errors.ts';

/**
 * Which companies (localidades) and branches (sucursales) a user may see. The one place tenancy is
 * decided: every query that touches company data goes through `tenantCondition` or `assertTenant`.
 *
 * Rules: a master admin sees everything. Anyone else sees the companies in `id_localidad[]`; when
 * `sucursales[]` is empty they see all of those companies' branches, otherwise only the listed branches
 * plus the company-level rows (those without a branch) of their granted companies.
 */
export interface TenantScope {
  all: boolean;
  localidades: readonly string[];
  sucursales: readonly string[];
}

export function scopeOf(user: {
  masterAdmin: boolean;
  localidades: readonly string[];
  sucursales: readonly string[];
}): TenantScope {
  return { all: user.masterAdmin, localidades: user.localidades, sucursales: user.sucursales };
}

export function canSeeCompany(scope: TenantScope, localidadId: string): boolean {
  return scope.all || scope.localidades.includes(localidadId);
}

export function canSeeRow(
  scope: TenantScope,
  row: { localidadId: string; sucursalId?: string | null },
): boolean {
  if (scope.all) return true;
  if (!scope.localidades.includes(row.localidadId)) return false;
  if (!row.sucursalId || scope.sucursales.length === 0) return true;
  return scope.sucursales.includes(row.sucursalId);
}

/**
 * A WHERE condition limiting rows to the scope; undefined means no restriction. The columns may be a
 * table's or a raw read model's (`sql\`c.id_localidad\``, as the reports over the ledger name them).
 */
export function tenantCondition(
  scope: TenantScope,
  columns: { localidad: AnyColumn | SQL; sucursal?: AnyColumn | SQL },
): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.localidades.length === 0) return sql`false`;
  const company = within(columns.localidad, scope.localidades);
  if (!columns.sucursal || scope.sucursales.length === 0) return company;
  return and(company, or(isNull(columns.sucursal), within(columns.sucursal, scope.sucursales)));
}

// Two calls of the same function: drizzle's inArray has one overload for a column and one for SQL.
const within = (column: AnyColumn | SQL, ids: readonly string[]) =>
  column instanceof SQL ? inArray(column, [...ids]) : inArray(column, [...ids]);

/** For writes and single reads: a foreign company or branch is answered as forbidden. */
export function assertTenant(
  scope: TenantScope,
  row: { localidadId: string; sucursalId?: string | null },
): void {
  if (!canSeeRow(scope, row)) throw forbidden('No tiene acceso a esta razón social o sucursal');
}
