// The audit trail every write leaves.
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appNow } from './columns.ts';

/**
 * Who changed what, when, through which route, with the values before and after. Range-partitioned by
 * month of `at` (migration 0037; drizzle cannot declare it, src/db/partitions.ts makes the months), so its
 * primary key holds `at`; kept forever.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.id, t.at] }),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    // A document's activity timeline (migration 0028).
    index('audit_log_entity_idx').on(t.entityId, t.at).where(sql`entity_id is not null`),
  ],
);
