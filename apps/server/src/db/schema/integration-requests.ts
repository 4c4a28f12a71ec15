// What the integration API keeps of its callers (migration 0029).
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appNow } from './columns.ts';

/** The first answer to an Idempotency-Key, per caller, kept at least 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    clave: text('clave').notNull(),
    ruta: text('ruta').notNull(),
    bodySha256: text('body_sha256').notNull(),
    status: integer('status'),
    respuesta: text('respuesta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.clave] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/** Requests counted per caller and window, shared by every process (an unlogged table). */
export const integrationRateWindows = pgTable(
  'integration_rate_windows',
  {
    caller: text('caller').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.windowStart] })],
);

/**
 * One row per call of an integration route, kept 90 days: the integrators' request log. Range-partitioned
 * by month of `at` (migration 0037; drizzle cannot declare it, src/db/partitions.ts makes and drops the
 * months), so its primary key holds `at`.
 */
export const integrationRequests = pgTable(
  'integration_requests',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
    localidadId: uuid('id_localidad'),
    rif: text('rif'),
    caller: text('caller').notNull(),
    callerLabel: text('caller_label'),
    userId: uuid('user_id'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    accepted: integer('accepted'),
    refused: integer('refused'),
    durationMs: integer('duration_ms').notNull(),
    idempotencyKey: text('idempotency_key'),
    body: text('body'),
  },
  (t) => [
    primaryKey({ name: 'integration_requests_pkey', columns: [t.id, t.at] }),
    index('integration_requests_company_idx').on(t.localidadId, t.at.desc()),
    index('integration_requests_at_idx').on(t.at),
  ],
);
