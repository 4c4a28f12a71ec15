/**
 * The top of each page: the issuer and the document's identification (title, number, control number,
 * date and time of issue, as Providencia SNAT/2011/00071 asks) on the first, a one-line reminder on
 * the following ones.
 */
import { formatDate, formatTime, pdfText } from '../format.ts';
import type { FiscalDocument } from '../model.ts';
import { BOLD, FONT, M, PAGE_W, RULE, W } from '../typesetting/page.ts';
import type { Typesetter } from '../typesetting/typesetter.ts';

export function header(t: Typesetter, doc: FiscalDocument) {
  const { pdf } = t;
  const top = t.y;
  // Issuer, left.
  const leftW = 300;
  let y = top;
  if (doc.issuer.logoJpeg && doc.issuer.logoJpeg.length > 0) {
    try {
      pdf.image(doc.issuer.logoJpeg, M, y, { fit: [150, 54] });
      y += 58;
    } catch {
      // An unreadable logo leaves the document without a logo rather than without a document.
    }
  }
  y += t.write(pdfText(doc.issuer.nombre), M, y, leftW, BOLD, 12) + 2;
  y += t.write(`RIF: ${pdfText(doc.issuer.rif)}`, M, y, leftW, BOLD, 9) + 2;
  y += t.write(`Domicilio fiscal: ${pdfText(doc.issuer.direccion)}`, M, y, leftW, FONT, 8) + 1;
  const contact = [
    doc.issuer.telefono ? `Teléfono: ${pdfText(doc.issuer.telefono)}` : '',
    doc.issuer.correo ? `Correo: ${pdfText(doc.issuer.correo)}` : '',
  ]
    .filter(Boolean)
    .join('   ');
  if (contact) y += t.write(contact, M, y, leftW, FONT, 8) + 1;

  // Document identification, right, boxed.
  const boxW = 220;
  const bx = PAGE_W - M - boxW;
  const ix = bx + 8;
  const iw = boxW - 16;
  let ry = top + 6;
  // Long titles (withholding vouchers) are set smaller so they wrap in two lines inside the box.
  ry += t.write(pdfText(doc.title), ix, ry, iw, BOLD, doc.title.length > 30 ? 12 : 18, 'right') + 3;
  const number = doc.serie
    ? `Serie: ${pdfText(doc.serie)}   N°: ${pdfText(doc.numero)}`
    : `N°: ${pdfText(doc.numero)}`;
  ry += t.write(number, ix, ry, iw, BOLD, 10, 'right') + 3;
  ry += t.write(`N° de Control: ${pdfText(doc.nroControl)}`, ix, ry, iw, BOLD, 12, 'right') + 4;
  ry += t.write(`Fecha de emisión: ${formatDate(doc.issuedAt)}`, ix, ry, iw, FONT, 9, 'right') + 1;
  ry += t.write(`Hora de emisión: ${formatTime(doc.issuedAt)}`, ix, ry, iw, FONT, 9, 'right') + 1;
  // When the imprenta assigned the control number (Caracas), one line.
  if (doc.controlAssignedAt)
    ry +=
      t.write(
        `N° de Control asignado: ${formatDate(doc.controlAssignedAt)} ${formatTime(doc.controlAssignedAt)}`,
        ix,
        ry,
        iw,
        FONT,
        8,
        'right',
      ) + 1;
  if (doc.annulled) ry += t.write('DOCUMENTO ANULADO', ix, ry + 2, iw, BOLD, 10, 'right', '#c00000') + 3;
  ry += 4;
  pdf
    .roundedRect(bx, top, boxW, ry - top, 4)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke();
  t.y = Math.max(y, ry) + 10;
}

/** Repeated at the top of pages after the first. */
export function continuationHeader(t: Typesetter, doc: FiscalDocument) {
  const y = t.y;
  t.write(`${pdfText(doc.issuer.nombre)} - RIF: ${pdfText(doc.issuer.rif)}`, M, y, 300, BOLD, 9);
  t.write(
    `${pdfText(doc.title)} N° ${pdfText(doc.numero)} - N° de Control: ${pdfText(doc.nroControl)}`,
    M + 300,
    y,
    W - 300,
    BOLD,
    9,
    'right',
  );
  t.write(
    `Fecha de emisión: ${formatDate(doc.issuedAt)} (continuación)`,
    M + 300,
    y + 12,
    W - 300,
    FONT,
    8,
    'right',
  );
  t.rule(M, y + 25, M + W);
  t.y = y + 31;
}

/** A new page that starts with the continuation header. */
export function continueOnNewPage(t: Typesetter, doc: FiscalDocument) {
  t.newPage();
  continuationHeader(t, doc);
}
