/**
 * The signature's incremental update written directly: the signature dictionary, its widget, the
 * AcroForm, the catalog and the first page again, a new xref section and trailer, appended to the PDF
 * as it came from pdfkit. The bytes are the ones @signpdf/placeholder-plain and @signpdf/signpdf write
 * (a test compares them), without what costs there: reading the PDF as text more than once, copying it
 * on every appended object and searching the result for the placeholder again.
 *
 * Only the shape pdfkit writes is read here: one classic xref table (no /Prev, no xref stream), a
 * catalog without an AcroForm. Anything else answers null and the caller falls back to the library.
 */

/** What the signature dictionary says besides the signature itself. */
export interface SignatureFields {
  reason: string;
  contactInfo: string;
  name: string;
  location: string;
  signingTime: Date;
  /** Bytes reserved for the CMS signature (written as twice as many hex digits). */
  signatureLength: number;
  subFilter: string;
  appName: string;
}

/** The update with its placeholder located: `sign` receives the signed byte ranges and returns the CMS. */
export interface PreparedUpdate {
  /** The byte ranges the signature covers, in order (the PDF without the placeholder). */
  signedParts: Buffer[];
  /** Writes the CMS into the placeholder and returns the finished PDF. Throws if it does not fit. */
  fill(cms: Buffer): Buffer;
}

const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 /********** /********** /**********]';

/** A PDF text string (literal), as PDFKit and @signpdf write it: UTF-16BE with a BOM when not ASCII. */
function pdfString(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: detecting non-ASCII characters
  const ascii = /^[\x00-\x7f]*$/.test(value);
  const binary = ascii
    ? Buffer.from(value, 'ascii').toString('binary')
    : Buffer.from(`\ufeff${value}`, 'utf16le').swap16().toString('binary');
  return `(${binary.replace(/[\n\r\t\b\f()\\]/g, (c) => ESCAPES[c])})`;
}
const ESCAPES: Record<string, string> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
  '\\': '\\\\',
  '(': '\\(',
  ')': '\\)',
};

function pdfDate(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `(D:${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z)`;
}

interface XrefTable {
  /** Offset of every object in use, by number. */
  offsets: Map<number, number>;
  maxIndex: number;
  rootRef: string;
  infoRef: string | undefined;
  /** Where the table starts (the trailer's startxref), the new trailer's /Prev. */
  position: number;
}

/** The last xref table and trailer, or null when they are not the single classic table pdfkit writes. */
function readXref(pdf: Buffer): XrefTable | null {
  const startxref = pdf.lastIndexOf('startxref');
  if (startxref < 0) return null;
  const position = Number.parseInt(pdf.subarray(startxref + 10, pdf.length - 6).toString('latin1'), 10);
  if (!Number.isSafeInteger(position) || position <= 0 || position >= startxref) return null;
  const text = pdf.subarray(position, startxref).toString('latin1');
  const trailerAt = text.indexOf('trailer');
  if (!text.startsWith('xref') || trailerAt < 0) return null;
  const trailer = text.slice(trailerAt);
  if (trailer.includes('/Prev') || trailer.includes('/Encrypt')) return null;
  const root = /\/Root\s+(\d+ \d+ R)/.exec(trailer);
  if (!root) return null;
  const info = /\/Info\s+(\d+ \d+ R)/.exec(trailer);
  const offsets = new Map<number, number>();
  let index = 0;
  let expected = 0;
  for (const line of text.slice(4, trailerAt).split('\n')) {
    const fields = line.trim().split(' ');
    if (fields.length === 1 && fields[0] === '') continue;
    if (fields.length === 2) {
      index = Number(fields[0]);
      expected = Number(fields[1]);
      continue;
    }
    if (fields.length !== 3 || expected <= 0 || !/^\d{10}$/.test(fields[0])) return null;
    expected--;
    if (fields[2] === 'n') offsets.set(index, Number(fields[0]));
    else if (fields[2] !== 'f') return null;
    index++;
  }
  if (offsets.size === 0) return null;
  return {
    offsets,
    maxIndex: Math.max(...offsets.keys()),
    rootRef: root[1],
    infoRef: info?.[1],
    position,
  };
}

/** The text between an object's first `<<` and its last `>>` before `endobj`, or null. */
function dictionaryOf(pdf: Buffer, xref: XrefTable, ref: string): string | null {
  const offset = xref.offsets.get(Number.parseInt(ref, 10));
  if (offset === undefined) return null;
  const end = pdf.indexOf('endobj', offset, 'latin1');
  if (end < 0) return null;
  const object = pdf.subarray(offset, end).toString('latin1');
  const open = object.indexOf('<<');
  const close = object.lastIndexOf('>>');
  if (open < 0 || close < open || object.includes('stream')) return null;
  return object.slice(open + 2, close);
}

/**
 * Lays out the update for `input` (a finished PDF) with its placeholder, or null when the PDF is not
 * of the shape read here.
 */
