import {
  CURRENCY_DISPLAY,
  type Decimal,
  type DecimalInput,
  dec,
  formatAmount,
  formatDateOnly,
} from '@sigece/fiscal';

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

/**
 * dd/MM/yyyy in Caracas, or '' for no date. A date-only value (yyyy-MM-dd) is the day it names, whatever
 * the browser's zone (formatDateOnly), never an instant at midnight UTC.
 */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (typeof value === 'string') {
    const day = formatDateOnly(value);
    if (day) return day;
  }
  const date = toDate(value);
  if (!date) return '';
  const parts = dateParts.formatToParts(date);
  return `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`;
}

/** dd/MM/yyyy HH:mm:ss in Caracas. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (typeof value === 'string' && formatDateOnly(value)) return formatDate(value);
  const date = toDate(value);
  if (!date) return '';
  const parts = timeParts.formatToParts(date);
  return `${formatDate(date)} ${part(parts, 'hour')}:${part(parts, 'minute')}:${part(parts, 'second')}`;
}

/** An amount or rate that is not a number shows as it came (never a crash on screen). */
function decimalOrNull(value: DecimalInput | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = dec(typeof value === 'string' ? value.trim() : value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * A money amount for display, the Venezuelan way (1.234,56 Bs.): suffix and decimals per currency from
 * @sigece/fiscal (spec 000 §9: PTR 8 decimals, the rest 2). Amounts travel as decimal strings; decimal.js
 * keeps every digit.
 */
export function formatMoney(amount: DecimalInput | null | undefined, currency = 'VES'): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const d = decimalOrNull(amount);
  if (!d) return String(amount);
  const display = CURRENCY_DISPLAY[currency.toUpperCase()] ?? { suffix: currency, decimals: 2 };
  return formatAmount(d, display);
}

/** A plain number with `decimals` places (default 2), grouped es-VE: 1.234,50. */
export function formatNumber(value: DecimalInput | null | undefined, decimals = 2): string {
  const d = decimalOrNull(value);
  return d ? formatAmount(d, { decimals }) : value === null || value === undefined ? '' : String(value);
}

/** An exchange rate on screen: 2 decimals, es-VE, in Bs. (the stored rate keeps its 8 places). */
export function formatRate(value: DecimalInput | null | undefined, suffix: string | null = 'Bs.'): string {
  if (value === null || value === undefined || value === '') return '';
  const text = formatNumber(value, 2);
  return suffix ? `${text} ${suffix}` : text;
}

/** A percentage (IVA rate, ISLR concept, discount): 16,00 %. */
export function formatPercent(value: DecimalInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `${formatNumber(value, 2)} %`;
}

/** A quantity: its own decimals, at least none, es-VE (1.500, 2,5). */
export function formatQuantity(value: DecimalInput | null | undefined): string {
  const d = decimalOrNull(value);
  if (!d) return value === null || value === undefined ? '' : String(value);
  return formatAmount(d, { decimals: Math.min(8, d.decimalPlaces()) });
}

/** A yyyy-MM-dd day (no time zone shift) as dd/MM/yyyy. */
export function isoDay(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return d && m && y ? `${d}/${m}/${y}` : value;
}
