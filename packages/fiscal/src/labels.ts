import type { MASS_LOAD_TYPES } from './mass-load/contract.ts';
import { PURCHASE_PAYMENT_METHODS } from './purchases/schemas.ts';

/**
 * One label per code, in both languages of the screens: the codes the wire carries
 * (TARJETA_DEBITO, totalFacturaNew, ACTIVO…) stay codes on the wire and in the database, and every
 * screen and PDF shows them through these maps, never raw. The server's PDFs are Spanish fiscal
 * documents and use `es`; the web picks the user's language.
 */

export type LabelLanguage = 'es' | 'en';
export interface Label {
  es: string;
  en: string;
}

/** Payment methods of spec 001 §3.5 (invoices and purchases share them). */
export const PAYMENT_METHOD_CODES = PURCHASE_PAYMENT_METHODS;
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodCode, Label> = {
  EFECTIVO: { es: 'Efectivo', en: 'Cash' },
  TARJETA_DEBITO: { es: 'Tarjeta de débito', en: 'Debit card' },
  TARJETA_CREDITO: { es: 'Tarjeta de crédito', en: 'Credit card' },
  CHEQUE: { es: 'Cheque', en: 'Cheque' },
  TRANSFERENCIA: { es: 'Transferencia', en: 'Bank transfer' },
  CESTA_TICKETS: { es: 'Cesta tickets', en: 'Food vouchers' },
  TARJETA_ALIMENTACION: { es: 'Tarjeta de alimentación', en: 'Food card' },
  POS_VIRTUAL: { es: 'Punto de venta virtual', en: 'Virtual POS' },
};

/**
 * The counters of spec 001 §8.7 under each mass-load type's names (the server's `resultado` keys):
 * documents processed, created (or annulled) and failed.
 */
export const MASS_LOAD_COUNTER_LABELS: Record<string, Label> = {
  TotalFacturasProcedas: { es: 'Facturas procesadas', en: 'Invoices processed' },
  totalFacturaNew: { es: 'Facturas nuevas', en: 'New invoices' },
  totalFacturaconError: { es: 'Facturas con error', en: 'Invoices with errors' },
  TotalNotasProcedas: { es: 'Notas procesadas', en: 'Notes processed' },
  totalNotasNew: { es: 'Notas nuevas', en: 'New notes' },
  totalNotasconError: { es: 'Notas con error', en: 'Notes with errors' },
  TotalFacturasAnularProcedas: {
    es: 'Anulaciones de facturas procesadas',
    en: 'Invoice annulments processed',
  },
  totalFacturaAnuladas: { es: 'Facturas anuladas', en: 'Invoices annulled' },
  totalFacturaAnularconError: {
    es: 'Anulaciones de facturas con error',
    en: 'Invoice annulments with errors',
  },
  TotalNotasAnularProcedas: { es: 'Anulaciones de notas procesadas', en: 'Note annulments processed' },
  totalNotasAnuladas: { es: 'Notas anuladas', en: 'Notes annulled' },
  totalNotasAnularconError: { es: 'Anulaciones de notas con error', en: 'Note annulments with errors' },
  TotalOrdenesProcedas: { es: 'Órdenes/guías procesadas', en: 'Orders/guides processed' },
  totalOrdenesNew: { es: 'Órdenes/guías nuevas', en: 'New orders/guides' },
  totalOrdenesconError: { es: 'Órdenes/guías con error', en: 'Orders/guides with errors' },
  TotalOrdenesAnularProcedas: {
    es: 'Anulaciones de órdenes/guías procesadas',
    en: 'Order/guide annulments processed',
  },
  totalOrdenesAnuladas: { es: 'Órdenes/guías anuladas', en: 'Orders/guides annulled' },
  totalOrdenesAnularconError: {
    es: 'Anulaciones de órdenes/guías con error',
    en: 'Order/guide annulments with errors',
  },
  TotalRentecionIvaProcedas: { es: 'Comprobantes procesados', en: 'Vouchers processed' },
  totalRetencionesNew: { es: 'Comprobantes nuevos', en: 'New vouchers' },
  TotalRetencionIvaconError: { es: 'Comprobantes con error', en: 'Vouchers with errors' },
};

/**
 * Status words. The database says ACTIVO / INACTIVO for every record. Master data (companies, users,
 * products…) reads 'Activo' / 'Inactivo'; a fiscal document (factura, nota, orden, guía, retención: all
 * feminine in Spanish) reads 'Activa' / 'Anulada', since INACTIVO on a document means annulled. One word
 * per code and kind: the screens no longer mix ACTIVO, Activa and Activo for the same thing.
 */
export const RECORD_STATUS_LABELS: Record<'ACTIVO' | 'INACTIVO', Label> = {
  ACTIVO: { es: 'Activo', en: 'Active' },
  INACTIVO: { es: 'Inactivo', en: 'Inactive' },
};
export const DOCUMENT_STATUS_LABELS: Record<'ACTIVO' | 'INACTIVO' | 'ANULADO', Label> = {
  ACTIVO: { es: 'Activa', en: 'Active' },
  INACTIVO: { es: 'Anulada', en: 'Annulled' },
  ANULADO: { es: 'Anulada', en: 'Annulled' },
};

/** The mass-load file types (the dialog's list). */
export const MASS_LOAD_TYPE_LABELS: Record<(typeof MASS_LOAD_TYPES)[number], Label> = {
  factura: { es: 'Facturas', en: 'Invoices' },
  nota: { es: 'Notas de crédito y débito', en: 'Credit and debit notes' },
  anularFactura: { es: 'Anulación de facturas', en: 'Invoice annulments' },
  anularNota: { es: 'Anulación de notas', en: 'Note annulments' },
  ordenEntrega: { es: 'Órdenes de entrega y guías de despacho', en: 'Delivery orders and dispatch guides' },
  anularOrden: {
    es: 'Anulación de órdenes de entrega y guías de despacho',
    en: 'Delivery order and dispatch guide annulments',
  },
  retencion: { es: 'Comprobantes de retención IVA e ISLR', en: 'IVA and ISLR withholding vouchers' },
};

/** The label of `code` in `map`, or the code itself when the map does not know it (a newer server). */
export function labelOf(map: Record<string, Label>, code: string, language: LabelLanguage = 'es'): string {
  const label = Object.hasOwn(map, code) ? map[code] : undefined;
  return label ? label[language] : code;
}

export const paymentMethodLabel = (code: string, language: LabelLanguage = 'es') =>
  labelOf(PAYMENT_METHOD_LABELS, code, language);
export const massLoadCounterLabel = (code: string, language: LabelLanguage = 'es') =>
  labelOf(MASS_LOAD_COUNTER_LABELS, code, language);
export const recordStatusLabel = (code: string, language: LabelLanguage = 'es') =>
  labelOf(RECORD_STATUS_LABELS, code, language);
export const documentStatusLabel = (code: string, language: LabelLanguage = 'es') =>
  labelOf(DOCUMENT_STATUS_LABELS, code, language);
