/**
 * pdfkit turns every operator it adds to a page (several hundred per invoice: each word run, rule, cell
 * and QR square) into its own byte array, one character at a time in JavaScript, then copies them all
 * into one array before deflating; and it does the same, line by line, for every line of the file it
 * writes. Here a page's operators are kept as strings and turned into bytes once, by Node's native
 * latin1 encoder, and the file's lines the same way: the very same bytes (pdfkit keeps the low byte of
 * each character, as latin1 does; a test renders documents both ways and compares them), a tenth of
 * the work. Should a pdfkit release change these internals, the functions step aside and pdfkit writes
 * as usual.
 */

type Pdf = PDFKit.PDFDocument;

/** The pdfkit internals used here (checked before each use). */
interface StreamReference {
  write(chunk: unknown): unknown;
  finalize(): unknown;
  buffer: unknown;
}
interface DocumentInternals {
  page?: { content?: StreamReference };
  _write?: (data: unknown) => void;
  _offset?: number;
  push?: (chunk: Uint8Array) => boolean;
}

let enabled = true;
/** Turns the native writes off or on (the test that compares their bytes with pdfkit's own). */
export function useLatin1Writes(on: boolean) {
  enabled = on;
}

const isStreamReference = (ref: StreamReference | undefined): ref is StreamReference =>
  !!ref && typeof ref.write === 'function' && typeof ref.finalize === 'function' && Array.isArray(ref.buffer);

/** The current page's operators gathered as text and encoded once, when pdfkit finalizes the page. */
export function gatherPageContent(pdf: Pdf) {
  const ref = (pdf as unknown as DocumentInternals).page?.content;
  if (!enabled || !isStreamReference(ref)) return;
  const write = ref.write;
  const finalize = ref.finalize;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    // pdfkit ends each operator with a newline.
    const text = `${pending.join('\n')}\n`;
    pending = [];
    write.call(ref, Buffer.from(text, 'latin1'));
  };
  ref.write = (chunk: unknown) => {
    if (typeof chunk === 'string') {
      pending.push(chunk);
      return;
    }
    flush();
    return write.call(ref, chunk);
  };
  ref.finalize = () => {
    flush();
    return finalize.call(ref);
  };
}

/** The file's own lines (objects, xref, trailer) encoded natively as pdfkit writes them out. */
export function encodeFileLines(pdf: Pdf) {
  const doc = pdf as unknown as DocumentInternals;
  if (!enabled || typeof doc._write !== 'function' || typeof doc._offset !== 'number' || !doc.push) return;
  const push = doc.push;
  doc._write = (data: unknown) => {
    const bytes = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, 'latin1');
    push.call(doc, bytes);
    doc._offset! += bytes.length;
  };
}
