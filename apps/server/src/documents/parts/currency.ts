/** How a document's currency reads on paper: the amounts' decimals, the label after an amount, its name. */
import { currencyDecimals, formatMoney, pdfText } from '../format.ts';
import type { FiscalDocument } from '../model.ts';

/** Currency as printed after an amount: the bolívar is "Bs.", the rest their ISO code. */
export function currencyLabel(iso: string): string {
  return iso === 'VEF' || iso === 'VES' || iso === 'Bs' || iso === 'Bs.' ? 'Bs.' : pdfText(iso);
}

export const CURRENCY_NAME: Record<string, string> = {
  VEF: 'Bolívares (Bs.)',
  USD: 'Dólar estadounidense (USD)',
  EUR: 'Euro (EUR)',
  PTR: 'Petro (PTR)',
};

/** True when the document is not in bolívares (its totals then also show in Bs.). */
export function isForeign(doc: FiscalDocument): boolean {
  return doc.currency.iso !== 'VEF';
}

/** An amount of the document in its own currency's decimals. */
export function documentMoney(doc: FiscalDocument, value: string): string {
  return formatMoney(value, currencyDecimals(doc.currency.iso));
}
