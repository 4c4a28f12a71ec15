import { eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import type { PdfStore, TipoDoc } from '../family.ts';

/** The columns (by these property names) a family's table keeps its signed PDF in (invoices: `facturas`). */
export interface PdfColumns {
  id: AnyPgColumn;
  pdf: AnyPgColumn;
  pdfSha256: AnyPgColumn;
  pdfGeneratedAt: AnyPgColumn;
  deleted: AnyPgColumn;
}

/** One signed PDF to store: the document's id, the bytes, their SHA-256 (hex). */
export interface SignedPdf {
  id: string;
  pdf: Buffer;
  sha256: string;
}

/**
 * Stores many signed PDFs of one family in ONE statement (the render job's batch), with the same rule as
 * `save` for each: stored only while none is, and then marked generated in the ledger. Answers the ids it
 * stored.
 */
export type SaveMany = (db: DbOrTx, tipoDoc: TipoDoc, pdfs: SignedPdf[]) => Promise<Set<string>>;

const batchSavers = new WeakMap<PdfStore, SaveMany>();

/** The one-statement store of many PDFs, for a store made by `pdfStoreOf`; undefined for any other. */
export const saveManyOf = (store: PdfStore): SaveMany | undefined => batchSavers.get(store);

/**
 * The usual `PdfStore` over a family's table: the family passes its table and columns, so the kernel
 * never names it. A stored PDF is never replaced (the update applies only while the column is empty).
 */
export function pdfStoreOf(table: PgTable & PdfColumns): PdfStore {
  const c = table;
  const name = getTableName(table);
  const col = (column: AnyPgColumn) => sql.identifier(column.name);
  const saveMany: SaveMany = async (db, tipoDoc, pdfs) => {
    if (pdfs.length === 0) return new Set();
    const now = new Date();
    // Rows locked in id order: two batches that share a document (a job handed back while still running)
    // wait for each other instead of deadlocking.
    const rows = [...pdfs]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p) => sql`(${p.id}::uuid, ${p.pdf}::bytea, ${p.sha256}::text)`);
    const result = (await db.execute(sql`
      with v (id, pdf, sha) as (values ${sql.join(rows, sql`, `)}),
      saved as (
        update ${sql.identifier(name)} t set ${col(c.pdf)} = v.pdf, ${col(c.pdfSha256)} = v.sha,
               ${col(c.pdfGeneratedAt)} = ${now}::timestamptz
          from v
         where t.${col(c.id)} = v.id and t.${col(c.pdf)} is null
         returning t.${col(c.id)} as id),
      marked as (
        update control_numbers set pdf_estado = 'GENERADA', pdf_error = null, pdf_actualizado = ${now}::timestamptz
         where tipo_doc = ${tipoDoc} and id_documento in (select id from saved))
      select id::text as id from saved`)) as unknown as { rows: Array<{ id: string }> };
    return new Set(result.rows.map((r) => r.id));
  };
  const store: PdfStore = {
    async save(db: DbOrTx, tipoDoc, id, pdf, sha256Hex) {
      // One statement, so one round trip and atomic without BEGIN/COMMIT: the PDF goes in while none is
      // stored, and the ledger marks it generated only if it did.
      const now = new Date();
      const result = (await db.execute(sql`
        with saved as (
          update ${sql.identifier(name)} set ${col(c.pdf)} = ${pdf}, ${col(c.pdfSha256)} = ${sha256Hex},
                 ${col(c.pdfGeneratedAt)} = ${now}::timestamptz
           where ${col(c.id)} = ${id}::uuid and ${col(c.pdf)} is null
           returning ${col(c.id)} as id),
        marked as (
          update control_numbers set pdf_estado = 'GENERADA', pdf_error = null, pdf_actualizado = ${now}::timestamptz
           where tipo_doc = ${tipoDoc} and id_documento in (select id from saved))
        select count(*)::int as n from saved`)) as unknown as { rows: Array<{ n: number }> };
      return Number(result.rows[0]?.n ?? 0) > 0;
    },
    async read(db: DbOrTx, id) {
      const [row] = await db.select({ pdf: c.pdf }).from(table).where(eq(c.id, id)).limit(1);
      return (row?.pdf as Buffer | null | undefined) ?? null;
    },
    async checksum(db: DbOrTx, id) {
      const [row] = await db
        .select({ sha: c.pdfSha256 })
        .from(table)
        // A PDF is stored only once a number is assigned: a numbered document hidden from the lists
        // ('Eliminar') still verifies publicly.
        .where(eq(c.id, id))
        .limit(1);
      return (row?.sha as string | null | undefined) ?? null;
    },
  };
  batchSavers.set(store, saveMany);
  return store;
}
