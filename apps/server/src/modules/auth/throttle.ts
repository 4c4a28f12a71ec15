import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottles } from '../../db/schema.ts';

/**
 * Fixed-window counters, one row per key, each change a single atomic statement so that parallel
 * requests (several processes included) cannot slip past a limit between reading and writing.
 */

const t = authThrottles;
/** The application's clock, not the database's: rows are written with it too (schema `appNow`). */
const now = () => sql`${new Date().toISOString()}::timestamptz`;
const stale = (windowMs: number) =>
  sql`${t.windowStart} < ${now()} - (${Math.round(windowMs / 1000)} * interval '1 second')`;

/** Counts one hit on `key` and answers the hits of the window, this one included. */
export async function hit(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .insert(t)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${stale(windowMs)} then 1 else ${t.hits} + 1 end`,
        windowStart: sql`case when ${stale(windowMs)} then ${now()} else ${t.windowStart} end`,
      },
    })
    .returning({ hits: t.hits });
  return row.hits;
}

export type SlotAnswer = 'granted' | 'exhausted' | 'busy';

/**
 * Takes one of the `max` attempt slots of `key`: granted while failures plus attempts in progress stay
 * under `max`; 'exhausted' once `max` failures are counted; 'busy' when in-progress attempts fill the
 * rest (the caller waits and asks again, so parallel right answers queue instead of failing).
 */
export async function takeSlot(db: DbOrTx, key: string, max: number, windowMs: number): Promise<SlotAnswer> {
  const [granted] = await db
    .insert(t)
    .values({ key, hits: 0, pending: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${stale(windowMs)} then 0 else ${t.hits} end`,
        pending: sql`case when ${stale(windowMs)} then 1 else ${t.pending} + 1 end`,
        windowStart: sql`case when ${stale(windowMs)} then ${now()} else ${t.windowStart} end`,
      },
      setWhere: sql`${stale(windowMs)} or ${t.hits} + ${t.pending} < ${max}`,
    })
    .returning({ hits: t.hits });
  if (granted) return 'granted';
  const [row] = await db.select({ hits: t.hits }).from(t).where(eq(t.key, key)).limit(1);
  return (row?.hits ?? 0) >= max ? 'exhausted' : 'busy';
}

/** Gives the slot back: a failure is counted, a success forgets the failures. */
export async function releaseSlot(db: DbOrTx, key: string, failed: boolean): Promise<void> {
  await db
    .update(t)
    .set({
      pending: sql`greatest(${t.pending} - 1, 0)`,
      hits: failed ? sql`${t.hits} + 1` : 0,
    })
    .where(eq(t.key, key));
}

/** Housekeeping: forget counters whose window is over and nothing is in progress. */
export async function purgeThrottles(db: DbOrTx, windowMs: number): Promise<void> {
  await db.delete(t).where(sql`${stale(windowMs)} and ${t.pending} = 0`);
}
