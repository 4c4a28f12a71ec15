// Mass load from Excel (spec 000 "Mass load", spec 001 §5.8 and §8.7): an uploaded
// spreadsheet's documents (the spec's cargaFacturasJson, kept with the company) and their processing.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appNow, id } from './columns.ts';
import { localidades } from './companies.ts';

/** One uploaded file: its type, its progress and who may process it (the uploader's scope). */
export const cargasMasivas = pgTable(
  'cargas_masivas',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    tipo: text('tipo').notNull(),
    nombreArchivo: text('nombre_archivo').notNull(),
    /** CARGADO → EN_COLA → PROCESANDO → TERMINADO. */
    estado: text('estado').notNull().default('CARGADO'),
    total: integer('total').notNull(),
    filas: integer('filas').notNull(),
    procesados: integer('procesados').notNull().default(0),
    nuevos: integer('nuevos').notNull().default(0),
    existentes: integer('existentes').notNull().default(0),
    errores: integer('errores').notNull().default(0),
    /** The tenant scope and audit identity of the user who asked for the processing. */
    solicitante: jsonb('solicitante'),
    /** A worker holds the load while this is in the future (renewed per chunk). */
    reservadaHasta: timestamp('reservada_hasta', { withTimezone: true }),
    iniciadaEn: timestamp('iniciada_en', { withTimezone: true }),
    terminadaEn: timestamp('terminada_en', { withTimezone: true }),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
    createdBy: text('log_username').notNull().default('sistema'),
  },
  (t) => [index('cargas_masivas_localidad_idx').on(t.localidadId, t.createdAt)],
);

/** One document of a load: its sheet rows, the item the family pipeline receives, and its outcome. */
export const cargasMasivasDocumentos = pgTable(
  'cargas_masivas_documentos',
  {
    cargaId: uuid('id_carga')
      .notNull()
      .references(() => cargasMasivas.id, { onDelete: 'cascade' }),
    posicion: integer('posicion').notNull(),
    numero: text('numero').notNull(),
    filas: integer('filas').array().notNull(),
    documento: jsonb('documento').notNull(),
    /** PENDIENTE, NUEVO, EXISTENTE or ERROR. */
    estado: text('estado').notNull().default('PENDIENTE'),
    mensaje: text('mensaje'),
    nroControl: text('nro_control'),
    /** The document stored (NUEVO): its family's tipoDoc and id, for its PDF job at the load's end. */
    tipoDoc: text('tipo_doc'),
    documentoId: uuid('id_documento'),
  },
  (t) => [
    primaryKey({ columns: [t.cargaId, t.posicion] }),
    index('cargas_masivas_documentos_pendientes_idx')
      .on(t.cargaId, t.posicion)
      .where(sql`estado = 'PENDIENTE'`),
  ],
);
