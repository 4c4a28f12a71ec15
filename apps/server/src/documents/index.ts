/**
 * Documents: layout, QR, signature and checksum of every fiscal document, shared by the modules that
 * issue them (invoices, notes, orders and guides, withholdings).
 */
import { createHash } from 'node:crypto';
import { renderPdf } from './layout.ts';
import type { FiscalDocument } from './model.ts';
import { type PdfSignerInput, signPdf } from './sign.ts';

export { sha256Base64, sha256Hex } from './checksum.ts';
export { formatDate, formatMoney, formatTime, observationLines } from './format.ts';
export { igtfFootnote, qrPng, renderPdf } from './layout.ts';
export type * from './model.ts';
export {
  generateSelfSignedP12,
  loadProviderCertificate,
  type ProviderCertificate,
  type ProviderCertificateConfig,
  providerCertificateConfigFromEnv,
} from './provider-certificate.ts';
export { type SampleOptions, sampleInvoice } from './sample.ts';
export { cachedSigningKey, openSigningKey, type PdfSignerInput, type SigningKey, signPdf } from './sign.ts';

export interface SignedDocument {
  /** The exact bytes to store and serve. */
  pdf: Buffer;
  /** SHA-256 of `pdf`, hex. */
  sha256: string;
  /** SHA-256 of `pdf`, base64. */
  checksumBase64: string;
}

/** Lays out, signs and checksums one document. */
export async function renderSignedDocument(
  doc: FiscalDocument,
  signer: PdfSignerInput,
): Promise<SignedDocument> {
  const pdf = await signPdf(await renderPdf(doc), signer);
  const digest = createHash('sha256').update(pdf).digest();
  return { pdf, sha256: digest.toString('hex'), checksumBase64: digest.toString('base64') };
}
