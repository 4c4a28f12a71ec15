import { documentStatusLabel, formatRif, type Page, sandboxPublicNotice } from '@sigece/fiscal';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '../../../db/client.ts';
import { checksumBase64 } from '../../../documents/checksum.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import type { TipoDoc } from '../family.ts';
import {
  type DocumentListQuery,
  documentListWhere,
  documentPage,
  type HeaderColumns,
  type Listed,
  loadPublic,
} from './issued.ts';

/**
 * The read side of a family written once over a declarative part: the list page
 * (the shared filters, tenancy, search, paging, render state and issuer of each row) and the public
 * verification answer (status label, checksum, test-document notice, the issuer's name and RIF). The
 * family declares its table, its own filters and sort, and the projections the spec gives its screens.
 */

type DocumentTable = PgTable & HeaderColumns;

/** What a family declares of its list screen. */
export interface Listing<S extends SelectedFields, Q extends DocumentListQuery, V> {
  table: DocumentTable;
  tipoDoc: TipoDoc;
  /** The columns a row reads (never the PDF's bytes where the row does not need them). */
  columns: S;
  /** What the search box looks in. */
  searchIn: Array<AnyPgColumn | SQL>;
  /** The family's own filters over its own columns; those without a value are undefined. */
  filters?(q: Q): Array<SQL | undefined>;
  /** The rows' order, fixed or by the query's sort. */
  orderBy(q: Q): Array<AnyPgColumn | SQL>;
  /** The page's rows as the screen reads them, in one batch (a family may read more for all of them). */
  rows(db: DbOrTx, listed: Array<Listed<SelectResultFields<S>>>): V[] | Promise<V[]>;
}

/** The family's list: `(db, scope, query)` → one page `{ code, results, page, limit, totalPages, totalResults }`. */
export function documentList<S extends SelectedFields, Q extends DocumentListQuery, V>(
  spec: Listing<S, Q, V>,
): (db: DbOrTx, scope: TenantScope, q: Q) => Promise<Page<V> & { code: number }> {
  return (db, scope, q) =>
    documentPage(
      db,
      {
        table: spec.table,
        tipoDoc: spec.tipoDoc,
        columns: spec.columns,
        where: documentListWhere(spec.table, scope, q, {
          filters: spec.filters?.(q),
          searchIn: spec.searchIn,
        }),
        orderBy: spec.orderBy(q),
      },
      q,
      (listed) => spec.rows(db, listed),
    );
}

/** The columns the public answer reads besides the family's own. */
interface PublicRow {
  status: string;
  motivoAnulacion: string | null;
  pdf: Buffer | null;
  pdfSha256: string | null;
  sandbox: boolean;
  cliente?: unknown;
}

/** What a family declares of its public verification answer (spec 002 §7, §3 for vouchers). */
export interface PublicView<T extends DocumentTable & { nroControl: AnyPgColumn }> {
  table: T;
  /** The key the document goes under: `factura`, `nota`, `orden`, `data`. */
  key: string;
  /** The family's own fields, first and in the spec's order (never lines, amounts or e-mail addresses). */
  head(doc: T['$inferSelect']): object;
  /** The name of the "its PDF is signed" flag ('true'/'false'), where the family shows one. */
  generated?: string;
  /** Documents issued to a client show the client's RIF and name. */
  client?: boolean;
}

/**
 * The family's public answer by id, or null: `{ code: 200, [key]: { …head, estatus, logEstatusRegistro,
 * motivoAnulacion, [generated], checkedSumBase64, cliente, prueba/aviso }, localidaddetalle: { rif,
 * nombre } }`. `V` is the family's contract for it.
 */
export function publicView<V, T extends DocumentTable & { nroControl: AnyPgColumn }>(
  spec: PublicView<T>,
): (db: DbOrTx, id: string) => Promise<V | null> {
  return async (db, id) => {
    const found = await loadPublic(db, spec.table, id);
    if (!found) return null;
    const doc = found.doc as T['$inferSelect'] & PublicRow;
    const c = doc.cliente as { tipoDocumento: string; numeroDocumento: string; identificacion: string };
    const answer = {
      code: 200,
      [spec.key]: {
        ...spec.head(doc),
        estatus: documentStatusLabel(doc.status),
        logEstatusRegistro: doc.status,
        motivoAnulacion: doc.motivoAnulacion,
        ...(spec.generated ? { [spec.generated]: doc.pdf ? 'true' : 'false' } : {}),
        checkedSumBase64: checksumBase64(doc.pdfSha256),
        ...(spec.client
          ? {
              cliente: {
                rif: formatRif(c.tipoDocumento, c.numeroDocumento),
                identificacion: c.identificacion,
              },
            }
          : {}),
        // Verified publicly as what it is: a test document.
        ...sandboxPublicNotice(doc.sandbox),
      },
      localidaddetalle: { rif: found.company.rif, nombre: found.company.nombre },
    };
    return answer as V;
  };
}
