import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteThread } from './pglite-thread.ts';
import { preparingClient, StatementNames } from './prepared.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: Drizzle gives it the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /** Plain SQL for the few places that need it (advisory locks, pg-boss, benchmarks). */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /**
   * pg-boss's adapter: parameterless multi-statement text must run as one script (PGlite's exec),
   * everything else as one parameterised query.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Many server processes may start at once against one PostgreSQL: only one migrates at a time.
const MIGRATION_LOCK = 727_100_001;

/**
 * `migrationUrl`: where migrations connect, when DATABASE_URL goes through a transaction-mode pooler
 * (PgBouncer), which would not keep the session-level migration lock with its session.
 */
export function connectPostgres(
  url: string,
  poolSize = 20,
  migrationUrl?: string,
  options: { preparedStatements?: boolean } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Repeated statements are prepared once per connection (db/prepared.ts), unless turned off.
    ...(options.preparedStatements === false ? {} : { Client: preparingClient(new StatementNames()) }),
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async query(text, values) {
      const result = await pool.query(text, values as unknown[]);
      return result.rows;
    },
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[]);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async migrate() {
      const direct = migrationUrl ? new pg.Client({ connectionString: migrationUrl }) : undefined;
      await direct?.connect();
      const client = direct ?? (await pool.connect());
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        if (direct) await direct.end();
        else (client as pg.PoolClient).release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Whether `db` runs a parameterless text of several statements as one script in one round trip
 * (node-postgres's simple query protocol); PGlite's `query` takes one statement.
 */
export function runsScripts(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/** The embedded database can also write its files to one tar (the tests' shared start-up). */
export interface PgliteDatabase extends Database {
  kind: 'pglite';
  dump(path: string): Promise<void>;
}

/**
 * PGlite keeps its files in `<dataDir>/pgdata`; `memory://` keeps nothing (tests). It runs in a worker
 * thread of its own (pglite-thread.ts), so that its work never stops the API's thread. `loadFrom`: a tar
 * written by `dump`, to start from a copy of that database instead of an empty one.
 */
export async function openPglite(
  location: string,
  options: { loadFrom?: string } = {},
): Promise<PgliteDatabase> {
  if (location !== 'memory://') mkdirSync(location, { recursive: true, mode: 0o700 });
  const client = await PgliteThread.open(location === 'memory://' ? undefined : location, options.loadFrom);
  // Drizzle's PGlite session calls exactly query(text, params, options) and transaction(callback).
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query(text, values) {
      const result = await client.query(text, values as unknown[]);
      return result.rows as never[];
    },
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
    migrate: () => client.migrate(MIGRATIONS_FOLDER),
    dump: (path) => client.dump(path),
    close: () => client.close(),
  };
}

export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolSize?: number;
  databaseMigrationUrl?: string;
  databasePreparedStatements?: boolean;
}): Promise<Database> {
  if (config.databaseUrl)
    return connectPostgres(config.databaseUrl, config.databasePoolSize, config.databaseMigrationUrl, {
      preparedStatements: config.databasePreparedStatements,
    });
  return openPglite(join(config.dataDir, 'pgdata'));
}
