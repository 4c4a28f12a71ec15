/**
 * What closes a document: the issuer's stamp and signature line (withholding vouchers) and, on every
 * page, the imprenta digital's foot (its name, RIF, authorising Providencia and the control-number range
 * assigned, Providencia SNAT/2011/00071 art. 14), the page count and the ANULADA overlay.
 */
import { drawAnnulmentMark } from '../annulment-mark.ts';
import { formatDate, pdfText } from '../format.ts';
import type { FiscalDocument } from '../model.ts';
import { BOLD, BOTTOM, FONT, FOOTER_TOP, INK, M, PAGE_H, PAGE_W, RULE, W } from '../typesetting/page.ts';
import type { Typesetter } from '../typesetting/typesetter.ts';
import { continueOnNewPage } from './header.ts';

/** The stamp and the signature line of the issuer (withholding agent) under the summary. */
export function signatureBlock(t: Typesetter, doc: FiscalDocument) {
  const block = doc.signatureBlock;
  if (!block) return;
  const h = 80;
  if (t.y + h > BOTTOM) continueOnNewPage(t, doc);
  const x = M + W - 220;
  if (block.stampImage && block.stampImage.length > 0) {
    try {
      t.pdf.image(block.stampImage, x + 50, t.y, { fit: [120, 50] });
    } catch {
      // An unreadable stamp leaves the signature line without it rather than the voucher without a PDF.
    }
  }
  t.rule(x, t.y + 56, x + 220, INK, 0.6);
  t.write(pdfText(block.caption), x, t.y + 60, 220, FONT, 8, 'center');
  t.y += h;
}

export function footers(t: Typesetter, doc: FiscalDocument) {
  const { pdf } = t;
  const range = pdf.bufferedPageRange();
  const p = doc.printer;
  const line1 =
    `Imprenta digital: ${pdfText(p.nombre)}, RIF ${pdfText(p.rif)}. ` +
    `Providencia N° ${pdfText(p.providencia)} de fecha ${formatDate(p.fechaProvidencia)}.`;
  const line2 =
    `Números de control asignados desde el N° ${pdfText(p.controlRange.desde)} hasta el N° ` +
    `${pdfText(p.controlRange.hasta)}, fecha de asignación ${formatDate(p.fechaAsignacion)}.`;
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    drawAnnulmentMark(pdf, doc, { width: PAGE_W, height: PAGE_H });
    t.rule(M, FOOTER_TOP, M + W, RULE, 0.6);
    t.write(line1, M, FOOTER_TOP + 6, W - 90, FONT, 7);
    t.write(line2, M, FOOTER_TOP + 16, W - 90, FONT, 7);
    t.line(
      `Página ${i - range.start + 1} de ${range.count}`,
      M + W - 90,
      FOOTER_TOP + 6,
      90,
      BOLD,
      8,
      'right',
    );
  }
}
