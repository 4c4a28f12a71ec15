/** Spec 000 §9: dates shown dd/MM/yyyy in the America/Caracas time zone. */
export const TIME_ZONE = 'America/Caracas';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const timeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** dd/MM/yyyy in Caracas, or '' for no date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = dateParts.formatToParts(date);
  return `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`;
}

/** dd/MM/yyyy HH:mm:ss in Caracas. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = timeParts.formatToParts(date);
  return `${formatDate(date)} ${part(parts, 'hour')}:${part(parts, 'minute')}:${part(parts, 'second')}`;
}

/** Currency suffixes of spec 000 §9; PTR shows 8 decimals, the rest 2. */
const SUFFIX: Record<string, string> = {
  VES: 'Bs.',
  BS: 'Bs.',
  USD: 'USD',
  PTR: 'PTR',
  EUR: 'EUR',
  RUB: 'RUB',
  TRY: 'TRY',
  CNY: 'CNY',
};

/**
 * A money amount for display. Amounts travel as decimal strings (never floats): the string is
 * grouped as-is, so no precision is lost.
 */
export function formatMoney(amount: string | number | null | undefined, currency = 'VES'): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const decimals = currency.toUpperCase() === 'PTR' ? 8 : 2;
  const text = typeof amount === 'number' ? amount.toFixed(decimals) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, int, frac = ''] = match;
  const rounded = roundDecimal(int, frac, decimals);
  const grouped = rounded.int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const suffix = SUFFIX[currency.toUpperCase()] ?? currency;
  const body = decimals > 0 ? `${grouped},${rounded.frac}` : grouped;
  return `${sign && /[1-9]/.test(rounded.int + rounded.frac) ? '-' : ''}${body} ${suffix}`.trim();
}

/** Half-up rounding of a decimal string to `decimals` places. */
function roundDecimal(int: string, frac: string, decimals: number): { int: string; frac: string } {
  const padded = frac.padEnd(decimals + 1, '0');
  const kept = padded.slice(0, decimals);
  const digits = (int + kept).split('').map(Number);
  if (Number(padded[decimals]) >= 5) {
    let i = digits.length - 1;
    while (i >= 0) {
      if (digits[i] === 9) {
        digits[i] = 0;
        i--;
      } else {
        digits[i]++;
        break;
      }
    }
    if (i < 0) digits.unshift(1);
  }
  const all = digits.join('');
  const intPart = all.slice(0, all.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  return { int: intPart, frac: all.slice(all.length - decimals) };
}
