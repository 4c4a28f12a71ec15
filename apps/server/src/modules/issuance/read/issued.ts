import { caracasDayEnd, caracasDayStart, type Page, type PageQuery } from '@sigece/fiscal';
import { and, asc, eq, gte, ilike, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../../http/paging.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../../http/tenancy.ts';
import {
  type BranchName,
  type CompanyName,
  companyIdentity,
  issuerNames,
  issuerRows,
} from '../../companies/service.ts';
import type { BranchRow, CompanyRow, IssuerRef, Provenance, TipoDoc } from '../family.ts';
import { type RenderState, renderStates } from '../ledger/ledger.ts';

/**
 * Stored documents of any family read with the company and branch that issued them, and the list
 * pages every family shows (paging, the shared filters, the render state of each row). Companies and
 * branches are read through the companies module, never joined: a family's queries name only its own
 * tables ("modules reach each other through exported functions").
 */

/** The header columns every document table has (db/schema/columns.ts builds them). */
export interface HeaderColumns {
  id: AnyPgColumn;
  localidadId: AnyPgColumn;
  sucursalId: AnyPgColumn;
  fechaEmision: AnyPgColumn;
  deleted: AnyPgColumn;
  /** A test key's document: every family that issues through the API has it. */
  sandbox?: AnyPgColumn;
}

type DocumentTable = PgTable & HeaderColumns;

/**
 * Real documents only: what every reader of the books, the reports, the working lists
 * and the look-ups of real documents adds, so that a test key's document never counts as a real one.
 */
export const realDocuments = (table: { sandbox: AnyPgColumn }): SQL => eq(table.sandbox, false);

/**
 * The `sandbox` hook of a family's descriptor (issuance/family.ts) for a table with a `sandbox` column:
 * public verification asks it whether the document is a test one.
 */
export function sandboxHook(table: PgTable & { id: AnyPgColumn; sandbox: AnyPgColumn }) {
  return {
    async isSandbox(db: DbOrTx, id: string): Promise<boolean> {
      const [row] = (await db
        .select({ sandbox: table.sandbox })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .limit(1)) as Array<{ sandbox: boolean }>;
      return row?.sandbox === true;
    },
  };
}

/**
 * One stored document by id with the company and branch (null: head office) that issued it, and the
 * family's own `parts` (its lines, taxes…: queries by the same id), all read at once.
 */
export async function loadIssued<
  T extends DocumentTable,
  P extends Record<string, PromiseLike<unknown>> = Record<never, never>,
>(
  db: DbOrTx,
  table: T,
  id: string,
  missing: string,
  parts: P = {} as P,
): Promise<
  { doc: T['$inferSelect']; company: CompanyRow; branch: BranchRow | null } & {
    [K in keyof P]: Awaited<P[K]>;
  }
> {
  const names = Object.keys(parts) as Array<keyof P>;
  const [found, ...values] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .limit(1),
    ...names.map((name) => parts[name]),
  ]);
  const doc = (found as Array<T['$inferSelect'] & IssuerRef>)[0];
  if (!doc) throw notFound(missing);
  const { company, branch } = await issuerRows(db, doc.localidadId, doc.sucursalId);
  const read = Object.fromEntries(names.map((name, i) => [name, values[i]])) as {
    [K in keyof P]: Awaited<P[K]>;
  };
  return { doc, company, branch: branch ?? null, ...read };
}

/** The rows of a document's child table (lines, taxes), in `order`. */
export function readChildRows<C extends PgTable>(
  db: DbOrTx,
  child: C,
  parent: AnyPgColumn,
  id: string,
  order: AnyPgColumn,
): Promise<Array<C['$inferSelect']>> {
  return db
    .select()
    .from(child as PgTable)
    .where(eq(parent, id))
    .orderBy(asc(order)) as unknown as Promise<Array<C['$inferSelect']>>;
}

/** A document that is not deleted, by id, locked FOR UPDATE when asked (undefined: none). */
async function notDeleted<T extends DocumentTable>(db: DbOrTx, table: T, id: string, lock: boolean) {
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.deleted, false)))
    .limit(1);
  const [doc] = (lock ? await query.for('update') : await query) as Array<T['$inferSelect'] & IssuerRef>;
  return doc;
}

/**
 * A document that is not deleted, checked against the caller's tenancy: 404 with the family's `missing`
 * message when there is none, 403 for another company's (or branch's).
 */
export async function visibleIssued<T extends DocumentTable>(
  db: DbOrTx,
  table: T,
  scope: TenantScope,
  id: string,
  missing: string,
  lock = false,
): Promise<T['$inferSelect']> {
  const doc = await notDeleted(db, table, id, lock);
  if (!doc) throw notFound(missing);
  assertTenant(scope, { localidadId: doc.localidadId, sucursalId: doc.sucursalId });
  return doc;
}

/**
 * A document as the public verification page reads it (spec 002 §7), with its company's name and RIF; null
 * when there is none. A numbered document hidden from the lists ('Eliminar') is still found: its number
 * never disappears from public verification. An unnumbered deleted draft is not.
 */
