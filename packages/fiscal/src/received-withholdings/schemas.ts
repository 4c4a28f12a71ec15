// IVA withheld by buyers outside sigece: the voucher a company received from a
// withholding agent (its buyer), recorded by hand so that the sales book shows it in 'IVA Retenido por el
// Comprador' beside the vouchers issued inside sigece. The voucher's fields are the ones a voucher carries
// (agent's RIF and name, voucher number, date, the invoice withheld from, the amount): the text of
// Providencia SNAT/2015/0049, which rules the IVA voucher, was not found in the library (sources.md), so
// they follow the vouchers sigece itself issues (spec 002 §3) and the peers' received-withholding records
// (binaural-dev/odoo-venezuela l10n_ve_payment_extension: the customer's retention keyed by its number).
import { parseRif } from '../formats.ts';
import { type DecimalInput, dec, money } from '../money.ts';
import { decimal, text } from '../tolerant.ts';
import { z } from '../zod-es.ts';

export const RECEIVED_WITHHOLDING_MESSAGES = {
  created: 'Retención recibida registrada',
  annulled: 'Retención recibida anulada',
  deleted: 'Retención recibida eliminada',
  notFound: 'Retención recibida no encontrada',
  invoiceNotFound: (nro: string) => `La factura con N° de control ${nro} no existe en esta razón social`,
  invoiceAnnulled: (nro: string) => `La factura con N° de control ${nro} está anulada`,
  overIva: (max: string) =>
    `El monto retenido no puede superar el IVA de la factura por retener (${max} Bs.)`,
  duplicate: (nro: string, rif: string) => `El comprobante N° ${nro} del agente ${rif} ya fue registrado`,
  alreadyAnnulled: 'La retención recibida ya está anulada',
  rif: 'RIF del agente inválido (formato J-123456789)',
} as const;

/** A RIF as stored: its letter and its number padded to 9 digits (J-012345678), as books.ts rifKey compares. */
export function agentRif(rif: string): string | null {
  const parsed = parseRif(rif.replace(/-(\d)$/, '$1').replace(/\s/g, ''));
  return parsed ? `${parsed.tipoDocumento}-${parsed.numeroDocumento.padStart(9, '0')}` : null;
}

export const receivedWithholdingInputSchema = z.object({
  id_localidad: z.uuid({ error: 'Seleccione la razón social' }),
  rifAgente: text('rifAgente', 14).pipe(
    z.string().refine((v) => agentRif(v) !== null, RECEIVED_WITHHOLDING_MESSAGES.rif),
  ),
  nombreAgente: text('nombreAgente', 100),
  nroComprobante: text('nroComprobante', 20).pipe(
    z.string().regex(/^[0-9A-Za-z-]+$/, 'nroComprobante admite letras, dígitos y guiones'),
  ),
  fechaComprobante: z.iso.date({ error: 'fechaComprobante debe ser una fecha AAAA-MM-DD' }),
  /** The withheld invoice of this company, by its control number. */
  nroControlFactura: text('nroControlFactura', 30),
  montoRetenido: decimal('montoRetenido').refine((v) => dec(v).gt(0), 'montoRetenido debe ser mayor que 0'),
});
export type ReceivedWithholdingInput = z.infer<typeof receivedWithholdingInputSchema>;

export const receivedWithholdingListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(100, 'Maximo 100 caracteres permitidos').optional(),
  ),
  id_localidad: z.preprocess((v) => (v === '' ? undefined : v), z.uuid().optional()),
});

export const receivedWithholdingIdParam = z.object({ id: z.uuid({ error: 'Identificador no válido' }) });

export const receivedWithholdingRecordSchema = z.object({
  id: z.string(),
  id_localidad: z.string(),
  cliente: z.string(),
  rifAgente: z.string(),
  nombreAgente: z.string(),
  nroComprobante: z.string(),
  fechaComprobante: z.string(),
  id_factura: z.string(),
  nroFactura: z.string(),
  nroControlFactura: z.string(),
  ivaFactura: z.string(),
  montoRetenido: z.string(),
  logEstatusRegistro: z.string(),
});
export type ReceivedWithholdingRecord = z.infer<typeof receivedWithholdingRecordSchema>;

/**
 * Why an amount cannot be withheld from an invoice whose IVA in Bs. is `ivaFactura`, after the `yaRetenido`
 * of the vouchers already recorded on it (the seller cannot deduct more IVA than it charged); null when
 * it can.
 */
export function receivedAmountProblem(
  monto: DecimalInput,
  ivaFactura: DecimalInput,
  yaRetenido: DecimalInput = 0,
): string | null {
  const room = dec(ivaFactura).minus(yaRetenido);
  return dec(monto).gt(room) ? RECEIVED_WITHHOLDING_MESSAGES.overIva(money(Decimal0(room))) : null;
}

const Decimal0 = (v: ReturnType<typeof dec>) => (v.isNegative() ? dec(0) : v);
