// Webhooks for integrators: endpoints, the event outbox, deliveries (migration 0031).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { appNow, bytea, id } from './columns.ts';
import { localidades } from './companies.ts';

/** A company's receiver: its URL, the events it wants and its signing secret (sealed with SECRETS_KEY). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    url: text('url').notNull(),
    eventos: text('eventos').array().notNull(),
    secreto: bytea('secreto').notNull(),
    activo: boolean('activo').notNull().default(true),
    motivoDesactivacion: text('motivo_desactivacion'),
    /** The first failure since its last success: 3 days of it disable the endpoint. */
    fallandoDesde: timestamp('fallando_desde', { withTimezone: true }),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
    createdBy: text('log_username').notNull().default('sistema'),
    updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_localidad_idx').on(t.localidadId)],
);

/** The outbox: one row per event, written in the transaction of the change that causes it. */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  localidadId: uuid('id_localidad').notNull(),
  tipo: text('tipo').notNull(),
  /** The document the event is about ('fact:<id>'): its events are delivered in order. */
  clave: text('clave'),
  datos: jsonb('datos').notNull(),
  creado: timestamp('creado', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
});

/**
 * One event for one endpoint, with its attempts. Range-partitioned by month of `creado` (migration 0037;
 * drizzle cannot declare it, src/db/partitions.ts makes the months), so its primary key holds `creado`;
 * kept forever.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    eventoId: uuid('id_evento')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('id_endpoint')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    clave: text('clave'),
    estado: text('estado').notNull().default('PENDIENTE'),
    intentos: integer('intentos').notNull().default(0),
    proximoIntento: timestamp('proximo_intento', { withTimezone: true }).notNull(),
    /** Retried until then (3 days after it was queued or replayed); a failure after it is FALLIDA. */
    vence: timestamp('vence', { withTimezone: true }).notNull(),
    reservadaHasta: timestamp('reservada_hasta', { withTimezone: true }),
    ultimoIntento: timestamp('ultimo_intento', { withTimezone: true }),
    ultimoCodigo: integer('ultimo_codigo'),
    ultimaRespuesta: text('ultima_respuesta'),
    entregadaEn: timestamp('entregada_en', { withTimezone: true }),
    creado: timestamp('creado', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
  },
  (t) => [
    primaryKey({ name: 'webhook_deliveries_pkey', columns: [t.id, t.creado] }),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.seq.desc()),
  ],
);
