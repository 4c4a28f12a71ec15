import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * The audit trail in [from, to), oldest first, of the given users (null: every user), at most `limit`
 * rows (the caller asks one more to know it was cut). The event-log report reads the log through here.
 */
export function auditEntries(
  db: DbOrTx,
  filter: { from: Date; to: Date; userIds: readonly string[] | null; limit: number },
): Promise<AuditRow[]> {
  const conditions: Array<SQL | undefined> = [gte(auditLog.at, filter.from), lt(auditLog.at, filter.to)];
  if (filter.userIds) conditions.push(inArray(auditLog.userId, [...filter.userIds]));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(filter.limit);
}

/** The newest entry of one action on one record (when, by whom, the state after), or undefined. */
export async function lastAuditEntry(
  db: DbOrTx,
  entityId: string,
  action: string,
): Promise<Pick<AuditRow, 'at' | 'userEmail' | 'after'> | undefined> {
  const [entry] = await db
    .select({ at: auditLog.at, userEmail: auditLog.userEmail, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return entry;
}

/**
 * The audit trail of one record of one entity, oldest first, at most `limit` entries. `since` (when the
 * record was created) lets PostgreSQL read only the log's months from then on.
 */
export function auditTrailOf(db: DbOrTx, entity: string, entityId: string, limit: number, since?: Date) {
  return db
    .select({ at: auditLog.at, by: auditLog.userEmail, action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityId, entityId),
        eq(auditLog.entity, entity),
        since ? gte(auditLog.at, since) : undefined,
      ),
    )
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(limit);
}
