// The integration API's keys and the sandbox's counters (modules/integration).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appNow } from './columns.ts';
import { localidades, sucursales } from './companies.ts';
import { users } from './security.ts';

/**
 * A company's API key: its visible prefix (`sgc_live_1a2b3c4d`) and the SHA-256 (hex) of its secret, never
 * the secret itself. `creada_por` is the administrator who made it: the key acts in that user's name for the
 * audit log (a real user, so the trail names someone who answers for it) within the key's own company,
 * branch and actions.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    nombre: text('nombre').notNull(),
    prefijo: text('prefijo').notNull(),
    secretoSha256: text('secreto_sha256').notNull(),
    acciones: text('acciones').array().notNull(),
    prueba: boolean('prueba').notNull().default(false),
    creadaPor: uuid('creada_por')
      .notNull()
      .references(() => users.id),
    /** The creator's e-mail as it was, for the list. */
    creadaPorCorreo: text('creada_por_correo').notNull(),
    creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
    ultimoUso: timestamp('ultimo_uso', { withTimezone: true }),
    revocadaEn: timestamp('revocada_en', { withTimezone: true }),
    revocadaPor: uuid('revocada_por').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_prefijo_uq').on(t.prefijo),
    index('api_keys_localidad_idx').on(t.localidadId, t.creadaEn),
  ],
);

/** The sandbox's sequences per company ('FACTURA' control numbers, 'FACTURA-NRO' invoice numbers). */
export const sandboxCounters = pgTable(
  'sandbox_counters',
  {
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    secuencia: text('secuencia').notNull(),
    ultimo: bigint('ultimo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.localidadId, t.secuencia] })],
);
