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

// Built once: constructing an Intl formatter costs far more than formatting with it (it was a
// measurable share of an invoice request's CPU).
const caracasDisplay = new Intl.DateTimeFormat('es-VE', {
  timeZone: 'America/Caracas',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const caracasIsoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Caracas',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Dates are shown dd/MM/yyyy in America/Caracas (spec 000 §9). */
export function formatDateCaracas(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = caracasDisplay.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** The calendar date (yyyy-MM-dd) of an instant in Caracas: which day's exchange rate applies. */
export function caracasDate(value: Date = new Date()): string {
  return caracasIsoDay.format(value);
}

/** The instant a Caracas calendar day (yyyy-MM-dd) starts; Venezuela keeps UTC−4 all year. */
export const caracasDayStart = (day: string): Date => new Date(`${day}T00:00:00-04:00`);

/** The instant the Caracas calendar day after `day` starts: list filters run [inicio, fin + 1 day). */
export const caracasDayEnd = (day: string): Date => new Date(caracasDayStart(day).getTime() + 86_400_000);
