// Purchase invoices: what a company bought, recorded from the supplier's document (spec 001 §3.10).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientes } from './catalog.ts';
import { auditColumns, status } from './columns.ts';
import { localidades, sucursales } from './companies.ts';

export interface PurchaseLineRow {
  concepto: string;
  cantidad: string;
  unidadMedida: string;
  precio: string;
  descuento?: string;
  exento: boolean;
  alicuota: string;
  /** The purchase book's column (fiscal PURCHASE_VAT_TREATMENTS); absent on older rows. */
  tratamientoIva?: 'EXENTO' | 'EXONERADO' | 'NO_SUJETO' | 'SIN_DERECHO';
  importe: string;
  montoDescuento: string;
  montoGravamen: string;
}
export interface PurchasePaymentRow {
  modoPago: string;
  monto: string;
  divisa: string;
  nro?: string;
  fecha?: string;
}
export interface PurchaseTaxRow {
  alicuota: string;
  baseImponible: string;
  montoAlicuota: string;
}

/**
 * One purchase invoice. Numbered by a plain serial (the list's "ID"; withholdings point at it): it is a
 * record, never an issued document, so it takes no control number and has no PDF. The supplier is one of
 * the company's third parties (clientes) and its data as printed on the document is kept beside it.
 * Lines, payments and taxes are read and written only with their invoice, hence jsonb.
 */
export const facturasCompra = pgTable(
  'facturas_compra',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    proveedorId: uuid('id_proveedor')
      .notNull()
      .references(() => clientes.id),
    proveedor: jsonb('proveedor')
      .$type<{
        tipoDocumento: string;
        numeroDocumento: string;
        identificacion: string;
        direccion: string | null;
        correo: string | null;
      }>()
      .notNull(),
    nroControl: text('nro_control').notNull(),
    nroFactura: text('nro_factura').notNull(),
    fechaFactura: date('fecha_factura', { mode: 'string' }).notNull(),
    tipoCompra: text('tipo_compra').notNull(),
    lineas: jsonb('lineas').$type<PurchaseLineRow[]>().notNull(),
    pagos: jsonb('pagos').$type<PurchasePaymentRow[]>().notNull(),
    gravamenes: jsonb('gravamenes').$type<PurchaseTaxRow[]>().notNull(),
    subTotal: numeric('sub_total', { precision: 20, scale: 2 }).notNull(),
    totalExento: numeric('total_exento', { precision: 20, scale: 2 }).notNull(),
    montoDescuento: numeric('monto_descuento', { precision: 20, scale: 2 }).notNull(),
    totalIva: numeric('total_iva', { precision: 20, scale: 2 }).notNull(),
    importeTotal: numeric('importe_total', { precision: 20, scale: 2 }).notNull(),
    status: status(),
    ...auditColumns(),
  },
  (t) => [
    // The same supplier document recorded twice is a mistake: "ya existe".
    uniqueIndex('facturas_compra_documento_uq').on(t.localidadId, t.proveedorId, t.nroFactura),
    index('facturas_compra_list_idx').on(t.localidadId, t.id),
    // The purchase book's (date, id) pages (migration 0017).
    index('facturas_compra_book_idx').on(t.localidadId, t.fechaFactura, t.id),
    check('facturas_compra_tipo_ck', sql`${t.tipoCompra} in ('INTERNA', 'IMPORTACION')`),
  ],
);
