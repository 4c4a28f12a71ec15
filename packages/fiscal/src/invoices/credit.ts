import { dec, money } from '../money.ts';
import { decimal } from '../tolerant.ts';
import { z } from '../zod-es.ts';

/**
 * Credit invoices: the due date, what is still owed, and the payment state a list shows.
 * The Código de Comercio (art. 147) lets the parties agree a term; the Providencia SNAT/2011/00071 (art. 13
 * num. 9) asks the invoice to state the payment condition (contado/crédito). Neither fixes how a due date
 * is counted: like Odoo's payment terms ("N days after invoice date"), it is the emission day plus the
 * credit days, in calendar days.
 */

/** The calendar day `days` days after `day` (both yyyy-MM-dd; date-only arithmetic in UTC, no zone shift). */
export function creditDueDate(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const PAYMENT_STATES = ['PAGADA', 'PARCIAL', 'CREDITO', 'VENCIDA'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface CreditPosition {
  condicionPago: string;
  importeTotal: string;
  /** What was received after issue (factura_cobros), in the invoice's currency. */
  cobrado: string;
  fechaVencimiento: string | null;
}

/** What is still owed: nothing on a cash invoice (paid at issue), the total less the payments on credit. */
export function creditBalance(p: CreditPosition): string {
  if (p.condicionPago !== 'CREDITO') return '0.00';
  const owed = dec(p.importeTotal).minus(p.cobrado);
  return money(owed.isNegative() ? dec(0) : owed);
}

/**
 * The chip of a list row: PAGADA (nothing owed), VENCIDA (owed after the due day), PARCIAL (part paid),
 * CREDITO (nothing paid yet, not due). `today` is the Caracas calendar day (yyyy-MM-dd).
 */
export function paymentState(p: CreditPosition, today: string): PaymentState {
  const owed = dec(creditBalance(p));
  if (owed.lte(0)) return 'PAGADA';
  if (p.fechaVencimiento && p.fechaVencimiento < today) return 'VENCIDA';
  return dec(p.cobrado).gt(0) ? 'PARCIAL' : 'CREDITO';
}

export const COLLECTION_LIMITS = { referencia: 30, modoPago: 30 } as const;

/** A payment recorded later against a credit invoice (POST /v2/facturas/cobros/:id). */
export const collectionSchema = z.object({
  fecha: z.iso.date({ error: 'La fecha del pago debe ser una fecha AAAA-MM-DD' }),
  monto: decimal('monto').refine((v) => dec(v).gt(0), 'El monto debe ser mayor que cero'),
  modoPago: z
    .string({ error: 'La forma de pago es requerida' })
    .trim()
    .min(1, 'La forma de pago es requerida')
    .max(COLLECTION_LIMITS.modoPago, `Maximo ${COLLECTION_LIMITS.modoPago} caracteres permitidos`),
  referencia: z
    .string()
    .trim()
    .max(COLLECTION_LIMITS.referencia, `Maximo ${COLLECTION_LIMITS.referencia} caracteres permitidos`)
    .optional(),
});
export type CollectionInput = z.infer<typeof collectionSchema>;

export const collectionRowSchema = z.object({
  id: z.number(),
  fecha: z.string(),
  monto: z.string(),
  modoPago: z.string(),
  referencia: z.string().nullable(),
  logUsername: z.string(),
});

/** The payments of one invoice and where it stands. */
export const collectionsAnswerSchema = z.object({
  code: z.number(),
  message: z.string(),
  result: z.object({
    id: z.string(),
    facturaDivisa: z.string(),
    importeTotal: z.string(),
    cobrado: z.string(),
    saldo: z.string(),
    estadoPago: z.enum(PAYMENT_STATES),
    fechaVencimiento: z.string().nullable(),
    cobros: z.array(collectionRowSchema),
  }),
});
