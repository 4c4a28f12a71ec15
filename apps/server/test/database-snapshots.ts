/**
 * The tests' shared database start-up. Every server test file used to open an empty
 * database (PGlite: an initdb in WASM, seconds), run every migration and seed the demo before its first
 * test: about 4 s a file and driver. Here that work is done once and copied:
 *
 * - PGlite: the first file to need a level builds it in memory and writes its files to one tar
 *   (PGlite's dumpDataDir) under the tests' DATA_DIR; every file then opens a database loaded from it.
 * - PostgreSQL: the level is a template database on the server (`sigece_tpl_<level>_<key>`), built once
 *   under an advisory lock; every file gets `create database … template` of it.
 *
 * A snapshot is named by a key over everything its content depends on: the migrations, the server's and
 * the fiscal package's sources (seeds, schema, module catalog), the lock file and the test clock's start.
 * A change to any of them builds a new one; an unchanged tree reuses it across runs. The seed runs with the
 * clock held at the test clock's start, so its rows' dates are the same in every copy and never newer than
 * what a test writes after loading it.
 *
 * A snapshot from `migrated` up also holds pg-boss's schema and queues, made by the server's own job-queue
 * start (same pg-boss version: the lock file is in the key; same schema name and queue options): without
 * them every test app started with jobs built them again, about a second a file and driver. Only the
 * snapshots hold them; a level built from nothing (buildLevel) leaves them to the server, as before.
 *
 * `SIGECE_TEST_SNAPSHOTS=0` (or `SIGECE_TEST_NOW=real`) turns all this off: every file builds its database
 * from nothing, as before, to check that a snapshot hides nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_CLOCK_START } from '../../../vitest.clock.ts';
import { seedDemo, seedDemoCompanies, seedModules } from '../src/cli/seed.ts';
import { type Database, openPglite, type PgliteDatabase } from '../src/db/client.ts';
import { ensureMonthlyPartitions } from '../src/db/partitions.ts';
import { seedReference } from '../src/db/reference-seed.ts';
import { JOBS } from '../src/jobs/registry.ts';
import { startJobQueue } from '../src/modules/jobs/queue.ts';
import { scratchPostgres } from './scratch-database.ts';

/**
 * What a test file starts from: `empty` (a new database), `migrated` (every migration), `demo` (also the
 * modules, the reference data and the demo seed with the given admin password).
 */
export type DatabaseLevel = 'empty' | 'migrated' | 'demo';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Snapshots older than this, of another key, are removed when a new one is written. */
const STALE_MS = 24 * 3600_000;
/** The machine's clock: ages of files and templates must not follow the test clock (vitest.clock.ts). */
const realNow = () => performance.timeOrigin + performance.now();

/** How each level is built on top of the one before. */
const LEVELS: Record<
  DatabaseLevel,
  { parent?: DatabaseLevel; build(db: Database, adminPassword: string): Promise<void> }
> = {
  empty: { build: async () => {} },
  // As a start does: migrate, then the log tables' months around the (test) clock (db/partitions.ts).
  migrated: {
    parent: 'empty',
    build: async (database) => {
      await database.migrate();
      await ensureMonthlyPartitions(database.db);
    },
  },
  demo: {
    parent: 'migrated',
    build: async (database, adminPassword) => {
      await seedModules(database.db);
      await seedReference(database.db);
      await seedDemo(database.db, { adminPassword });
      await seedDemoCompanies(database.db);
    },
  },
};

export function snapshotsEnabled(): boolean {
  return process.env.SIGECE_TEST_SNAPSHOTS !== '0' && TEST_CLOCK_START !== undefined;
}

/** Builds `level` on a database from nothing, the way every file did before snapshots. */
export async function buildLevel(database: Database, level: DatabaseLevel, adminPassword: string) {
  const { parent, build } = LEVELS[level];
  if (parent) await buildLevel(database, parent, adminPassword);
  await build(database, adminPassword);
}

