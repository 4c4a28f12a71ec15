// What the sales book and the purchase book share: the rate columns, cheap
// running sums of 2-decimal amounts, and the rule that ties an IVA withholding voucher's line to the
// document it withholds from.
import { parseRif } from '../formats.ts';
import { type DecimalInput, dec } from '../money.ts';

/** The IVA rates the product issues and records (spec 002 §9: 8 reduced, 16 general, 31 general plus luxury). */
export const BOOK_RATES = ['16', '8', '31'] as const;
export type BookRate = (typeof BOOK_RATES)[number];

/** The bases and taxes per rate, in the order both books print them (6 columns). */
export const RATE_COLUMNS = [
  { key: 'base16', titulo: 'Base Imponible 16%' },
  { key: 'iva16', titulo: 'IVA 16%' },
  { key: 'base8', titulo: 'Base Imponible 8%' },
  { key: 'iva8', titulo: 'IVA 8%' },
  { key: 'base31', titulo: 'Base Imponible 31%' },
  { key: 'iva31', titulo: 'IVA 31%' },
] as const;

/** The keys of RATE_COLUMNS (amounts: the spreadsheets write them as numbers). */
export const RATE_AMOUNT_KEYS = RATE_COLUMNS.map((c) => c.key);

/** A line's cells of RATE_COLUMNS. */
export function rateCells(line: { base: Record<BookRate, string>; impuesto: Record<BookRate, string> }) {
  return BOOK_RATES.flatMap((r) => [line.base[r], line.impuesto[r]]);
}

export const ZERO = '0.00';
export const zeroRates = (): Record<BookRate, string> => ({ '16': ZERO, '8': ZERO, '31': ZERO });

/** A rate as the book's key: 16, 16.00 and '16' are one column; a rate the books do not print is null. */
export function rateKey(alicuota: DecimalInput): BookRate | null {
  const cacheable = typeof alicuota === 'string' || typeof alicuota === 'number';
  const cached = cacheable ? rateKeys.get(alicuota) : undefined;
  if (cached !== undefined) return cached;
  const key = dec(alicuota).toFixed(0);
  const found =
    (BOOK_RATES as readonly string[]).includes(key) && dec(alicuota).eq(key) ? (key as BookRate) : null;
  // The stored spellings are few ('16.00', '8.00', …): remembered, not parsed again for every line.
  if (cacheable && rateKeys.size < 64) rateKeys.set(alicuota, found);
  return found;
}
const rateKeys = new Map<string | number, BookRate | null>();

/**
 * A book's running sum. Lines carry amounts as exact 2-decimal text ("-1234.50", from money()), so the
 * sum is kept in integer cents (BigInt): exact like decimal.js, without a Decimal per amount and line —
 * a month of 50,000 lines adds about a million amounts.
 */
export class CentSum {
  private cents = 0n;

  add(amount: string): void {
    this.cents += toCents(amount);
  }

  toString(): string {
    const negative = this.cents < 0n;
    const digits = (negative ? -this.cents : this.cents).toString().padStart(3, '0');
    return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  }
}

