// Delivery orders and dispatch guides, their lines and taxes (spec 001 §3.9).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  clientColumn,
  controlNumberColumns,
  documentStateColumns,
  id,
  issuerColumns,
  optionalTotalsColumns,
  sandboxColumn,
  signedPdfColumns,
  taxRateColumns,
} from './columns.ts';
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
    ...issuerColumns(localidades, sucursales),
    modelo: text('modelo_orden').notNull(),
    nroOrden: text('nro_orden').notNull(),
    ...controlNumberColumns(),
    incluirMontos: boolean('incluir_montos').notNull().default(false),
    moneda: text('factura_divisa').notNull().default('VEF'),
    tasaCambio: numeric('cambio_divisa', { precision: 24, scale: 8 }),
    ...optionalTotalsColumns(),
    motivo: text('motivo').notNull(),
    direccionEntrega: text('direccion_entrega').notNull(),
    observacion: text('observacion'),
    cliente: clientColumn(),
    ...sandboxColumn(),
    ...documentStateColumns(),
    ...signedPdfColumns(),
    ...auditColumns(),
  },
  (t) => [
    // "ya existe": one order per company, kind and number.
    uniqueIndex('ordenes_numero_uq')
      .on(t.localidadId, t.sandbox, t.modelo, t.nroOrden)
      .where(sql`not ${t.deleted}`),
    uniqueIndex('ordenes_control_uq').on(t.localidadId, t.serie, t.numeroControl),
    index('ordenes_list_idx').on(t.localidadId, t.fechaEmision),
    index('ordenes_secuencia_idx').on(t.secuencia),
    check('ordenes_modelo_ck', sql`${t.modelo} in ('ORDENENTREGA', 'GUIADESPACHO')`),
    // Without amounts nothing monetary is kept (the IncluirMontos choice).
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
    ...taxRateColumns(),
    ordenId: uuid('id_orden')
      .notNull()
      .references(() => ordenes.id, { onDelete: 'cascade' }),
  },
  (t) => [index('orden_gravamenes_orden_idx').on(t.ordenId)],
);
