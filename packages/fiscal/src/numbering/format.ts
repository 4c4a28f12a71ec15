/**
 * Control numbers and voucher numbers (issue "Control numbers"; spec 000 §9).
 */

/** The three families of control numbers a company holds. */
export const CONTROL_FAMILIES = ['FACTURA', 'ORDEN', 'RETENCION'] as const;
export type ControlFamily = (typeof CONTROL_FAMILIES)[number];

export const DEFAULT_SERIE = '00';

/** `SERIE-NUMBER`: the series in two characters, the number zero-padded to 8 digits ("00-00168441"). */
export function formatControlNumber(
  serie: string | null | undefined,
  numero: number | bigint | string,
): string {
  const s = (serie && serie.trim() !== '' ? serie.trim() : DEFAULT_SERIE).toUpperCase().padStart(2, '0');
  return `${s}-${String(numero).padStart(8, '0')}`;
}

export function parseControlNumber(value: string): { serie: string; numero: number } | null {
  const match = /^([A-Za-z0-9]{1,2})-(\d{1,9})$/.exec(value.trim());
  return match ? { serie: match[1].toUpperCase().padStart(2, '0'), numero: Number(match[2]) } : null;
}

/** Remaining numbers of a lot = hasta − actual (spec 000 §9). */
export const remainingOf = (lot: { hasta: number; actual: number }) => Math.max(0, lot.hasta - lot.actual);

/** The next number a lot hands out = actual + 1 (spec 000 §9). */
export const nextOf = (lot: { actual: number }) => lot.actual + 1;

/**
 * A lot entered with initial number N and quantity Q covers N+1 … N+Q: Desde = N, Hasta = N + Q, and
 * its pointer `actual` starts at N (spec 000 §4: "Desde equals the initial number; Hasta equals initial
 * plus quantity"; §9: next = actual + 1).
 */
export function lotRange(initial: number, quantity: number) {
  return { desde: initial, hasta: initial + quantity, actual: initial };
}

/**
 * The lot form asks for the first number to issue, as people think of it ("start at 1"), while the wire
 * keeps spec 000 §4's arithmetic on the initial number N (Desde = N, Hasta = N + Q, next = actual + 1,
 * §9): so the initial number sent is first − 1. A first number of 1 and a quantity of 100 send
 * nroControl 0, Desde 0, Hasta 100, and the lot issues 00-00000001 … 00-00000100.
 */
export function lotFromFirstNumber(first: number, quantity: number) {
  const initial = first - 1;
  return { nroControl: initial, nroControlDesde: initial, nroControlHasta: initial + quantity };
}

/** The first number a new lot of a family defaults to: 1 for the first lot, else the one after the last lot. */
export function defaultFirstNumber(lots: readonly { hasta: number }[]): number {
  return lots.reduce((max, lot) => Math.max(max, lot.hasta), 0) + 1;
}

/**
 * The numbers a lot covers as people read them, the same on the numbering screens and at the foot of every
 * PDF: from the first number it hands out (desde + 1, spec 000 §9) to its last (hasta), each written as a
 * control number ("00-00000001" … "00-00100000" for a lot entered with initial 0 and quantity 100000).
 */
export function lotControlRange(lot: { serie: string | null | undefined; desde: number; hasta: number }): {
  desde: string;
  hasta: string;
} {
  return {
    desde: formatControlNumber(lot.serie, lot.desde + 1),
    hasta: formatControlNumber(lot.serie, lot.hasta),
  };
}

/**
 * A withholding voucher number: 14 digits, the year and month of issue followed by the agent's 8-digit
 * sequence ("20250600000028").
 */
export function formatVoucherNumber(issuedAt: { year: number; month: number }, sequence: number): string {
  return `${issuedAt.year}${String(issuedAt.month).padStart(2, '0')}${String(sequence).padStart(8, '0')}`;
}
