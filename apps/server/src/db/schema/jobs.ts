// Background jobs: pg-boss keeps its own tables in the schema `pgboss`; this is ours beside them.
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A process that runs jobs, and its heartbeat (modules/jobs/runners.ts reads it with plain SQL). */
export const jobRunners = pgTable('job_runners', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
