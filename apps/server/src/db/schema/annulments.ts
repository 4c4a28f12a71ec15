// The annulment of any document: its date, author, reason and the PDF marked 'ANULADA'.
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appNow, bytea } from './columns.ts';
import type { PdfState } from './issuance.ts';

/**
 * One row per annulled document, written in the transaction that annuls it (modules/issuance/annulment/).
 * The original signed PDF and its SHA-256 stay untouched in the family's table; the annulled one is kept
 * here, so either verifies as this document.
 */
export const documentAnnulments = pgTable(
  'document_annulments',
  {
    /** fact, nota, orden, ret. */
    tipoDoc: text('tipo_doc').notNull(),
    documentId: uuid('id_documento').notNull(),
    annulledAt: timestamp('anulada_en', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
    annulledBy: text('anulada_por'),
    motivo: text('motivo'),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    pdfEstado: text('pdf_estado').$type<PdfState>().notNull().default('PENDIENTE'),
    pdfError: text('pdf_error'),
    pdfGeneratedAt: timestamp('pdf_generated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tipoDoc, t.documentId] }),
    check('document_annulments_pdf_estado_ck', sql`${t.pdfEstado} in ('PENDIENTE', 'GENERADA', 'FALLIDA')`),
  ],
);
