/**
 * Documents: layout, QR, signature and checksum of every fiscal document, shared by the modules that
 * issue them (invoices, notes, orders and guides, withholdings).
 */
import type { FiscalDocument } from './model.ts';
import type { SignedDocument } from './render.ts';
import { renderPool } from './render-pool.ts';
import type { PdfSignerInput } from './sign.ts';

export { boundDocument, MAX_EXTRAS, PRINT_LIMITS } from './bounds.ts';
export { checksumBase64, sha256Base64, sha256Hex } from './checksum.ts';
export { formatDate, formatMoney, formatTime, observationLines } from './format.ts';
export { igtfFootnote, qrPng, renderPdf } from './layout.ts';
export type * from './model.ts';
export {
  loadProviderCertificate,
  type ProviderCertificate,
  type ProviderCertificateConfig,
  providerCertificateConfigFromEnv,
} from './provider-certificate.ts';
export { renderSignedDocumentHere, type SignedDocument } from './render.ts';
export {
  closeRenderPool,
  configureRenderPool,
  DEFAULT_RENDER_TIMEOUT_MS,
  RenderPool,
  type RenderPoolOptions,
  RenderTimeoutError,
  renderPool,
} from './render-pool.ts';
export { type SampleOptions, sampleInvoice } from './sample.ts';
export { generateSelfSignedP12, type SelfSignedOptions } from './self-signed.ts';
export { cachedSigningKey, openSigningKey, type PdfSignerInput, type SigningKey, signPdf } from './sign.ts';

/**
 * Lays out, signs and checksums one document on the process's render pool (worker threads), so the
 * thread that answers requests never waits for pdfkit; fails with RenderTimeoutError past the limit.
 */
export function renderSignedDocument(doc: FiscalDocument, signer: PdfSignerInput): Promise<SignedDocument> {
  return renderPool().render(doc, signer);
}