/**
 * Builds `level` on its parent for a snapshot: the level itself (at the test clock's start), then, on the
 * migrated database, pg-boss's schema and queues as a server start makes them. The job queue runs on the
 * machine's clock (pg-boss times its stop by it) and stops at once: it works no job and sends none.
 */
async function buildSnapshotLevel(database: Database, level: DatabaseLevel, adminPassword: string) {
  await atClockStart(() => LEVELS[level].build(database, adminPassword));
  if (level === 'migrated') await (await startJobQueue(database, JOBS)).stop();
}

/** Every file under `dir`, sorted, as paths relative to the repository. */
function filesUnder(dir: string): string[] {
  return (
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
  )
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

let inputsHash: string | undefined;

/** The hash of what a snapshot's content depends on (computed once per test file). */
function inputs(): string {
  if (inputsHash) return inputsHash;
  const hash = createHash('sha256');
  const files = [
    ...filesUnder('apps/server/drizzle'),
    ...filesUnder('apps/server/src'),
    ...filesUnder('packages/fiscal/src'),
    'apps/server/test/database-snapshots.ts',
    'package-lock.json',
  ];
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(join(ROOT, file)));
  }
  inputsHash = hash.digest('hex');
  return inputsHash;
}

function key(level: DatabaseLevel, adminPassword: string): string {
  return createHash('sha256')
    .update(`${inputs()}\n${level}\n${TEST_CLOCK_START}\n${adminPassword}`)
    .digest('hex')
    .slice(0, 16);
}

/**
 * Runs `work` with the JS clock held at the test clock's start: rows the seed dates by the application's
 * clock (appNow) get the same instant in every copy, one no test can write before.
 */
async function atClockStart<T>(work: () => Promise<T>): Promise<T> {
  const Current = globalThis.Date;
  const instant = TEST_CLOCK_START!;
  globalThis.Date = new Proxy(Current, {
    construct: (date, args, newTarget) =>
      Reflect.construct(date, args.length > 0 ? args : [instant], newTarget),
    apply: () => new Current(instant).toString(),
    get: (date, property, receiver) =>
      property === 'now' ? () => instant : Reflect.get(date, property, receiver),
  });
  try {
    return await work();
  } finally {
    globalThis.Date = Current;
  }
}

// ---- PGlite: one tar per level, loaded by every file ----

