/**
 * Display formats of the printed documents: Venezuelan amounts ("1.234.567,89"), dates dd/MM/yyyy and
 * times hh:mm a in America/Caracas, and text restricted to what the PDF standard fonts can show.
 */
import { dec, formatAmount } from '@sigece/fiscal';

const ZONE = 'America/Caracas';

// Intl formatters are costly to build: one of each for the process.
const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  for (const p of parts) if (p.type === type) return p.value;
  return '';
}

/** dd/MM/yyyy in Caracas; text that is not a Date is shown as it came (or parsed when it is ISO). */
export function formatDate(value: Date | string): string {
  let date: Date;
  if (value instanceof Date) date = value;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar date: show it as that day, whatever the zone.
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(value)) date = new Date(value);
  else return value;
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = dateParts.formatToParts(date);
  return `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`;
}

/** hh:mm a in Caracas, e.g. "03:45 PM". */
export function formatTime(date: Date): string {
  const parts = timeParts.formatToParts(date);
  return `${part(parts, 'hour')}:${part(parts, 'minute')} ${part(parts, 'dayPeriod').toUpperCase()}`;
}

/** Decimals shown for amounts of each document currency (spec 000 §9: PTR 8, the rest 2). */
export function currencyDecimals(iso: string): number {
  return iso === 'PTR' ? 8 : 2;
}

/** "1234567.891" → "1.234.567,89" (half-up, display only). */
export function formatMoney(value: string, decimals = 2): string {
  return formatAmount(value, { decimals });
}

function fractionDigits(value: string): number {
  const trimmed = dec(value).toFixed();
  const dot = trimmed.indexOf('.');
  return dot < 0 ? 0 : trimmed.length - dot - 1;
}

/** A quantity with at least 2 and at most 4 decimals: "2" → "2,00", "0.125" → "0,125". */
export function formatQuantity(value: string): string {
  return formatAmount(value, { decimals: Math.min(4, Math.max(2, fractionDigits(value))) });
}

/** An exchange rate with the decimals it has, at least 2 and at most 8: "237.7529" → "237,7529". */
export function formatRate(value: string): string {
  return formatAmount(value, { decimals: Math.min(8, Math.max(2, fractionDigits(value))) });
}

/** A percentage without trailing zeros: "16.00" → "16", "8.5" → "8,5". */
export function formatPercent(value: string): string {
  return dec(value).toFixed().replace('.', ',');
}

// Code points outside Latin-1 that WinAnsiEncoding (the standard fonts' encoding) still has.
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/**
 * Text the standard fonts can draw: tabs become spaces, control characters go, and characters WinAnsi
 * lacks become "?" (pdfkit would otherwise write broken codes for them).
 */
export function pdfText(value: string | undefined | null): string {
  if (!value) return '';
  let out = '';
  let clean = true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c <= 0xff) || c === 0x0a) continue;
    clean = false;
    break;
  }
  if (clean) return value;
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c <= 0xff) || c === 0x0a || WIN_ANSI_EXTRA.has(c)) out += ch;
    else if (c === 0x09) out += ' ';
    else if (c === 0x0d) continue;
    else if (c < 0x20 || (c >= 0x7f && c < 0xa0)) continue;
    else out += '?';
  }
  return out;
}

/** Observation lines: the two characters "/n" (or a real newline) break the line. */
export function observationLines(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\/n|\r?\n/)
    .map((line) => line.trim())
    .filter((line, index, all) => line !== '' || (index > 0 && index < all.length - 1));
}
