// Credit and debit notes, their lines and taxes (spec 001 §3.8).
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
import { facturas } from './invoices.ts';

/**
 * A note as stored: its own number (unique per company and type among the notes not deleted), the
 * control number taken from the company's invoice lot (one sequence with invoices), the affected
 * invoice, the client as it was on the invoice, exact totals, and the signed PDF's bytes and SHA-256
 * once generated (never changed after).
 */
export const notas = pgTable(
  'notas',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id),
    /** The affected invoice as it is printed on the note: its label, control number and date. */
    nroFactura: text('nro_factura').notNull(),
    nroControlFactura: text('nro_control_factura'),
    fechaFactura: timestamp('fecha_factura', { withTimezone: true }).notNull(),
    tipo: text('tipo').notNull(),
    categoria: text('categoria').notNull(),
    concepto: text('concepto').notNull(),
    descripcion: text('descripcion'),
    serieNota: text('serie_nota').notNull().default(''),
    nroNota: text('nro_nota').notNull(),
    serie: text('serie'),
    nroControl: text('nro_control'),
    numeroControl: bigint('numero_control', { mode: 'number' }),
    lotId: uuid('id_control_lote'),
    fechaEmision: timestamp('fecha_emision', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
    moneda: text('factura_divisa').notNull(),
    tasaCambio: numeric('tasa_cambio', { precision: 24, scale: 8 }),
    subTotal: numeric('sub_total', { precision: 20, scale: 2 }).notNull(),
    totalExento: numeric('total_exento', { precision: 20, scale: 2 }).notNull(),
    totalExonerado: numeric('total_exonerado', { precision: 20, scale: 2 }).notNull(),
    montoDescuento: numeric('monto_descuento', { precision: 20, scale: 2 }).notNull(),
    totalIva: numeric('total_iva', { precision: 20, scale: 2 }).notNull(),
    importeTotal: numeric('importe_total', { precision: 20, scale: 2 }).notNull(),
    cliente: jsonb('cliente').$type<Record<string, unknown>>().notNull(),
    extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
    origen: text('origen').notNull().default('API'),
    status: status(),
    deleted: boolean('log_deleted_registro').notNull().default(false),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    pdfGeneratedAt: timestamp('pdf_generated_at', { withTimezone: true }),
    createdBy: text('log_username').notNull().default('sistema'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
  },
  (t) => [
    // "ya existe": one note per company, type and number; a deleted note (never numbered) frees it.
    uniqueIndex('notas_numero_uq').on(t.localidadId, t.tipo, t.nroNota).where(sql`not ${t.deleted}`),
    uniqueIndex('notas_control_uq').on(t.localidadId, t.serie, t.numeroControl),
    index('notas_factura_idx').on(t.facturaId),
    index('notas_list_idx').on(t.localidadId, t.fechaEmision),
    check('notas_tipo_ck', sql`${t.tipo} in ('Credito', 'Debito')`),
    check('notas_categoria_ck', sql`${t.categoria} in ('0', '1', '2')`),
  ],
);

export const notaLineas = pgTable(
  'nota_lineas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notaId: uuid('id_nota')
      .notNull()
      .references(() => notas.id, { onDelete: 'cascade' }),
    posicion: integer('posicion').notNull(),
    codigoProducto: text('codigo_producto').notNull(),
    descripcion: text('descripcion').notNull(),
    unidadMedida: text('unidad_medida').notNull(),
    /** The invoice line's quantity (or the one the connector sent). */
    cantidad: numeric('cantidad', { precision: 20, scale: 4 }).notNull(),
    /** The quantity the note applies to: returned (credit) or debited. */
    cantidadDevolucion: numeric('cantidad_devolucion', { precision: 20, scale: 4 }).notNull(),
    /** The note's unit amount. */
    precio: numeric('precio', { precision: 24, scale: 8 }).notNull(),
    precioOriginal: numeric('precio_original', { precision: 24, scale: 8 }),
    precioDevolucion: numeric('precio_devolucion', { precision: 24, scale: 8 }),
    descuento: numeric('descuento', { precision: 9, scale: 4 }).notNull().default('0'),
    montoDescuento: numeric('monto_descuento', { precision: 20, scale: 2 }).notNull().default('0'),
    importe: numeric('importe', { precision: 20, scale: 2 }).notNull(),
    alicuota: numeric('alicuota_gravamen', { precision: 5, scale: 2 }).notNull(),
    montoGravamen: numeric('monto_gravamen', { precision: 20, scale: 2 }).notNull(),
    exento: boolean('exento').notNull().default(false),
    exonerado: boolean('exonerado').notNull().default(false),
    extras: jsonb('extras').$type<Record<string, unknown>>(),
  },
  (t) => [index('nota_lineas_nota_idx').on(t.notaId)],
);

export const notaGravamenes = pgTable(
  'nota_gravamenes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notaId: uuid('id_nota')
      .notNull()
      .references(() => notas.id, { onDelete: 'cascade' }),
    alicuota: numeric('alicuota', { precision: 5, scale: 2 }).notNull(),
    baseImponible: numeric('base_imponible', { precision: 20, scale: 2 }).notNull(),
    montoAlicuota: numeric('monto_alicuota', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [index('nota_gravamenes_nota_idx').on(t.notaId)],
);
