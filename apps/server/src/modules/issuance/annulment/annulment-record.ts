import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { documentAnnulments } from '../../../db/schema.ts';
import type { TipoDoc } from '../family.ts';

/**
 * The annulment of a document of any family: when, by whom and why, and the signed
 * PDF marked 'ANULADA' that is served from then on. The original PDF and its checksum are never touched:
 * they stay in the family's table, and public verification accepts either file as this document.
 */

export interface Annulment {
  annulledAt: Date;
  annulledBy: string | null;
  motivo: string | null;
  /** SHA-256 (hex) of the PDF marked 'ANULADA', once rendered. */
  pdfSha256: string | null;
  pdfEstado: 'PENDIENTE' | 'GENERADA' | 'FALLIDA';
  pdfError: string | null;
  pdfGeneratedAt: Date | null;
}

/**
 * Records the annulment in the caller's transaction (the one that flips the document to INACTIVO), so
 * it exists exactly when the annulment does. Its PDF is rendered by the job `queueAnnulledRenders` sends
 * after the commit. A second call for the same document changes nothing.
 */
export async function recordAnnulment(
  tx: DbOrTx,
  tipoDoc: TipoDoc,
  id: string,
  by: { userEmail: string | null },
  motivo?: string | null,
): Promise<void> {
  await tx
    .insert(documentAnnulments)
    .values({ tipoDoc, documentId: id, annulledBy: by.userEmail ?? 'sistema', motivo: motivo || null })
    .onConflictDoNothing();
}

const key = (tipoDoc: TipoDoc, id: string) =>
  and(eq(documentAnnulments.tipoDoc, tipoDoc), eq(documentAnnulments.documentId, id));

/** The document's annulment, or null when it was never annulled (or before this record existed). */
export async function annulmentOf(db: DbOrTx, tipoDoc: TipoDoc, id: string): Promise<Annulment | null> {
  const [row] = await db
    .select({
      annulledAt: documentAnnulments.annulledAt,
      annulledBy: documentAnnulments.annulledBy,
      motivo: documentAnnulments.motivo,
      pdfSha256: documentAnnulments.pdfSha256,
      pdfEstado: documentAnnulments.pdfEstado,
      pdfError: documentAnnulments.pdfError,
      pdfGeneratedAt: documentAnnulments.pdfGeneratedAt,
    })
    .from(documentAnnulments)
    .where(key(tipoDoc, id))
    .limit(1);
  return row ?? null;
}

/** The signed PDF marked 'ANULADA', once rendered; null before (the original is served meanwhile). */
export async function annulledPdf(db: DbOrTx, tipoDoc: TipoDoc, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ pdf: documentAnnulments.pdf })
    .from(documentAnnulments)
    .where(key(tipoDoc, id))
    .limit(1);
  return row?.pdf ?? null;
}

/** Stores the annulled PDF unless one is stored (never replaced). True when it stored it. */
export async function saveAnnulledPdf(
  db: DbOrTx,
  tipoDoc: TipoDoc,
  id: string,
  pdf: Buffer,
  sha256Hex: string,
): Promise<boolean> {
  const saved = await db
    .update(documentAnnulments)
    .set({ pdf, pdfSha256: sha256Hex, pdfEstado: 'GENERADA', pdfError: null, pdfGeneratedAt: new Date() })
    .where(and(key(tipoDoc, id), sql`${documentAnnulments.pdf} is null`))
    .returning({ id: documentAnnulments.documentId });
  return saved.length > 0;
}

/** Keeps the last rendering error (shown in the activity timeline); the job is retried. */
export async function recordAnnulledRenderError(db: DbOrTx, tipoDoc: TipoDoc, id: string, message: string) {
  await db
    .update(documentAnnulments)
    .set({ pdfError: message.slice(0, 500) })
    .where(and(key(tipoDoc, id), sql`${documentAnnulments.pdf} is null`));
}
