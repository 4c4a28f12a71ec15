// Delivery orders and dispatch guides, their lines and taxes (spec 001 §3.9).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { appNow, bytea, id, status } from './columns.ts';
import { localidades, sucursales } from './companies.ts';

/**
 * An order or guide as stored: its own number (unique per company and kind among the orders not
 * deleted), the control number from the company's (or branch's) ORDEN lot, the client as sent, the
 * reason and delivery address, and — only when it includes amounts (`incluir_montos`) — exact totals.
 * The signed PDF's bytes and SHA-256 once rendered (never changed after). The invoice issued from an
 * order points back at it (`facturas.id_orden`).
 */
export const ordenes = pgTable(
  'ordenes',
  {
    id: id(),
    /** The order's place in the sequence of orders: the lists' default sort (spec 001 §2.4 "id ascending"). */
    secuencia: bigserial('secuencia', { mode: 'number' }).notNull(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    modelo: text('modelo_orden').notNull(),
    nroOrden: text('nro_orden').notNull(),
    serie: text('serie'),
    nroControl: text('nro_control'),
    numeroControl: bigint('numero_control', { mode: 'number' }),
    lotId: uuid('id_control_lote'),
    fechaEmision: timestamp('fecha_emision', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
    incluirMontos: boolean('incluir_montos').notNull().default(false),
    moneda: text('factura_divisa').notNull().default('VEF'),
    tasaCambio: numeric('cambio_divisa', { precision: 24, scale: 8 }),
    subTotal: numeric('sub_total', { precision: 20, scale: 2 }),
    totalExento: numeric('total_exento', { precision: 20, scale: 2 }),
    totalExonerado: numeric('total_exonerado', { precision: 20, scale: 2 }),
    montoDescuento: numeric('monto_descuento', { precision: 20, scale: 2 }),
    totalIva: numeric('total_iva', { precision: 20, scale: 2 }),
    importeTotal: numeric('importe_total', { precision: 20, scale: 2 }),
    motivo: text('motivo').notNull(),
    direccionEntrega: text('direccion_entrega').notNull(),
    observacion: text('observacion'),
    cliente: jsonb('cliente').$type<Record<string, unknown>>().notNull(),
    extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
    origen: text('origen').notNull().default('API'),
    status: status(),
    deleted: boolean('log_deleted_registro').notNull().default(false),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    pdfGeneratedAt: timestamp('pdf_generated_at', { withTimezone: true }),
    createdBy: text('log_username').notNull().default('sistema'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
    updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
  },
  (t) => [
    // "ya existe": one order per company, kind and number.
    uniqueIndex('ordenes_numero_uq').on(t.localidadId, t.modelo, t.nroOrden).where(sql`not ${t.deleted}`),
    uniqueIndex('ordenes_control_uq').on(t.localidadId, t.serie, t.numeroControl),
    index('ordenes_list_idx').on(t.localidadId, t.fechaEmision),
    index('ordenes_secuencia_idx').on(t.secuencia),
    check('ordenes_modelo_ck', sql`${t.modelo} in ('ORDENENTREGA', 'GUIADESPACHO')`),
    // Without amounts nothing monetary is kept (issue 10: the IncluirMontos choice).
    check('ordenes_montos_ck', sql`${t.incluirMontos} or ${t.importeTotal} is null`),
  ],
);

export const ordenLineas = pgTable(
  'orden_lineas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ordenId: uuid('id_orden')
      .notNull()
      .references(() => ordenes.id, { onDelete: 'cascade' }),
    posicion: integer('posicion').notNull(),
    codigoProducto: text('codigo_producto').notNull(),
    descripcion: text('descripcion').notNull(),
    unidadMedida: text('unidad_medida').notNull(),
    cantidad: numeric('cantidad', { precision: 20, scale: 4 }).notNull(),
    /** The money columns are null in an order without amounts. */
    precio: numeric('precio', { precision: 24, scale: 8 }),
    descuento: numeric('descuento', { precision: 9, scale: 4 }),
    montoDescuento: numeric('monto_descuento', { precision: 20, scale: 2 }),
    importe: numeric('importe', { precision: 20, scale: 2 }),
    alicuota: numeric('alicuota_gravamen', { precision: 5, scale: 2 }),
    montoGravamen: numeric('monto_gravamen', { precision: 20, scale: 2 }),
    exento: boolean('exento').notNull().default(false),
    exonerado: boolean('exonerado').notNull().default(false),
  },
  (t) => [index('orden_lineas_orden_idx').on(t.ordenId)],
);

export const ordenGravamenes = pgTable(
  'orden_gravamenes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ordenId: uuid('id_orden')
      .notNull()
      .references(() => ordenes.id, { onDelete: 'cascade' }),
    alicuota: numeric('alicuota', { precision: 5, scale: 2 }).notNull(),
    baseImponible: numeric('base_imponible', { precision: 20, scale: 2 }).notNull(),
    montoAlicuota: numeric('monto_alicuota', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [index('orden_gravamenes_orden_idx').on(t.ordenId)],
);
