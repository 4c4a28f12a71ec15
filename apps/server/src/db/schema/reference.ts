// Reference data seeded from db/reference (spec 002 §3).
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appNow, auditColumns, id, status } from './columns.ts';

// --- Reference data (spec 002 §3 "Reference data"; seeded from db/reference) --------------------

export const paises = pgTable('paises', {
  id: id(),
  nombre: text('nombre').notNull().unique(),
  iso: text('iso'),
  status: status(),
  ...auditColumns(),
});

export const estados = pgTable(
  'estados',
  {
    id: id(),
    paisId: uuid('pais_id')
      .notNull()
      .references(() => paises.id),
    nombre: text('nombre').notNull(),
    iso: text('iso'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('estados_pais_nombre_uq').on(t.paisId, t.nombre)],
);

export const municipios = pgTable(
  'municipios',
  {
    id: id(),
    estadoId: uuid('estado_id')
      .notNull()
      .references(() => estados.id),
    nombre: text('nombre').notNull(),
    codigo: text('codigo'),
    capital: text('capital'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('municipios_estado_nombre_uq').on(t.estadoId, t.nombre)],
);

export const bancos = pgTable('bancos', {
  id: id(),
  nombre: text('nombre').notNull(),
  codigo: text('codigo').notNull().unique(),
  sitioWeb: text('sitio_web'),
  correo: text('correo'),
  status: status(),
  ...auditColumns(),
});

export const divisas = pgTable('divisas', {
  id: id(),
  nombre: text('nombre').notNull(),
  iso: text('iso').notNull().unique(),
  simbolo: text('simbolo').notNull(),
  decimales: integer('decimales').notNull().default(2),
  /** Latest rate in Bs. per unit; the history is in tasas_cambio. */
  valor: numeric('valor', { precision: 24, scale: 8 }),
  fechaValor: date('fecha_valor'),
  status: status(),
  ...auditColumns(),
});

/** One official (or manually entered) rate per currency and day: a document uses its own day's rate. */
export const tasasCambio = pgTable(
  'tasas_cambio',
  {
    id: id(),
    iso: text('iso').notNull(),
    fecha: date('fecha').notNull(),
    valor: numeric('valor', { precision: 24, scale: 8 }).notNull(),
    fuente: text('fuente').notNull(),
    createdBy: text('log_username').notNull().default('sistema'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
  },
  (t) => [uniqueIndex('tasas_cambio_iso_fecha_uq').on(t.iso, t.fecha)],
);

export const tiposGravamen = pgTable('tipos_gravamen', {
  id: id(),
  codigo: text('codigo').notNull().unique(),
  concepto: text('concepto').notNull(),
  ivaGeneral: boolean('iva_general').notNull().default(false),
  tipo: integer('tipo').notNull().default(6),
  exento: boolean('exento').notNull().default(false),
  exonerado: boolean('exonerado').notNull().default(false),
  status: status(),
  ...auditColumns(),
});

export const valoresGravamen = pgTable(
  'valores_gravamen',
  {
    id: id(),
    tipoGravamenId: uuid('tipo_gravamen_id')
      .notNull()
      .references(() => tiposGravamen.id),
    valor: numeric('valor', { precision: 7, scale: 2 }).notNull(),
    fechaDesde: date('fecha_desde').notNull(),
    fechaHasta: date('fecha_hasta'),
    status: status(),
    ...auditColumns(),
  },
  (t) => [index('valores_gravamen_tipo_idx').on(t.tipoGravamenId)],
);

export const categoriasNota = pgTable('categorias_nota', {
  id: id(),
  codigo: text('codigo').notNull(),
  nombre: text('nombre').notNull(),
  tipoNota: text('tipo_nota').notNull(),
  status: status(),
  ...auditColumns(),
});

export const incoterms = pgTable('incoterms', {
  id: id(),
  nombre: text('nombre').notNull().unique(),
  descripcion: text('descripcion').notNull(),
  tipo: text('tipo').notNull(),
  status: status(),
  ...auditColumns(),
});

export const conceptosIslr = pgTable(
  'conceptos_islr',
  {
    id: id(),
    codigo: text('codigo').notNull(),
    concepto: text('concepto').notNull(),
    tipoPersona: text('tipo_persona').notNull(),
    porcentaje: numeric('porcentaje', { precision: 7, scale: 2 }).notNull(),
    baseImponible: numeric('base_imponible', { precision: 7, scale: 2 }).notNull(),
    sustraendo: boolean('sustraendo').notNull().default(false),
    factor: numeric('factor', { precision: 12, scale: 4 }),
    montoMinimo: numeric('monto_minimo', { precision: 20, scale: 2 }),
    /** Tarifa N° 2 applies (migration 0021; withholdings' islrWithheld). */
    tarifa2: boolean('tarifa2').notNull().default(false),
  },
  (t) => [uniqueIndex('conceptos_islr_codigo_uq').on(t.codigo)],
);

/**
 * The unidad tributaria (UT) by the date it comes into force, with the providencia and Gaceta Oficial
 * that set it (Código Orgánico Tributario art. 3 parágrafo tercero). Seeded in db/reference-seed.ts.
 */
export const unidadesTributarias = pgTable(
  'unidades_tributarias',
  {
    id: id(),
    valor: numeric('valor', { precision: 20, scale: 2 }).notNull(),
    fechaDesde: date('fecha_desde').notNull(),
    providencia: text('providencia').notNull(),
    gacetaOficial: text('gaceta_oficial').notNull(),
    status: status(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('unidades_tributarias_fecha_uq').on(t.fechaDesde)],
);
