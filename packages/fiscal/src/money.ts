import DecimalBase from 'decimal.js';

/**
 * Exact money: decimal.js with half-up rounding (the law rounds half up to 2 places). Never a JS float.
 */
export const Decimal = DecimalBase.clone({ precision: 40, rounding: DecimalBase.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;
export type DecimalInput = Decimal | string | number;

export const dec = (value: DecimalInput | null | undefined): Decimal => new Decimal(value ?? 0);

/** Rounded half-up to 2 places. */
export const round2 = (value: DecimalInput): Decimal => dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export const sum = (values: Iterable<DecimalInput>): Decimal => {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
};

/** "1234.5" → "1234.50": the text an amount is stored and compared as. */
export const money = (value: DecimalInput): string => round2(value).toFixed(2);

/** Two amounts agree when they differ by at most 0.01 (the integration API's tolerance). */
export const withinCent = (a: DecimalInput, b: DecimalInput): boolean => dec(a).minus(b).abs().lte('0.01');

const CANONICAL_CENTS = /^-?(0|[1-9]\d*)\.\d\d$/;

/**
 * Venezuelan display: "1.234.567,89" (spec 000 §9: 2 decimals, 5 to 8 for PTR), with an optional
 * currency suffix (Bs., USD, PTR, EUR, RUB, TRY, CNY).
 */
export function formatAmount(
  value: DecimalInput,
  options: { decimals?: number; suffix?: string } = {},
): string {
  const decimals = options.decimals ?? 2;
  // Stored amounts already read "1234.50": printed without a Decimal (the books print half a million).
  const fixed =
    decimals === 2 && typeof value === 'string' && CANONICAL_CENTS.test(value)
      ? value === '-0.00'
        ? '0.00'
        : value
      : dec(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);
  const negative = fixed.startsWith('-');
  const [int, frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const text = `${negative ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
  return options.suffix ? `${text} ${options.suffix}` : text;
}

/**
 * A quantity (stock, units) for display in Venezuelan notation, without the zeros its column pads it with:
 * "500.000" → "500", "1200.000" → "1.200", "2.500" → "2,5".
 */
export function formatQuantity(value: DecimalInput): string {
  const [int, frac] = dec(value).toFixed().split('.');
  const negative = int.startsWith('-');
  const grouped = (negative ? int.slice(1) : int).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}

/** Display suffix and decimals of each currency (spec 000 §9). */
export const CURRENCY_DISPLAY: Record<string, { suffix: string; decimals: number }> = {
  VEF: { suffix: 'Bs.', decimals: 2 },
  VES: { suffix: 'Bs.', decimals: 2 },
  USD: { suffix: 'USD', decimals: 2 },
  EUR: { suffix: 'EUR', decimals: 2 },
  PTR: { suffix: 'PTR', decimals: 8 },
  RUB: { suffix: 'RUB', decimals: 2 },
  TRY: { suffix: 'TRY', decimals: 2 },
  CNY: { suffix: 'CNY', decimals: 2 },
  COP: { suffix: 'COP', decimals: 2 },
};

/** An amount with its own currency's suffix and decimals ("93,38 USD", "1.234,50 Bs."), spec 000 §9. */
export function formatCurrencyAmount(amount: DecimalInput, currency: string): string {
  const display = CURRENCY_DISPLAY[currency.trim().toUpperCase()] ?? { suffix: currency, decimals: 2 };
  return formatAmount(amount, display);
}

/**
 * Totals kept apart per currency (a USD amount is never added to a Bs. one), in the
 * order each currency first appears; VEF and VES are the same bolívar.
 */
export function totalsByCurrency(
  rows: Iterable<{ moneda: string; importe: DecimalInput | null | undefined }>,
): Array<{ moneda: string; total: string }> {
  const totals = new Map<string, Decimal>();
  for (const r of rows) {
    if (r.importe === null || r.importe === undefined || r.importe === '') continue;
    const code = r.moneda.trim().toUpperCase() === 'VEF' ? 'VES' : r.moneda.trim().toUpperCase();
    totals.set(code, (totals.get(code) ?? dec(0)).plus(dec(r.importe)));
  }
  return [...totals].map(([moneda, total]) => ({ moneda, total: money(total) }));
}
