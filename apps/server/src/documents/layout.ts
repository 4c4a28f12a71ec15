/**
 * The printed form of every fiscal document: letter size, PDF standard fonts only, the data the
 * Providencia SNAT/2011/00071 asks of documents issued through an imprenta digital, a QR code to the
 * public verification page and the imprenta's own data at the foot of every page.
 *
 * Typesetting (page, fonts, text, boxes) lives in `typesetting/`; what each part of the document says
 * lives in `parts/`; this file puts the parts on the page in their order.
 */
import QRCode from 'qrcode';
import { boundDocument } from './bounds.ts';
import { pdfText } from './format.ts';
// The QR library's mask search, replaced by the same search done faster (see there).
import './qr-masks.ts';
import type { FiscalDocument } from './model.ts';
import { footers, signatureBlock } from './parts/closing.ts';
import { header } from './parts/header.ts';
import { lines } from './parts/lines.ts';
import { party, sectionBlocks, serviceBlock } from './parts/parties.ts';
import { summary } from './parts/summary.ts';
import { Typesetter } from './typesetting/typesetter.ts';

export { igtfFootnote } from './parts/summary.ts';

/** The QR of the verification address as a PNG (for screens and e-mails; the PDF draws it as vectors). */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
}

/**
 * The QR matrix of the verification address (error correction M: enough for print, small), as one byte
 * segment: the library's default search for the shortest mix of byte, alphanumeric and numeric segments
 * (a shortest-path search over every split of the text) was a tenth of a render's CPU, and for an
 * address of this length it ends in the same QR version. Any reader decodes the same text; the mask is
 * still the one the library finds best.
 */
export function qrMatrix(url: string): QRCode.QRCode {
  return QRCode.create([{ data: Buffer.from(url, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
}

function compose(doc: FiscalDocument, qr: QRCode.QRCode): Promise<Buffer> {
  const t = new Typesetter({
    info: {
      Title: pdfText(`${doc.title} N° ${doc.numero} - N° de Control ${doc.nroControl}`),
      Author: pdfText(doc.issuer.nombre),
      Subject: pdfText(`${doc.title} emitida por ${doc.issuer.nombre} (${doc.issuer.rif})`),
      Creator: 'sigece',
      Producer: 'sigece',
      CreationDate: doc.issuedAt,
    },
    watermark: doc.watermark ? pdfText(doc.watermark) : undefined,
  });
  const done = t.collect();
  t.newPage();
  header(t, doc);
  party(t, doc);
  serviceBlock(t, doc);
  sectionBlocks(t, doc);
  lines(t, doc);
  summary(t, doc, qr);
  signatureBlock(t, doc);
  footers(t, doc);
  t.pdf.end();
  return done;
}

/** Lays the document out as a letter-size PDF (unsigned). */
export async function renderPdf(doc: FiscalDocument): Promise<Buffer> {
  const bounded = boundDocument(doc);
  return compose(bounded, qrMatrix(doc.verificationUrl));
}
