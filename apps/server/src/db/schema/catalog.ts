// Each company's products, clients and discounts (spec 002 §3).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, status } from './columns.ts';
import { localidades, sucursales } from './companies.ts';
import { tiposGravamen } from './reference.ts';

// --- Products, clients and discounts (spec 002 §3) --------------------------------------------------

export const productos = pgTable(
  'productos',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    codigo: text('codigo').notNull(),
    descripcion: text('descripcion').notNull(),
    unidadMedida: text('unidad_medida').notNull(),
    precio: numeric('precio', { precision: 20, scale: 2 }).notNull().default('0'),
    divisaPrecio: numeric('divisa_precio', { precision: 20, scale: 2 }).notNull().default('0'),
    precioPtr: numeric('precio_ptr', { precision: 24, scale: 8 }).notNull().default('0'),
    precioEur: numeric('precio_eur', { precision: 20, scale: 2 }).notNull().default('0'),
    stock: numeric('stock', { precision: 20, scale: 3 }).notNull().default('0'),
    tipoVenta: text('tipo_venta').notNull(),
    exento: boolean('exento').notNull().default(false),
    exonerado: boolean('exonerado').notNull().default(false),
    tipoGravamenId: uuid('tipo_gravamen_id').references(() => tiposGravamen.id),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('productos_localidad_codigo_uq').on(t.localidadId, t.codigo)],
);

/** Clients belong to a company: one company never sees another's clients. */
export const clientes = pgTable(
  'clientes',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    tipoDocumento: text('tipo_documento').notNull(),
    numeroDocumento: text('numero_documento').notNull(),
    identificacion: text('identificacion').notNull(),
    correo: text('correo'),
    ccCorreo: text('cc_correo'),
    direccion: text('direccion'),
    telefonoMovil: text('telefono_movil'),
    telefonoHabitacion: text('telefono_habitacion'),
    contribuyenteEspecial: boolean('contribuyente_especial').notNull().default(false),
    tipoProveedor: text('tipo_proveedor').notNull().default('PNR'),
    tipoPersona: text('tipo_persona').notNull().default('CLIENTE'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('clientes_localidad_documento_uq').on(t.localidadId, t.tipoDocumento, t.numeroDocumento),
    // The picker matches the document number by prefix within a company (spec 002 §2.11).
    index('clientes_picker_idx').on(t.localidadId, sql`numero_documento text_pattern_ops`),
  ],
);

export const descuentos = pgTable('descuentos', {
  id: id(),
  localidadId: uuid('id_localidad').references(() => localidades.id),
  sucursalId: uuid('id_sucursal').references(() => sucursales.id),
  titulo: text('titulo').notNull(),
  descripcion: text('descripcion').notNull(),
  tipoMonto: integer('tipo_monto').notNull(),
  monto: numeric('monto', { precision: 20, scale: 2 }).notNull(),
  status: status(),
  ...auditColumns(),
});
