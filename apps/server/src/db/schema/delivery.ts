// Each document's e-mail delivery; the attempts themselves are in mail_messages.
import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appNow } from './columns.ts';

/** One row per document once an e-mail was queued for it: EN_COLA, ENVIADO or FALLIDO (no row: not sent). */
export const documentDeliveries = pgTable(
  'document_deliveries',
  {
    tipoDoc: text('tipo_doc').notNull(),
    documentId: uuid('id_documento').notNull(),
    estado: text('estado').notNull(),
    correo: text('correo').array().notNull().default(sql`'{}'::text[]`),
    ccCorreo: text('cc_correo').array().notNull().default(sql`'{}'::text[]`),
    statusCode: text('status_code'),
    statusText: text('status_text'),
    intentos: integer('intentos').notNull().default(0),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
  },
  (t) => [primaryKey({ columns: [t.tipoDoc, t.documentId] })],
);
