// What the benchmarks that run the real server entry against PostgreSQL share: a scratch database on
// DATABASE_URL's server, pgbench's figure for the raw pattern of an invoice's transaction, and the
// server itself as a child process (apps/server/src/main.ts), ready when its processes answer.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scratchPostgres } from '../apps/server/test/scratch-database.ts';
import { freePort } from './proc.ts';

// BENCH_SERVER_ENTRY runs another copy of the server (e.g. an earlier commit's, for a before/after pair).
const ENTRY = resolve(
  process.env.BENCH_SERVER_ENTRY ?? resolve(import.meta.dirname, '../apps/server/src/main.ts'),
);

/** A database of its own on `serverUrl`'s server, with its URL and name. */
export async function scratchDatabase(serverUrl: string, prefix: string, poolSize = 1) {
  const name = `sigece_bench_${prefix}_${Date.now()}`;
  const { database, drop } = await scratchPostgres(serverUrl, name, poolSize);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { database, drop, url, name };
}

/**
 * pgbench's transactions per second for the pattern every invoice's transaction has at its core: lock
 * one counter row, insert a ~2 kB row, commit; `clients` clients, `-j 2`, for `seconds`, on a scratch
 * database.
 */
export async function pgbench(
  serverUrl: string,
  clients: number,
  seconds: number,
): Promise<{ tps: number; latency: number }> {
  const { database, drop, url, name } = await scratchDatabase(serverUrl, 'pgbench');
  try {
    await database.query('create table counter (id int primary key, n bigint not null)');
    await database.query('insert into counter values (1, 0)');
    await database.query('create table documents (id bigserial primary key, n bigint not null, body text)');
    const dir = mkdtempSync(join(tmpdir(), 'sigece-pgbench-'));
    const script = join(dir, 'lock-insert-commit.sql');
    // 1,920 random hex characters: below the TOAST threshold, so stored as is, uncompressed.
    writeFileSync(
      script,
      [
        'BEGIN;',
        'UPDATE counter SET n = n + 1 WHERE id = 1 RETURNING n \\gset',
        "INSERT INTO documents (n, body) VALUES (:n, (SELECT string_agg(md5(random()::text), '') FROM generate_series(1, 60)));",
        'COMMIT;',
        '',
      ].join('\n'),
    );
    const args = ['-h', url.hostname, '-p', url.port || '5432', '-n', '-c', String(clients), '-j', '2'];
    if (url.username) args.push('-U', decodeURIComponent(url.username));
    args.push('-T', String(seconds), '-f', script, name);
    const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
    const out = execFileSync('pgbench', args, { env, encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    return {
      tps: Number(/tps = ([\d.]+)/.exec(out)?.[1]),
      latency: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]),
    };
  } finally {
    await drop();
  }
}

/** Until `workers` distinct processes answered the health check (each on a new connection). */
export async function ready(address: string, workers: number, server?: ChildProcess): Promise<void> {
  const seen = new Set<string>();
  const until = Date.now() + 180_000;
  while (seen.size < workers) {
    if (server && server.exitCode !== null) throw new Error('the server ended before answering');
    if (Date.now() > until) throw new Error(`${workers} processes did not answer within 3 minutes`);
    try {
      const res = await fetch(`${address}/v2/health`, { headers: { connection: 'close' } });
      if (res.ok) seen.add(res.headers.get('x-sigece-worker') ?? 'single');
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export interface BenchServer {
  address: string;
  process: ChildProcess;
  /** SIGTERM, waits for its end, removes its DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * The real server entry as a child process on `databaseUrl` (demo data, BCV refresh off), on a free
 * port, answered by all its HTTP processes. `nodeArgs` go to its node (e.g. `--cpu-prof`).
 */
export async function startServer(options: {
  databaseUrl: string;
  workers: number;
  jobs: boolean;
  nodeArgs?: string[];
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sigece-bench-server-'));
  const port = await freePort();
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', ENTRY], {
    env: {
      MALLOC_ARENA_MAX: '2', // as `npm start` runs the server (scripts/start.mjs)
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      SIGECE_WORKERS: String(options.workers),
      SIGECE_JOBS: options.jobs ? '1' : '0',
      SIGECE_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BCV_DAILY: '0',
      LOG_LEVEL: 'warn',
      // The integration API's limit per caller (6,000 requests a minute) would refuse a benchmark's load:
      // still checked on every request, at a limit no run reaches.
      INTEGRATION_RATE_LIMIT: '10000000',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => server.on('exit', done));
  const address = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await ready(address, options.workers, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { address, process: server, stop };
}
