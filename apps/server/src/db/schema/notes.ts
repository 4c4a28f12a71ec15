// Credit and debit notes, their lines and taxes (spec 001 §3.8).
import { sql } from 'drizzle-orm';
import {
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
import {
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
    ...issuerColumns(localidades, sucursales),
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
    ...controlNumberColumns(),
    moneda: text('factura_divisa').notNull(),
    tasaCambio: numeric('tasa_cambio', { precision: 24, scale: 8 }),
    ...totalsColumns(),
    cliente: clientColumn(),
    ...sandboxColumn(),
    ...documentStateColumns(),
    ...signedPdfColumns(),
    ...auditColumns(),
  },
  (t) => [
    // "ya existe": one note per company, type and number; a deleted note (never numbered) frees it.
    uniqueIndex('notas_numero_uq')
      .on(t.localidadId, t.sandbox, t.tipo, t.nroNota)
      .where(sql`not ${t.deleted}`),
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
    ...taxRateColumns(),
    notaId: uuid('id_nota')
      .notNull()
      .references(() => notas.id, { onDelete: 'cascade' }),
  },
  (t) => [index('nota_gravamenes_nota_idx').on(t.notaId)],
);
