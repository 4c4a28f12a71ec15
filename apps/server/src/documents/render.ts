/** Lays out, signs and checksums one document on the calling thread (the render workers run this). */
import { createHash } from 'node:crypto';
import { renderPdf } from './layout.ts';
import type { FiscalDocument } from './model.ts';
import { type PdfSignerInput, signPdf } from './sign.ts';

export interface SignedDocument {
  /** The exact bytes to store and serve. */
  pdf: Buffer;
  /** SHA-256 of `pdf`, hex. */
  sha256: string;
  /** SHA-256 of `pdf`, base64. */
  checksumBase64: string;
}

export async function renderSignedDocumentHere(
  doc: FiscalDocument,
  signer: PdfSignerInput,
): Promise<SignedDocument> {
  const pdf = await signPdf(await renderPdf(doc), signer);
  const digest = createHash('sha256').update(pdf).digest();
  return { pdf, sha256: digest.toString('hex'), checksumBase64: digest.toString('base64') };
}
