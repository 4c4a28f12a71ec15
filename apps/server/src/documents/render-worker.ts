/**
 * A render worker thread (started by render-pool.ts): receives documents and signers, answers signed
 * PDFs. Buffers arrive as plain Uint8Arrays (structured clone) and are made Buffers again.
 */
import { parentPort } from 'node:worker_threads';
import type { FiscalDocument } from './model.ts';
import { renderSignedDocumentHere } from './render.ts';
import type { PdfSignerInput } from './sign.ts';

export interface RenderRequest {
  id: number;
  doc: FiscalDocument;
  signer: PdfSignerInput;
}

export type RenderReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; pdf: Uint8Array; sha256: string; checksumBase64: string }
  | { type: 'failed'; id: number; name: string; message: string };

const asBuffer = (bytes: Uint8Array | undefined) =>
  bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const port = parentPort!;
port.on('message', async ({ id, doc, signer }: RenderRequest) => {
  try {
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
      { ...signer, p12: asBuffer(signer.p12)! },
    );
    port.postMessage({ type: 'done', id, ...signed } satisfies RenderReply);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ type: 'failed', id, name, message } satisfies RenderReply);
  }
});
port.postMessage({ type: 'ready' } satisfies RenderReply);