function snapshotDir(dataDir: string): string {
  const dir = join(dataDir, 'snapshots');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Removes other keys' snapshots left by older trees (a day old: a run still using one is long over). */
function removeStale(dir: string, keep: string[]) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (!keep.includes(name) && realNow() - statSync(path).mtimeMs > STALE_MS)
        rmSync(path, { force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

/** The levels from the first one to `level`, in build order. */
function chain(level: DatabaseLevel): DatabaseLevel[] {
  const { parent } = LEVELS[level];
  return parent ? [...chain(parent), level] : [level];
}

async function loadPglite(path: string): Promise<PgliteDatabase> {
  try {
    return await openPglite('memory://', { loadFrom: path });
  } catch (error) {
    // A damaged file (a disk filled mid-write): removed, so that the next file builds it again.
    rmSync(path, { force: true });
    throw error;
  }
}

/**
 * A database at `level` from its tar; when missing, the levels not yet saved are built on the nearest one
 * that is, each saved on the way, and the database just built is the answer. Several files starting at
 * once may each build it: each writes its own file and renames it into place, so a reader always finds a
 * whole one.
 */
async function fromPgliteSnapshot(dataDir: string, level: DatabaseLevel, adminPassword: string) {
  const dir = snapshotDir(dataDir);
  const levels = chain(level).map((name) => {
    const file = `pglite-${name}-${key(name, adminPassword)}.tar`;
    return { name, file, path: join(dir, file) };
  });
  const saved = levels.findLastIndex((entry) => existsSync(entry.path));
  const database = saved >= 0 ? await loadPglite(levels[saved].path) : await openPglite('memory://');
  if (saved === levels.length - 1) return database;
  try {
    for (const entry of levels.slice(saved + 1)) {
      await buildSnapshotLevel(database, entry.name, adminPassword);
      await database.dump(entry.path);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  removeStale(
    dir,
    levels.map((entry) => entry.file),
  );
  return database;
}

/** A new in-memory PGlite database at `level`. */
export async function pgliteAt(
  dataDir: string,
  level: DatabaseLevel,
  adminPassword: string,
): Promise<Database> {
  if (!snapshotsEnabled()) {
    const database = await openPglite('memory://');
    await buildLevel(database, level, adminPassword);
    return database;
  }
  return fromPgliteSnapshot(dataDir, level, adminPassword);
}

// ---- PostgreSQL: one template database per level ----

const TEMPLATE_PREFIX = 'sigece_tpl_';
const templatesReady = new Map<string, Promise<string>>();

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The template database of `level`, built if missing. A template is complete once it refuses connections
 * (the last step of its build); one found half-built (its builder died) is dropped and built again.
 */
function postgresTemplate(serverUrl: string, level: DatabaseLevel, adminPassword: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${level}_${key(level, adminPassword)}`;
  let ready = templatesReady.get(name);
  if (!ready) {
    ready = buildTemplate(serverUrl, name, level, adminPassword);
    templatesReady.set(name, ready);
    ready.catch(() => templatesReady.delete(name));
  }
  return ready;
}

async function buildTemplate(serverUrl: string, name: string, level: DatabaseLevel, adminPassword: string) {
  const { parent } = LEVELS[level];
  // An empty database needs no template: the server's own template1 is one.
  const parentTemplate =
    parent && parent !== 'empty' ? await postgresTemplate(serverUrl, parent, adminPassword) : undefined;
  return withAdmin(serverUrl, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rows } = await admin.query<{ datallowconn: boolean }>(
        'select datallowconn from pg_database where datname = $1',
        [name],
      );
      if (rows[0]?.datallowconn === false) return name;
      if (rows.length > 0) await admin.query(`drop database ${name} with (force)`);
      const scratch = await scratchPostgres(serverUrl, name, 2, parentTemplate);
      try {
        await buildSnapshotLevel(scratch.database, level, adminPassword);
      } catch (error) {
        await scratch.drop();
        throw error;
      }
      await scratch.database.close();
      await waitUntilNoSessions(admin, name);
      await admin.query(`comment on database ${name} is '${new Date(realNow()).toISOString()}'`);
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
      await removeStaleTemplates(admin, name);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

async function waitUntilNoSessions(admin: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Drops other keys' templates built over a day ago (their comment says when, by the machine's clock). */
async function removeStaleTemplates(admin: pg.Client, keep: string) {
  const { rows } = await admin.query<{ datname: string; built: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as built from pg_database
      where datname like '${TEMPLATE_PREFIX}%' and datname <> $1`,
    [keep],
  );
  for (const { datname, built } of rows) {
    const at = built ? Date.parse(built) : Number.NaN;
    if (Number.isNaN(at) || realNow() - at < STALE_MS) continue;
    await admin
      .query(`alter database ${datname} with is_template false`)
      .then(() => admin.query(`drop database ${datname}`))
      .catch(() => {});
  }
}

/** A new database on the server at `serverUrl`, at `level`; `drop` removes it. */
export async function postgresAt(
  serverUrl: string,
  level: DatabaseLevel,
  adminPassword: string,
  poolSize: number,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `sigece_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  if (!snapshotsEnabled()) {
    const scratch = await scratchPostgres(serverUrl, name, poolSize);
    await buildLevel(scratch.database, level, adminPassword);
    return scratch;
  }
  const template = level === 'empty' ? undefined : await postgresTemplate(serverUrl, level, adminPassword);
  return scratchPostgres(serverUrl, name, poolSize, template);
}
