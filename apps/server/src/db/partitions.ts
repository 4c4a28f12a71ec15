// The monthly partitions of the log tables (migration 0037, ADR 0004 decision 2): made ahead and dropped
// past their retention by the server itself.
//
// Not pg_partman: the embedded database (PGlite, PostgreSQL compiled to WebAssembly) cannot load extensions
// such as Debian's postgresql-15-partman, and one mechanism on both drivers is what the tests can prove.
// A start (main.ts, before traffic) and the hourly chores call `maintainPartitions`; the tests' migrated
// snapshot calls `ensureMonthlyPartitions` at the test clock, as a start would.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';
import { rowsOf } from './rows.ts';

/** Months are America/Caracas months: what a user of the back-office calls "June" (UTC−4 all year). */
export const PARTITION_ZONE = 'America/Caracas';

export interface PartitionedTable {
  /** The partitioned (parent) table; its partitions are `<table>_pYYYY_MM` and `<table>_default`. */
  table: string;
  /** The partition key: the row's time. */
  column: string;
  /**
   * Days a row is kept, or null to keep it forever. A month's partition is dropped once all of it is
   * older than that; the rows of the month that straddles the limit are deleted by the table's own
   * purge, so that a row lives exactly as long as promised, not up to a month more.
   */
  retentionDays: number | null;
}

/** The tables partitioned by month, declared once (migration 0037 made them). */
export const PARTITIONED_TABLES = [
  // Evidence of who changed what: never dropped.
  { table: 'audit_log', column: 'at', retentionDays: null },
  // The integrators' request log, "kept 90 days" (docs/integrators.md).
  { table: 'integration_requests', column: 'at', retentionDays: 90 },
  // The e-mail log and the webhook deliveries: no retention is stated anywhere, so they are kept.
  { table: 'mail_messages', column: 'log_fecha_registro', retentionDays: null },
  { table: 'webhook_deliveries', column: 'creado', retentionDays: null },
] as const satisfies readonly PartitionedTable[];

export type PartitionedTableName = (typeof PARTITIONED_TABLES)[number]['table'];

/** Days the rows of `table` are kept (null: forever). */
export function retentionDaysOf(table: PartitionedTableName): number | null {
  return PARTITIONED_TABLES.find((t) => t.table === table)!.retentionDays;
}

// Two processes (hosts starting together, a start and the job runner's chores) take turns.
const LOCK_KEY = 'particiones-mensuales';
/**
 * Making a partition locks its parent for an instant; behind a long read of the table it would wait, and
 * every insert with it. It gives up instead and the next hourly run tries again (months are made three
 * ahead, so there is time).
 */
const LOCK_TIMEOUT = '5s';

const monthName = (table: string, month: string) => `${table}_p${month.replace('-', '_')}`;
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
/** The instant a Caracas month ('YYYY-MM') starts, as SQL (a partition bound may be an expression). */
const monthStart = (month: string, plus = 0) =>
  sql.raw(`((date '${month}-01' + interval '${plus} month')::timestamp at time zone '${PARTITION_ZONE}')`);

/** The `count` Caracas months from `now`'s ('YYYY-MM'), the current one first. */
function monthsFrom(now: Date, count: number): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: PARTITION_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const index = year * 12 + (month - 1) + i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

