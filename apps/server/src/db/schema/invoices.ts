// Invoices, their lines, payments and taxes (spec 001 §3.1–3.5).
import type { InvoiceModelData } from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientes } from './catalog.ts';
import {
  appNow,
  auditColumns,
  clientColumn,
  controlNumberColumns,
  documentStateColumns,
  id,
  issuerColumns,
  sandboxColumn,
  signedPdfColumns,
  taxRateColumns,
  totalsColumns,
} from './columns.ts';
import { localidades, sucursales } from './companies.ts';

// --- Invoices (spec 001 §3.1–3.5) ------------------------------------------------------------------

/**
 * An invoice as stored: the numbers (its own and the control number), the parties as they were at
 * issue, the exact totals, and the signed PDF's bytes and SHA-256 once generated (never changed after).
 */
export const facturas = pgTable(
  'facturas',
  {
    id: id(),
    ...issuerColumns(localidades, sucursales),
    clienteId: uuid('id_cliente').references(() => clientes.id),
    serieFactura: text('serie_factura').notNull().default(''),
    nroFactura: text('nro_factura').notNull(),
    ...controlNumberColumns(),
    moneda: text('factura_divisa').notNull(),
    tasaCambio: numeric('cambio_divisa', { precision: 24, scale: 8 }),
    tasaUsd: numeric('tipo_cambio_dia_usd', { precision: 24, scale: 8 }),
    condicionPago: text('condicion_pago').notNull(),
    tipoVenta: text('tipo_venta').notNull(),
    modelo: text('modelo_factura').notNull(),
    diasCredito: integer('dias_credito'),
    fechaVencimiento: date('fecha_vencimiento'),
    estatusCredito: text('estatus_credito'),
    ...totalsColumns(),
    totalIgtf: numeric('total_igtf', { precision: 20, scale: 2 }).notNull().default('0'),
    tipoColetilla: boolean('tipo_coletilla').notNull().default(false),
    coletillaIgtf: boolean('coletilla_igtf').notNull().default(false),
    observacion: text('observacion'),
    observacionInfo: text('observacion_info'),
    ordenCompra: text('orden_compra'),
    /** The delivery order or guide this invoice was issued from ('Facturar', migration 0009). */
    ordenId: uuid('id_orden'),
    servicio: jsonb('servicio').$type<Record<string, string>>(),
    cuentaTerceros: jsonb('cuenta_terceros').$type<{
      rifPrestador: string;
      nombrePrestador: string;
      domicilioPrestador: string;
    }>(),
    cliente: clientColumn(),
    /** AEREA and LICORES data (migration 0014; shape and rules in fiscal invoices/models.ts). */
    datosModelo: jsonb('datos_modelo').$type<InvoiceModelData>(),
    /** AEREA: charges outside the taxable base, included in importe_total. */
    totalCargos: numeric('total_cargos', { precision: 20, scale: 2 }).notNull().default('0'),
    ...sandboxColumn(),
    ...documentStateColumns(),
    ...signedPdfColumns(),
    ...auditColumns(),
  },
  (t) => [
    // "Same company, series and number twice is an error": the database guarantees it under concurrency.
    // A sandbox invoice may carry the number the ERP will send for real later (0030).
    uniqueIndex('facturas_numero_uq').on(t.localidadId, t.sandbox, t.serieFactura, t.nroFactura),
    uniqueIndex('facturas_control_uq').on(t.localidadId, t.serie, t.numeroControl),
    // Only an active invoice holds its order: once annulled, the order can be invoiced again (0024).
    uniqueIndex('facturas_orden_uq')
      .on(t.ordenId)
      .where(sql`${t.ordenId} is not null and ${t.status} = 'ACTIVO'`),
    index('facturas_list_idx').on(t.localidadId, t.fechaEmision),
    index('facturas_emision_idx').on(t.fechaEmision),
    index('facturas_modelo_idx').on(t.modelo, t.fechaEmision).where(sql`${t.modelo} in ('AEREA', 'LICORES')`),
  ],
);

export const facturaLineas = pgTable(
  'factura_lineas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    posicion: integer('posicion').notNull(),
    codigoProducto: text('codigo_producto').notNull(),
    descripcion: text('descripcion').notNull(),
    unidadMedida: text('unidad_medida').notNull(),
    cantidad: numeric('cantidad', { precision: 20, scale: 4 }).notNull(),
    precio: numeric('precio', { precision: 24, scale: 8 }).notNull(),
    descuento: numeric('descuento', { precision: 9, scale: 4 }).notNull().default('0'),
    montoDescuento: numeric('monto_descuento', { precision: 20, scale: 2 }).notNull().default('0'),
    importe: numeric('importe', { precision: 20, scale: 2 }).notNull(),
    alicuota: numeric('alicuota_gravamen', { precision: 5, scale: 2 }).notNull(),
    montoGravamen: numeric('monto_gravamen', { precision: 20, scale: 2 }).notNull(),
    exento: boolean('exento').notNull().default(false),
    exonerado: boolean('exonerado').notNull().default(false),
    nroLote: text('nrolote'),
    fechaVenciProducto: date('fecha_venci_producto'),
    extras: jsonb('extras').$type<Record<string, unknown>>(),
  },
  (t) => [index('factura_lineas_factura_idx').on(t.facturaId)],
);

export const facturaPagos = pgTable(
  'factura_pagos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    modoPago: text('modo_pago').notNull(),
    nro: text('nro'),
    monto: numeric('monto', { precision: 20, scale: 2 }).notNull(),
    fecha: date('fecha_comprobante_pago'),
    banco: text('banco'),
    divisa: text('divisa').notNull(),
    tasaDiaDivisa: numeric('tasa_dia_divisa', { precision: 24, scale: 8 }),
    diasCredito: integer('dias_credito'),
    igtf: boolean('igtf').notNull().default(false),
    igtfValor: numeric('igtf_valor', { precision: 20, scale: 2 }).notNull().default('0'),
    /** What the payment applied to the debt (its currency), its IGTF in Bs., its Bs. rate. */
    igtfBase: numeric('igtf_base', { precision: 20, scale: 2 }),
    igtfBs: numeric('igtf_bs', { precision: 20, scale: 2 }),
    tasaBs: numeric('tasa_bs', { precision: 24, scale: 8 }),
  },
  (t) => [index('factura_pagos_factura_idx').on(t.facturaId)],
);

/** Payments received after a credit invoice was issued (migration 0024), in its currency. */
export const facturaCobros = pgTable(
  'factura_cobros',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    fecha: date('fecha').notNull(),
    monto: numeric('monto', { precision: 20, scale: 2 }).notNull(),
    modoPago: text('modo_pago').notNull(),
    referencia: text('referencia'),
    createdBy: text('log_username').notNull().default('sistema'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
  },
  (t) => [index('factura_cobros_factura_idx').on(t.facturaId)],
);

export const facturaGravamenes = pgTable(
  'factura_gravamenes',
  {
    ...taxRateColumns(),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
  },
  (t) => [index('factura_gravamenes_factura_idx').on(t.facturaId)],
);
