// Outgoing mail and its log.
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appNow } from './columns.ts';

/**
 * Every e-mail the system sends, delivered over SMTP or kept here as the local outbox when no SMTP
 * server is configured. The e-mail log report reads it. Range-partitioned by month of
 * `log_fecha_registro` (migration 0037; drizzle cannot declare it, src/db/partitions.ts makes the months),
 * so its primary key holds that column; kept forever.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    messageId: text('message_id'),
    transport: text('transport').notNull(),
    from: text('from_address').notNull(),
    to: text('to_addresses').array().notNull(),
    cc: text('cc_addresses').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html'),
    statusCode: text('status_code'),
    statusText: text('status_text'),
    tipoDoc: text('tipo_doc'),
    nroDoc: text('nro_doc'),
    localidadId: uuid('id_localidad'),
    sucursalId: uuid('id_sucursal'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'mail_messages_pkey', columns: [t.id, t.createdAt] }),
    index('mail_messages_created_idx').on(t.createdAt),
  ],
);
