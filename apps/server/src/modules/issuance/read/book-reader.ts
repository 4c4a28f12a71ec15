// A family's numbered documents as the books read them (reports/sales-book), written once over the family's
// declarative part: one page at a time in control-number order, so that a month of any
// size is streamed, never loaded whole, and the families sharing one control-number sequence (invoices
// and notes) merge as sorted streams.
import { caracasDayEnd, caracasDayStart, formatRif, TAXPAYER_DOCUMENT_TYPES } from '@sigece/fiscal';
import { and, asc, eq, getTableName, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '../../../db/client.ts';
import { type TenantScope, tenantCondition } from '../../../http/tenancy.ts';
import { realDocuments } from './issued.ts';

/** Which documents a book covers: a company, optionally one branch, and Caracas days [inicio, fin]. */
export interface BookFilter {
  localidadId: string;
  sucursalId?: string;
  fechaInicio: string;
  fechaFin: string;
  /** Only buyers that are taxpayers (true) or final consumers (false): the book's sections (RLIVA art. 78). */
  contribuyente?: boolean;
}

/** Where a page ends: the next page starts after this control number. */
export interface BookCursor {
  serie: string;
  numero: number;
}

/**
 * The condition of a document whose client (jsonb `cliente`) is a taxpayer or not, as the fiscal
 * isTaxpayerBuyer reads the client's document type; none when the filter does not ask.
 */
export function buyerCondition(cliente: unknown, contribuyente: boolean | undefined) {
  if (contribuyente === undefined) return undefined;
  const types = sql.join(
    TAXPAYER_DOCUMENT_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const isTaxpayer = sql`upper(coalesce(${cliente}->>'tipoDocumento', '')) in (${types})`;
  return contribuyente ? isTaxpayer : sql`not (${isTaxpayer})`;
}

/** The columns of a document table a period reads. */
interface PeriodColumns {
  localidadId: AnyPgColumn;
  sucursalId: AnyPgColumn;
  fechaEmision: AnyPgColumn;
  sandbox: AnyPgColumn;
}

/**
 * A company's (or one branch's) real documents issued in the Caracas days [inicio, fin], within the
 * caller's tenancy when a scope is given: what every book and report of a family reads.
 */
export function bookPeriod(
  table: PeriodColumns,
  filter: Pick<BookFilter, 'localidadId' | 'sucursalId' | 'fechaInicio' | 'fechaFin'>,
  scope?: TenantScope,
): SQL | undefined {
  return and(
    eq(table.localidadId, filter.localidadId),
    filter.sucursalId ? eq(table.sucursalId, filter.sucursalId) : undefined,
    scope ? tenantCondition(scope, { localidad: table.localidadId, sucursal: table.sucursalId }) : undefined,
    // Test keys' documents are in no book.
    realDocuments(table),
    gte(table.fechaEmision, caracasDayStart(filter.fechaInicio)),
    lt(table.fechaEmision, caracasDayEnd(filter.fechaFin)),
  );
}

/** One rate's base and tax of a document, as the book adds them. */
export interface BookTax {
  alicuota: string;
  baseImponible: string;
  montoAlicuota: string;
}

/** What every family's book row carries. */
export interface BookDocument {
  id: string;
  serie: string;
  numero: number;
  nroControl: string;
  fechaEmision: Date;
  rif: string;
  nombre: string;
  status: string;
  moneda: string;
  tasaCambio: string | null;
  totalExento: string;
  totalExonerado: string;
  importeTotal: string;
  sucursalId: string | null;
  gravamenes: BookTax[];
}

type BookTable = PgTable &
  PeriodColumns & {
    id: AnyPgColumn;
    serie: AnyPgColumn;
    numeroControl: AnyPgColumn;
    nroControl: AnyPgColumn;
    cliente: AnyPgColumn;
    status: AnyPgColumn;
    moneda: AnyPgColumn;
    tasaCambio: AnyPgColumn;
    totalExento: AnyPgColumn;
    totalExonerado: AnyPgColumn;
    importeTotal: AnyPgColumn;
  };

/** What a family declares of its book. */
export interface BookSource<S extends SelectedFields, B> {
  table: BookTable;
  /** The family's tax table: one row per rate, by the document's id. */
  taxes: {
    table: PgTable;
    documentId: AnyPgColumn;
    alicuota: AnyPgColumn;
    base: AnyPgColumn;
    monto: AnyPgColumn;
  };
  /** The family's own columns (a shared one named here replaces the table's, e.g. `importeTotal`). */
  columns: S;
  /** The family's row: the shared part and its own fields. */
  row(shared: BookDocument, own: SelectResultFields<S>): B;
}

/**
 * The family's book reader: up to `limit` numbered documents of the filter and scope after `cursor`, in
 * control-number order, each with its taxes. Annulled documents are included: the book lists them as
 * annulled. Documents hidden from the lists ('Eliminar') too: a number assigned never disappears from
 * the fiscal records (Providencia SNAT/2024/000102 as read).
 */
export function bookReader<S extends SelectedFields, B>(spec: BookSource<S, B>) {
  const t = spec.table;
  const g = spec.taxes;
  // Qualified by hand: in a one-table select drizzle writes a column bare, which inside the subquery
  // would name the tax table's own `id`.
  const documentId = sql`${sql.identifier(getTableName(t))}.${sql.identifier(t.id.name)}`;
  const shared = {
    id: t.id,
    serie: t.serie,
    numero: t.numeroControl,
    nroControl: t.nroControl,
    fechaEmision: t.fechaEmision,
    cliente: t.cliente,
    status: t.status,
    moneda: t.moneda,
    tasaCambio: t.tasaCambio,
    totalExento: t.totalExento,
    totalExonerado: t.totalExonerado,
    importeTotal: t.importeTotal,
    sucursalId: t.sucursalId,
    gravamenes: sql<BookTax[] | null>`(select json_agg(json_build_object(
        'alicuota', ${g.alicuota}::text, 'baseImponible', ${g.base}::text, 'montoAlicuota', ${g.monto}::text)
        order by ${g.alicuota}) from ${g.table} where ${g.documentId} = ${documentId})`,
  };
  return async (
    db: DbOrTx,
    scope: TenantScope,
    filter: BookFilter,
    cursor: BookCursor | null,
    limit: number,
  ): Promise<B[]> => {
    const rows = (await db
      .select({ ...shared, ...spec.columns } as SelectedFields)
      .from(t as PgTable)
      .where(
        and(
          bookPeriod(t, filter, scope),
          isNotNull(t.numeroControl),
          isNotNull(t.serie),
          cursor ? sql`(${t.serie}, ${t.numeroControl}) > (${cursor.serie}, ${cursor.numero})` : undefined,
          buyerCondition(t.cliente, filter.contribuyente),
        ),
      )
      .orderBy(asc(t.serie), asc(t.numeroControl))
      .limit(limit)) as Array<Record<string, unknown>>;
    return rows.map((r) => {
      const c = r.cliente as { tipoDocumento?: string; numeroDocumento?: string; identificacion?: string };
      const doc: BookDocument = {
        id: r.id as string,
        serie: (r.serie as string | null) ?? '',
        numero: (r.numero as number | null) ?? 0,
        nroControl: (r.nroControl as string | null) ?? '',
        fechaEmision: r.fechaEmision as Date,
        rif: formatRif(c.tipoDocumento ?? '', c.numeroDocumento ?? ''),
        nombre: c.identificacion ?? '',
        status: r.status as string,
        moneda: r.moneda as string,
        tasaCambio: r.tasaCambio as string | null,
        totalExento: r.totalExento as string,
        totalExonerado: r.totalExonerado as string,
        importeTotal: r.importeTotal as string,
        sucursalId: r.sucursalId as string | null,
        gravamenes: (r.gravamenes as BookTax[] | null) ?? [],
      };
      return spec.row(doc, r as SelectResultFields<S>);
    });
  };
}