export async function loadPublic<T extends DocumentTable & { nroControl: AnyPgColumn }>(
  db: DbOrTx,
  table: T,
  id: string,
): Promise<{ doc: T['$inferSelect']; company: { nombre: string; rif: string } } | null> {
  const [doc] = (await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), or(eq(table.deleted, false), isNotNull(table.nroControl))))
    .limit(1)) as Array<T['$inferSelect'] & IssuerRef>;
  const company = doc && (await companyIdentity(db, doc.localidadId));
  return doc && company ? { doc, company } : null;
}

/** The filters every document list takes besides its own (spec 001 §2: company, branch, Caracas days). */
export interface DocumentListQuery extends PageQuery {
  id_localidad?: string;
  id_sucursal?: string;
  fechaInicio?: string;
  fechaFin?: string;
}

/** The client's name and document number kept in a document's `cliente` jsonb: what the search box reads. */
export const clientSearchFields = (cliente: AnyPgColumn): SQL[] => [
  sql`${cliente}->>'identificacion'`,
  sql`${cliente}->>'numeroDocumento'`,
];

/**
 * A document list's WHERE: not deleted, real (not a test key's), within the caller's tenancy, the shared filters that have a
 * value, the family's own `filters`, and the search box (ILIKE, its wildcards escaped) over `searchIn`.
 */
export function documentListWhere(
  table: HeaderColumns,
  scope: TenantScope,
  q: DocumentListQuery,
  own: { filters?: Array<SQL | undefined>; searchIn: Array<AnyPgColumn | SQL> },
): SQL | undefined {
  const term = q.search ? likePattern(q.search) : undefined;
  return and(
    eq(table.deleted, false),
    // Test keys' documents stay out of the working lists: the ERP reads them by API.
    table.sandbox ? realDocuments({ sandbox: table.sandbox }) : undefined,
    tenantCondition(scope, { localidad: table.localidadId, sucursal: table.sucursalId }),
    q.id_localidad ? eq(table.localidadId, q.id_localidad) : undefined,
    q.id_sucursal ? eq(table.sucursalId, q.id_sucursal) : undefined,
    ...(own.filters ?? []),
    q.fechaInicio ? gte(table.fechaEmision, caracasDayStart(q.fechaInicio)) : undefined,
    q.fechaFin ? lt(table.fechaEmision, caracasDayEnd(q.fechaFin)) : undefined,
    term ? or(...own.searchIn.map((column) => ilike(column, term))) : undefined,
  );
}

/** A row of a list page with what the kernel and the companies module know of it. */
export interface Listed<R> {
  row: R;
  render: RenderState | undefined;
  company: CompanyName;
  branch: BranchName | null;
}

type IssuedRow = { id: string } & IssuerRef;

/**
 * One page of a family's list: the count and the page's rows (`columns` of `table`, sorted by
 * `orderBy`) in parallel, then each row's render state and issuer, handed to `view` as one batch.
 */
export async function documentPage<S extends SelectedFields, V>(
  db: DbOrTx,
  list: {
    table: DocumentTable;
    tipoDoc: TipoDoc;
    columns: S;
    where: SQL | undefined;
    orderBy: Array<AnyPgColumn | SQL>;
  },
  q: PageQuery,
  view: (rows: Array<Listed<SelectResultFields<S>>>) => V[] | Promise<V[]>,
): Promise<Page<V> & { code: number }> {
  const [total, found] = await Promise.all([
    db.$count(list.table, list.where),
    db
      .select(list.columns as SelectedFields)
      .from(list.table as PgTable)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(q.limit)
      .offset(offsetOf(q)),
  ]);
  const rows = found as unknown as Array<SelectResultFields<S> & IssuedRow>;
  const [states, issuerOf] = await Promise.all([
    renderStates(
      db,
      list.tipoDoc,
      rows.map((r) => r.id),
    ),
    issuerNames(db, rows),
  ]);
  const listed = rows.map((row) => ({ row, render: states.get(row.id), ...issuerOf(row) }));
  return pageOf(q, await view(listed), total);
}

/**
 * The descriptor's `provenance` for a family's table: the columns `db/schema/columns.ts` gives every
 * document table, so the timeline reads them without naming the family's table itself.
 */
export function provenanceOf(
  table: DocumentTable & {
    createdAt: AnyPgColumn;
    createdBy: AnyPgColumn;
    origen: AnyPgColumn;
    pdfGeneratedAt: AnyPgColumn;
  },
) {
  return async (db: DbOrTx, id: string): Promise<Provenance | null> => {
    const [row] = await db
      .select({
        createdAt: table.createdAt,
        createdBy: table.createdBy,
        origin: table.origen,
        pdfGeneratedAt: table.pdfGeneratedAt,
      })
      .from(table as PgTable)
      .where(eq(table.id, id))
      .limit(1);
    return (row as Provenance | undefined) ?? null;
  };
}
