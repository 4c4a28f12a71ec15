import { and, eq, isNull } from 'drizzle-orm';
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
  return {
    async save(tx: DbOrTx, id, pdf, sha256Hex) {
      const saved = await tx
        .update(table)
        .set({ pdf, pdfSha256: sha256Hex, pdfGeneratedAt: new Date() } as never)
        .where(and(eq(c.id, id), isNull(c.pdf)))
        .returning({ id: c.id });
      return saved.length > 0;
    },
    async read(db: DbOrTx, id) {
      const [row] = await db.select({ pdf: c.pdf }).from(table).where(eq(c.id, id)).limit(1);
      return (row?.pdf as Buffer | null | undefined) ?? null;
    },
    async checksum(db: DbOrTx, id) {
      const [row] = await db
        .select({ sha: c.pdfSha256 })
        .from(table)
        .where(and(eq(c.id, id), eq(c.deleted, false)))
        .limit(1);
      return (row?.sha as string | null | undefined) ?? null;
    },
  };
}
