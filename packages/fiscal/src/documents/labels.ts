/**
 * How every fiscal document is named on screens, answers, PDFs and e-mails (spec 001 §2.2, §5).
 */

/** A document's number with its series: "A-00000123", or just the number when it has no series. */
export function documentLabel(serie: string | null | undefined, numero: string): string {
  return serie ? `${serie}-${numero}` : numero;
}

/** What lists show instead of the control number while the signed PDF does not exist (spec 001 §2.2). */
export const PDF_NOT_GENERATED = 'No generada';

/** The control number as lists show it: the number once the PDF is generated, 'No generada' before. */
export function shownControlNumber(nroControl: string | null, generated: boolean): string | null {
  return generated ? nroControl : PDF_NOT_GENERATED;
}
