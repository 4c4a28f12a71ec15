/**
 * A render worker thread (started by render-pool.ts): receives documents and signers, answers signed
 * PDFs. Buffers arrive as plain Uint8Arrays (structured clone) and are made Buffers again.
 */
import { parentPort } from 'node:worker_threads';
import type { FiscalDocument } from './model.ts';
import { renderSignedDocumentHere } from './render.ts';
import type { PdfSignerInput } from './sign.ts';

const KEY_STORES_PER_WORKER = 64; // as render-pool.ts's

/**
 * A document to render and sign. The key store (p12 and password) comes with the first request that
 * uses it (`keyStore` names it); later ones only name it, so its bytes are not copied for every document.
 */
export interface RenderRequest {
  id: number;
  doc: FiscalDocument;
  signer: Omit<PdfSignerInput, 'p12' | 'password'>;
  keyStore: string;
  p12?: Uint8Array;
  password?: string;
}

export type RenderReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; pdf: Uint8Array; sha256: string; checksumBase64: string }
  | { type: 'failed'; id: number; name: string; message: string };

const asBuffer = (bytes: Uint8Array | undefined) =>
  bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const port = parentPort!;
const keyStores = new Map<string, { p12: Buffer; password: string }>();
port.on('message', async ({ id, doc, signer, keyStore, p12, password }: RenderRequest) => {
  try {
    if (p12 && password !== undefined) {
      if (keyStores.size >= KEY_STORES_PER_WORKER) keyStores.clear();
      keyStores.set(keyStore, { p12: asBuffer(p12)!, password });
    }
    const key = keyStores.get(keyStore);
    if (!key) throw new Error('El generador de PDF no recibió el certificado de firma');
    const logoJpeg = asBuffer(doc.issuer.logoJpeg);
    const signed = await renderSignedDocumentHere(
      {
        ...doc,
        issuer: { ...doc.issuer, logoJpeg },
        signatureBlock: doc.signatureBlock && {
          ...doc.signatureBlock,
          stampImage: asBuffer(doc.signatureBlock.stampImage),
        },
      },
      { ...signer, ...key },
    );
    // The PDF's bytes are handed over, not copied.
    const pdf = new Uint8Array(signed.pdf.buffer, signed.pdf.byteOffset, signed.pdf.byteLength);
    const transfer = signed.pdf.byteLength === signed.pdf.buffer.byteLength ? [signed.pdf.buffer] : [];
    port.postMessage({ type: 'done', id, ...signed, pdf } satisfies RenderReply, transfer as ArrayBuffer[]);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ type: 'failed', id, name, message } satisfies RenderReply);
  }
});
port.postMessage({ type: 'ready' } satisfies RenderReply);