/** "1234.5", "-0.05", "12" → cents; anything that is not a plain decimal goes through decimal.js. */
export function toCents(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return BigInt(dec(amount).times(100).toDecimalPlaces(0).toFixed(0));
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** The amounts of a book's line that its totals add up (every one a 2-decimal text). */
export interface BookAmounts {
  importeTotal: string;
  exento: string;
  exonerado?: string;
  /** Not subject to the tax, exports (FOB), without right to fiscal credit. */
  noSujeto?: string;
  exportacion?: string;
  sinDerecho?: string;
  base: Record<BookRate, string>;
  impuesto: Record<BookRate, string>;
  /** '' when nothing was withheld. */
  ivaRetenido: string;
}

/** The totals of one part of a book (own or third-party sales; internal purchases or imports). */
export interface BookPartTotals {
  documentos: number;
  importeTotal: string;
  exento: string;
  exonerado: string;
  noSujeto: string;
  exportacion: string;
  sinDerecho: string;
  base: Record<BookRate, string>;
  impuesto: Record<BookRate, string>;
  ivaRetenido: string;
}

const rateSums = () => ({ '16': new CentSum(), '8': new CentSum(), '31': new CentSum() });

/** The running sums of one part of a book, fed line by line (the rows are streamed, never all held). */
export class BookPartSums {
  private documentos = 0;
  private readonly importeTotal = new CentSum();
  private readonly exento = new CentSum();
  private readonly exonerado = new CentSum();
  private readonly noSujeto = new CentSum();
  private readonly exportacion = new CentSum();
  private readonly sinDerecho = new CentSum();
  private readonly ivaRetenido = new CentSum();
  private readonly base = rateSums();
  private readonly impuesto = rateSums();

  add(line: BookAmounts): void {
    this.documentos += 1;
    this.importeTotal.add(line.importeTotal);
    this.exento.add(line.exento);
    if (line.exonerado) this.exonerado.add(line.exonerado);
    if (line.noSujeto) this.noSujeto.add(line.noSujeto);
    if (line.exportacion) this.exportacion.add(line.exportacion);
    if (line.sinDerecho) this.sinDerecho.add(line.sinDerecho);
    if (line.ivaRetenido) this.ivaRetenido.add(line.ivaRetenido);
    for (const r of BOOK_RATES) {
      this.base[r].add(line.base[r]);
      this.impuesto[r].add(line.impuesto[r]);
    }
  }

  totals(): BookPartTotals {
    const rates = (sums: Record<BookRate, CentSum>) => {
      const out = zeroRates();
      for (const r of BOOK_RATES) out[r] = sums[r].toString();
      return out;
    };
    return {
      documentos: this.documentos,
      importeTotal: this.importeTotal.toString(),
      exento: this.exento.toString(),
      exonerado: this.exonerado.toString(),
      noSujeto: this.noSujeto.toString(),
      exportacion: this.exportacion.toString(),
      sinDerecho: this.sinDerecho.toString(),
      base: rates(this.base),
      impuesto: rates(this.impuesto),
      ivaRetenido: this.ivaRetenido.toString(),
    };
  }
}

/** One row of a book's month-end summary (RLIVA, close of arts. 75–78): what, its base, its tax. */
export interface BookSummaryRow {
  concepto: string;
  baseImponible: string;
  impuesto: string;
}

/** Sums of 2-decimal amounts ('' counts as nothing). */
export function sumCents(...amounts: string[]): string {
  const total = new CentSum();
  for (const a of amounts) if (a) total.add(a);
  return total.toString();
}

/** a + b of two 2-decimal totals. */
export const plusCents = (a: string, b: string): string => {
  const sum = new CentSum();
  sum.add(a);
  sum.add(b);
  return sum.toString();
};

// --- IVA withheld on a document ---------------------------------------------------------------------
//
// The matching rule (ours; no source prescribes one). A line of an IVA withholding voucher withholds from a
// document when: the voucher is an active, numbered IVA voucher; its supplier RIF is the document's seller
// (compared by letter and number, so J-012345678 and J12345678 are one RIF); the line's control number is
// the document's control number ignoring case, spaces and punctuation (00-00000012 = 0000000012); and, when
// the line names a document number (nroNota for a note line, else nroDocumento), that number is the
// document's ignoring also the leading zeros of its digits (F-000123 = F123 = F0123). The control number is unique per issuer
// (Providencia SNAT/2011/00071), so it decides; the number only guards against a typing slip.

/** A control number as compared: upper case letters and digits only. */
export const controlKey = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** A document number as compared: letters and digits, each run of digits without its leading zeros. */
export const documentNumberKey = (value: string): string =>
  controlKey(value).replace(/(^|\D)0+(?=\d)/g, '$1');

/** A RIF as compared: its letter and its number padded to 9 digits. */
export function rifKey(rif: string): string {
  const parsed = parseRif(rif);
  return parsed ? `${parsed.tipoDocumento}${parsed.numeroDocumento.padStart(9, '0')}` : controlKey(rif);
}

/** A voucher line as the books read it. */
export interface WithholdingLineRef {
  rifProveedor: string;
  nroControlDocumento: string;
  nroDocumento: string | null;
  nroNota: string | null;
  impuestoRetenido: string;
  nroComprobante: string;
}

/** A document of a book, as the rule compares it. */
export interface WithheldDocumentRef {
  rifVendedor: string;
  nroControl: string;
  numero: string;
}

export function withholdsFrom(line: WithholdingLineRef, doc: WithheldDocumentRef): boolean {
  if (rifKey(line.rifProveedor) !== rifKey(doc.rifVendedor)) return false;
  if (controlKey(line.nroControlDocumento) !== controlKey(doc.nroControl)) return false;
  const named = line.nroNota || line.nroDocumento;
  return !named || documentNumberKey(named) === documentNumberKey(doc.numero);
}

/** What a book prints of the IVA withheld on one document: the amount and the vouchers' numbers. */
export interface WithheldIva {
  monto: string;
  comprobantes: string;
}

/** The withheld IVA on `doc` from the candidate `lines` (several vouchers add up), or null. */
export function withheldOn(
  doc: WithheldDocumentRef,
  lines: readonly WithholdingLineRef[],
): WithheldIva | null {
  const matched = lines.filter((l) => withholdsFrom(l, doc));
  if (matched.length === 0) return null;
  const sum = new CentSum();
  for (const l of matched) sum.add(l.impuestoRetenido);
  return {
    monto: sum.toString(),
    comprobantes: [...new Set(matched.map((l) => l.nroComprobante))].join(', '),
  };
}