export function prepareSignatureUpdate(input: Buffer, fields: SignatureFields): PreparedUpdate | null {
  let pdf = input;
  if (pdf[pdf.length - 1] === 0x0a) pdf = pdf.subarray(0, pdf.length - 1);
  if (pdf[pdf.length - 1] === 0x0d) pdf = pdf.subarray(0, pdf.length - 1);
  const eof = pdf.subarray(pdf.length - 6).toString('latin1');
  if (eof !== '\n%%EOF' && eof !== '\r%%EOF') return null;

  const xref = readXref(pdf);
  if (!xref) return null;
  const root = dictionaryOf(pdf, xref, xref.rootRef);
  if (root === null || /\/AcroForm\s+\d+\s\d+\sR/.test(root)) return null;
  const pagesRef = /\/Pages\s+(\d+\s+\d+\s+R)/.exec(root)?.[1];
  const pages = pagesRef ? dictionaryOf(pdf, xref, pagesRef) : null;
  if (!pages) return null;
  const kidsAt = pages.indexOf('/Kids');
  if (kidsAt < 0) return null;
  const kids = pages
    .slice(pages.indexOf('[', kidsAt) + 1, pages.indexOf(']', kidsAt))
    .trim()
    .split(' ', 3);
  const pageIndex = Number.parseInt(kids[0], 10);
  const page = dictionaryOf(pdf, xref, `${pageIndex}`);
  if (page === null || kids[2] !== 'R') return null;
  const rootIndex = Number.parseInt(xref.rootRef, 10);

  const signature = xref.maxIndex + 1;
  const widget = signature + 1;
  const form = widget + 1;
  const contents = '0'.repeat(fields.signatureLength * 2);
  const objects: [number, string][] = [
    [
      signature,
      `<<\n/Type /Sig\n/Filter /Adobe.PPKLite\n/SubFilter /${fields.subFilter}\n${BYTE_RANGE_PLACEHOLDER}\n` +
        `/Contents <${contents}>\n/Reason ${pdfString(fields.reason)}\n/M ${pdfDate(fields.signingTime)}\n` +
        `/ContactInfo ${pdfString(fields.contactInfo)}\n/Name ${pdfString(fields.name)}\n` +
        `/Location ${pdfString(fields.location)}\n/Prop_Build <<\n/Filter <<\n/Name /Adobe.PPKLite\n>>\n` +
        `/App <<\n/Name /${fields.appName}\n>>\n>>\n>>`,
    ],
    [
      widget,
      `<<\n/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/Rect [0 0 0 0]\n/V ${signature} 0 R\n` +
        `/T (Signature1)\n/F 4\n/P ${pageIndex} 0 R\n>>`,
    ],
    [form, `<<\n/Type /AcroForm\n/SigFlags 3\n/Fields [${widget} 0 R]\n>>`],
  ];

  // The library writes each object after a newline, its offset being that of the object itself.
  const added = new Map<number, number>();
  let tail = '';
  const at = () => pdf.length + tail.length + 1;
  for (const [index, body] of objects) {
    added.set(index, at());
    tail += `\n${index} 0 obj\n${body}\nendobj\n`;
  }
  added.set(rootIndex, at());
  tail += `\n${rootIndex} 0 obj\n<<\n${root}\n/AcroForm ${form} 0 R\n>>\nendobj\n`;

  const annotsAt = page.indexOf('/Annots');
  let pageBody: string;
  if (annotsAt >= 0) {
    const annotsEnd = page.indexOf(']', annotsAt);
    pageBody = `${page.slice(0, annotsEnd)} ${widget} 0 R]${page.slice(annotsEnd + 1)}`;
  } else {
    pageBody = `${page}/Annots [ ${widget} 0 R]`;
  }
  added.set(pageIndex, at());
  tail += `\n${pageIndex} 0 obj\n<<\n${pageBody}\n\n>>\nendobj\n`;

  const rows = ['0000000000 65535 f '];
  for (const index of [...added.keys()].sort((a, b) => a - b)) {
    rows.push(`${index} 1\n${String(added.get(index)).padStart(10, '0')} 00000 n `);
  }
  const startxref = pdf.length + tail.length;
  tail +=
    `\nxref\n0 1\n${rows.join('\n')}\ntrailer\n<<\n/Size ${form + 1}\n/Root ${xref.rootRef}\n` +
    `${xref.infoRef ? `/Info ${xref.infoRef}\n` : ''}/Prev ${xref.position}\n>>\nstartxref\n${startxref}\n%%EOF`;

  const total = pdf.length + tail.length;
  const placeholderStart = pdf.length + tail.indexOf('/Contents <') + '/Contents '.length;
  const placeholderEnd = placeholderStart + contents.length + 2;
  let byteRange = `/ByteRange [0 ${placeholderStart} ${placeholderEnd} ${total - placeholderEnd}]`;
  byteRange += ' '.repeat(BYTE_RANGE_PLACEHOLDER.length - byteRange.length);
  tail = tail.replace(BYTE_RANGE_PLACEHOLDER, byteRange);

  const split = placeholderStart - pdf.length;
  const before = Buffer.from(tail.slice(0, split), 'latin1');
  const after = Buffer.from(tail.slice(split + contents.length + 2), 'latin1');
  return {
    signedParts: [pdf, before, after],
    fill(cms: Buffer): Buffer {
      if (cms.length * 2 > contents.length) {
        throw new Error(`Signature exceeds placeholder length: ${cms.length * 2} > ${contents.length}`);
      }
      const value = Buffer.alloc(contents.length + 2, 0x30); // '0' padding, as the library pads
      value[0] = 0x3c; // <
      value.write(cms.toString('hex'), 1, 'latin1');
      value[value.length - 1] = 0x3e; // >
      return Buffer.concat([pdf, before, value, after]);
    },
  };
}
