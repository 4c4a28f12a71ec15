/**
 * Venezuelan identifiers and display formats (spec 000 §5, §9; 002 §5).
 */

/** RIF / document types: V E J G P for companies and users; clients also C (spec 000 §3, 001 §3.2). */
export const COMPANY_DOCUMENT_TYPES = ['V', 'E', 'J', 'G', 'P'] as const;
export const CLIENT_DOCUMENT_TYPES = ['V', 'E', 'J', 'G', 'P', 'C'] as const;
export const PROVIDER_TYPES = ['PJD', 'PJND', 'PNR', 'PNNR'] as const;

/** "J-123456789": type letter, dash, number (spec 000 §3 third-party accounts, 002 §5). */
export const RIF_PATTERN = /^[VEJGPC]-\d{1,9}$/;

export function formatRif(tipoDocumento: string, numeroDocumento: string): string {
  return `${tipoDocumento}-${numeroDocumento}`;
}

/** Splits "J-123456789" (or "J123456789") into its type and number; null when it is not a RIF. */
export function parseRif(rif: string): { tipoDocumento: string; numeroDocumento: string } | null {
  const match = /^([VEJGPC])-?(\d{1,9})$/i.exec(rif.trim());
  return match ? { tipoDocumento: match[1].toUpperCase(), numeroDocumento: match[2] } : null;
}

/** Phone format of branches and clients: "(###) #######" (spec 000 §5, 002 §5). */
export const PHONE_PATTERN = /^\(\d{3}\) \d{7}$/;
export const PHONE_EXAMPLE = '(212) 5551234';

/** Formats 10 digits as "(###) #######"; anything else is returned as it came. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3)}` : value;
}

// One formatter each, made once: building an Intl.DateTimeFormat costs about 0.3 ms, and these run per
// document (the invoice intake asks for today's date once per invoice) and per list row.
const CARACAS_DISPLAY = new Intl.DateTimeFormat('es-VE', {
  timeZone: 'America/Caracas',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const CARACAS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Caracas',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * A date-only value (a `date` column, a period's bounds, a date input): yyyy-MM-dd names a calendar day,
 * not an instant. `new Date('2026-11-25')` is midnight UTC, which is 24/11 in Caracas (UTC−4): every
 * screen reads and writes such values through these helpers, never through Date.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day, month and year of a valid yyyy-MM-dd, or null. */
export function parseDateOnly(value: string): { year: number; month: number; day: number } | null {
  const match = DATE_ONLY.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/** yyyy-MM-dd → dd/MM/yyyy, the same day whatever the zone; null when it is not a date-only value. */
export function formatDateOnly(value: string): string | null {
  const parsed = parseDateOnly(value);
  if (!parsed) return null;
  return `${String(parsed.day).padStart(2, '0')}/${String(parsed.month).padStart(2, '0')}/${parsed.year}`;
}

/** dd/MM/yyyy (d/M/yyyy accepted) → yyyy-MM-dd, or null when it is not a real calendar day. */
export function parseDisplayDate(value: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return parseDateOnly(iso) ? iso : null;
}

/** Dates are shown dd/MM/yyyy in America/Caracas (spec 000 §9); a date-only value as the day it names. */
export function formatDateCaracas(value: Date | string): string {
  if (typeof value === 'string') {
    const day = formatDateOnly(value);
    if (day) return day;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = CARACAS_DISPLAY.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** The calendar date (yyyy-MM-dd) of an instant in Caracas: which day's exchange rate applies. */
export function caracasDate(value: Date = new Date()): string {
  return CARACAS_DAY.format(value);
}

/** The instant a Caracas calendar day (yyyy-MM-dd) starts; Venezuela keeps UTC−4 all year. */
export const caracasDayStart = (day: string): Date => new Date(`${day}T00:00:00-04:00`);

/** The instant the Caracas calendar day after `day` starts: list filters run [inicio, fin + 1 day). */
export const caracasDayEnd = (day: string): Date => new Date(caracasDayStart(day).getTime() + 86_400_000);
