import { eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import type { PdfStore } from './family.ts';

/** The columns (by these property names) a family's table keeps its signed PDF in (invoices: `facturas`). */
export interface PdfColumns {
  id: AnyPgColumn;
  pdf: AnyPgColumn;
  pdfSha256: AnyPgColumn;
  pdfGeneratedAt: AnyPgColumn;
  deleted: AnyPgColumn;
}

/**
 * The usual `PdfStore` over a family's table: the family passes its table and columns, so the kernel
 * never names it. A stored PDF is never replaced (the update applies only while the column is empty).
 */
export function pdfStoreOf(table: PgTable & PdfColumns): PdfStore {
  const c = table;
  const name = getTableName(table);
  const col = (column: AnyPgColumn) => sql.identifier(column.name);
  return {
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
        // ('Eliminar') still verifies publicly (issue 19 item 6).
        .where(eq(c.id, id))
        .limit(1);
      return (row?.sha as string | null | undefined) ?? null;
    },
  };
}
