/**
 * The 'ANULADA' mark of an annulled document: a red diagonal word across every page
 * and, when the annulment is known, a stamp in the middle of the page with its date (dd/MM/yyyy in
 * Caracas) and the reason given. Drawn over the finished page, so the document underneath is the same
 * one the original PDF shows. Kept apart from layout.ts, which only calls it once per page.
 */
import { formatDate, pdfText } from './format.ts';
import type { FiscalDocument } from './model.ts';

type Pdf = PDFKit.PDFDocument;

const RED = '#c00000';
const BOLD = 'Helvetica-Bold';
const FONT = 'Helvetica';
/** Longest reason printed on the stamp (the field admits 250 characters: it fits in four lines). */
const REASON_MAX = 250;
const STAMP_W = 320;

/** The stamp's lines: title, date and (when given) the reason. Exported for the tests. */
export function annulmentStampLines(annulment: NonNullable<FiscalDocument['annulment']>): string[] {
  const lines = ['ANULADA', `Fecha de anulación: ${formatDate(annulment.at)}`];
  const reason = annulment.motivo?.trim();
  if (reason) lines.push(`Motivo de anulación: ${reason.slice(0, REASON_MAX)}`);
  return lines;
}

function diagonal(pdf: Pdf, page: { width: number; height: number }) {
  const text = 'ANULADA';
  pdf.save();
  pdf.font(BOLD).fontSize(110);
  const width = pdf.widthOfString(text);
  pdf.rotate(-38, { origin: [page.width / 2, page.height / 2] });
  pdf.fillColor(RED, 0.3).text(text, page.width / 2 - width / 2, page.height / 2 - 110 * 0.35, {
    lineBreak: false,
  });
  pdf.restore();
}

function stamp(pdf: Pdf, page: { width: number; height: number }, lines: string[]) {
  const [title, ...rest] = lines.map(pdfText);
  const x = (page.width - STAMP_W) / 2;
  const inner = STAMP_W - 20;
  pdf.font(BOLD).fontSize(22);
  const titleH = pdf.heightOfString(title, { width: inner });
  pdf.font(FONT).fontSize(10);
  const restH = rest.reduce((h, line) => h + pdf.heightOfString(line, { width: inner }) + 2, 0);
  const height = 20 + titleH + 4 + restH;
  const y = page.height / 2 - height / 2;
  pdf.save();
  pdf.rect(x, y, STAMP_W, height).fillOpacity(0.9).fillAndStroke('#ffffff', RED);
  pdf.lineWidth(2).strokeColor(RED).rect(x, y, STAMP_W, height).stroke();
  pdf.fillOpacity(1).fillColor(RED);
  pdf
    .font(BOLD)
    .fontSize(22)
    .text(title, x + 10, y + 10, { width: inner, align: 'center' });
  let cursor = y + 10 + titleH + 4;
  pdf.font(FONT).fontSize(10);
  for (const line of rest) {
    pdf.text(line, x + 10, cursor, { width: inner, align: 'center' });
    cursor += pdf.heightOfString(line, { width: inner }) + 2;
  }
  pdf.restore();
}

/**
 * Draws the mark on the current page when the document is annulled; does nothing otherwise. The caller
 * restores its own colours and font after.
 */
export function drawAnnulmentMark(
  pdf: Pdf,
  doc: Pick<FiscalDocument, 'annulled' | 'annulment'>,
  page: { width: number; height: number },
): void {
  if (!doc.annulled && !doc.annulment) return;
  diagonal(pdf, page);
  if (doc.annulment) stamp(pdf, page, annulmentStampLines(doc.annulment));
  pdf.fillColor('#000000', 1).strokeColor('#000000', 1).lineWidth(1);
}