async function existingMonths(db: DbOrTx, table: string): Promise<Set<string>> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = ${table}::regclass`),
  );
  const prefix = `${table}_p`;
  const months = new Set<string>();
  for (const { name } of rows) {
    const suffix = name.startsWith(prefix) ? name.slice(prefix.length) : '';
    if (/^\d{4}_\d{2}$/.test(suffix)) months.add(suffix.replace('_', '-'));
  }
  return months;
}

/** The Caracas months of the rows that landed in the default partition (normally none). */
async function monthsInDefault(db: DbOrTx, table: string, column: string): Promise<string[]> {
  const rows = rowsOf<{ month: string }>(
    await db.execute(sql`
      select distinct to_char(${ident(column)} at time zone ${PARTITION_ZONE}, 'YYYY-MM') as month
        from ${ident(`${table}_default`)}`),
  );
  return rows.map((r) => r.month).sort();
}

/**
 * Makes the partition of `month`. Rows of that month already in the default partition (written while it
 * was missing) are moved into it: PostgreSQL refuses a partition whose rows sit in the default one.
 */
async function createMonth(tx: DbOrTx, table: string, column: string, month: string, moveRows: boolean) {
  const part = monthName(table, month);
  const from = monthStart(month);
  const to = monthStart(month, 1);
  if (moveRows) {
    // Writes to the default partition wait for the move (reads go on); the month's new rows then route
    // to the new partition.
    await tx.execute(sql`lock table ${ident(`${table}_default`)} in exclusive mode`);
    await tx.execute(sql`
      create temporary table sigece_moving on commit drop as
        select * from ${ident(`${table}_default`)} where ${ident(column)} >= ${from} and ${ident(column)} < ${to}`);
    await tx.execute(
      sql`delete from ${ident(`${table}_default`)} where ${ident(column)} >= ${from} and ${ident(column)} < ${to}`,
    );
  }
  await tx.execute(
    sql`create table if not exists ${ident(part)} partition of ${ident(table)} for values from ${from} to ${to}`,
  );
  if (moveRows) {
    await tx.execute(sql`insert into ${ident(table)} select * from sigece_moving`);
    await tx.execute(sql`drop table sigece_moving`);
  }
  return part;
}

/**
 * Makes the partitions of the current Caracas month and the `monthsAhead` after it for every partitioned
 * table, and a partition for any month whose rows landed in the default one (a clock far from today's),
 * moving them there. Idempotent; safe when two processes run it at once (an advisory lock, and `if not
 * exists`). Answers the partitions it made.
 */
export async function ensureMonthlyPartitions(db: Db, now = new Date(), monthsAhead = 3): Promise<string[]> {
  const wanted = monthsFrom(now, monthsAhead + 1);
  const made: string[] = [];
  for (const { table, column } of PARTITIONED_TABLES) {
    // Read without a lock first: on most runs nothing is missing and nothing is locked.
    const have = await existingMonths(db, table);
    const stray = await monthsInDefault(db, table, column);
    if (wanted.every((m) => have.has(m)) && stray.length === 0) continue;
    made.push(
      ...(await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${LOCK_KEY}, 0))`);
        const present = await existingMonths(tx, table);
        const inDefault = new Set(await monthsInDefault(tx, table, column));
        const created: string[] = [];
        for (const month of [...new Set([...wanted, ...inDefault])].sort()) {
          if (present.has(month)) continue;
          created.push(await createMonth(tx, table, column, month, inDefault.has(month)));
        }
        return created;
      })),
    );
  }
  return made;
}

/**
 * Drops the month partitions of the tables with a retention once all of the month is older than it
 * (its end is at or before `now` minus the retention). Answers the partitions it dropped.
 */
export async function dropExpiredPartitions(db: Db, now = new Date()): Promise<string[]> {
  const dropped: string[] = [];
  for (const { table, retentionDays } of PARTITIONED_TABLES) {
    if (retentionDays === null) continue;
    const limit = new Date(now.getTime() - retentionDays * 86_400_000);
    const expired = rowsOf<{ name: string }>(
      await db.execute(sql`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = ${table}::regclass and c.relname ~ ${`^${table}_p[0-9]{4}_[0-9]{2}$`}
           and (to_date(right(c.relname, 7), 'YYYY_MM') + interval '1 month')::timestamp
               at time zone ${PARTITION_ZONE} <= ${limit.toISOString()}::timestamptz
         order by 1`),
    ).map((r) => r.name);
    if (expired.length === 0) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${LOCK_KEY}, 0))`);
      for (const name of expired) await tx.execute(sql`drop table if exists ${ident(name)}`);
    });
    dropped.push(...expired);
  }
  return dropped;
}

/** What a start and the hourly chores run: the months ahead, then the expired months. */
export async function maintainPartitions(
  db: Db,
  now = new Date(),
): Promise<{ made: string[]; dropped: string[] }> {
  const made = await ensureMonthlyPartitions(db, now);
  const dropped = await dropExpiredPartitions(db, now);
  return { made, dropped };
}
