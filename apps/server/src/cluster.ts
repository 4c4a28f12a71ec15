// Several server processes on one port (SIGECE_WORKERS=N, node:cluster). The primary migrates and seeds
// once, then forks N HTTP workers, which queue background jobs but never run them, and one job runner,
// which runs them and the periodic chores but does not listen. It restarts any process that dies, with
// back-off, and stops them all on SIGTERM/SIGINT. PGlite lives inside one process: clustering needs
// PostgreSQL. DATA_DIR's generated secrets exist before the fork (loadConfig), so every process shares them.
import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { JOBS } from './jobs/registry.ts';
import { startJobQueue } from './modules/jobs/queue.ts';

/** single: today's one process; primary: forks and supervises; http / jobs: forked by the primary. */
export type ProcessRole = 'single' | 'primary' | 'http' | 'jobs';
type WorkerRole = 'http' | 'jobs';

const ROLE_ENV = 'SIGECE_CLUSTER_ROLE';
/** Connections left to psql, monitoring and other clients of the server. */
const SPARE_CONNECTIONS = 10;
const MAX_POOL = 20;
/** A worker that lived this long before dying starts its back-off again from the shortest delay. */
const HEALTHY_MS = 30_000;
const MAX_DELAY_MS = 30_000;
const STOP_TIMEOUT_MS = 20_000;

/** What this process does, from SIGECE_WORKERS and whether the primary forked it; bad settings stop here. */
export function processRole(config: AppConfig): ProcessRole {
  if (cluster.isWorker) return process.env[ROLE_ENV] === 'jobs' ? 'jobs' : 'http';
  const workers = config.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    refuse('SIGECE_WORKERS debe ser un número entero entre 1 y 64.');
  const pool = config.databasePoolSize;
  if (pool !== undefined && (!Number.isInteger(pool) || pool < 1))
    refuse('DATABASE_POOL_SIZE debe ser un número entero mayor que 0.');
  if (workers === 1) return 'single';
  if (!config.databaseUrl)
    refuse(
      `SIGECE_WORKERS=${workers} requiere PostgreSQL (DATABASE_URL): la base embebida PGlite funciona dentro de ` +
        'un solo proceso y no puede compartirse. Defina DATABASE_URL o quite SIGECE_WORKERS.',
    );
  return 'primary';
}

function refuse(message: string): never {
  log(60, message);
  process.exit(1);
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
/** The primary's LOG_LEVEL, as the workers' (silent: nothing). */
let threshold = 30;

/** One JSON line per event, shaped like the workers' pino lines, so one log reader reads both. */
function log(level: 30 | 40 | 50 | 60, msg: string): void {
  if (level < threshold) return;
  const line = JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: hostname(), msg });
  (level >= 40 ? process.stderr : process.stdout).write(`${line}\n`);
}

/**
 * What the workers must find done, once, before the fork: pg-boss's schema and queues (workers creating
 * the same queue at once deadlock in pg-boss's create_queue) and the pool size each process will use.
 */
export async function prepareCluster(database: Database, config: AppConfig): Promise<number> {
  threshold = LEVELS[config.logLevel] ?? Number.POSITIVE_INFINITY;
  if (config.jobs) await (await startJobQueue(database, JOBS)).stop();
  return clusterPoolSize(database, config, workerRoles(config).length);
}

/**
 * Connections per process: DATABASE_POOL_SIZE, or an equal share of what max_connections leaves (minus
 * superuser_reserved_connections and a margin), at most 20. Warns when this host's processes would not fit.
 */
async function clusterPoolSize(database: Database, config: AppConfig, processes: number): Promise<number> {
  const [server] = await database.query<{ max: number; reserved: number }>(
    "select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved",
  );
  const available = server.max - server.reserved - SPARE_CONNECTIONS;
  const size = config.databasePoolSize ?? Math.max(2, Math.min(MAX_POOL, Math.floor(available / processes)));
  if (size * processes > available)
    log(
      40,
      `${processes} procesos × ${size} conexiones = ${size * processes} superan las ${available} que deja ` +
        `max_connections=${server.max} de PostgreSQL: baje SIGECE_WORKERS o DATABASE_POOL_SIZE, o use un pooler.`,
    );
  return size;
}

/** The processes the primary keeps alive: N HTTP workers, and the job runner unless jobs run elsewhere. */
export function workerRoles(config: AppConfig): WorkerRole[] {
  const http: WorkerRole[] = Array.from({ length: config.workers ?? 1 }, () => 'http');
  return config.jobs && config.jobWorkers !== false ? [...http, 'jobs'] : http;
}

/** Forks the workers (the database is already migrated and seeded) and supervises them until a signal. */
export function superviseWorkers(config: AppConfig, poolSize: number): void {
  const live = new Set<Worker>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;

  const start = (role: WorkerRole, streak: number) => {
    const startedAt = Date.now();
    const worker = cluster.fork({
      [ROLE_ENV]: role,
      DATABASE_POOL_SIZE: String(poolSize),
      // HTTP workers queue PDFs and e-mails for the job runner; with SIGECE_JOBS=0 nobody queues.
      ...(role === 'http' && config.jobs ? { SIGECE_JOBS: 'send' } : {}),
    });
    live.add(worker);
    worker.on('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(0);
        return;
      }
      const failures = Date.now() - startedAt >= HEALTHY_MS ? 0 : streak + 1;
      const delay = Math.min(MAX_DELAY_MS, 1_000 * 2 ** failures);
      log(
        50,
        `el proceso ${role} ${worker.process.pid} terminó (${signal ?? `código ${code}`}); ` +
          `se reinicia en ${delay / 1000} s`,
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        start(role, failures);
      }, delay);
      timers.add(timer);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(30, `${signal}: deteniendo ${live.size} procesos`);
    for (const timer of timers) clearTimeout(timer);
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log(50, `${live.size} procesos no terminaron en ${STOP_TIMEOUT_MS / 1000} s: se matan`);
      for (const worker of live) worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const roles = workerRoles(config);
  for (const role of roles) start(role, 0);
  log(
    30,
    `sigece: ${roles.filter((r) => r === 'http').length} procesos HTTP en el puerto ${config.port}` +
      `${roles.includes('jobs') ? ' y uno de trabajos en segundo plano' : ''}, ${poolSize} conexiones cada uno`,
  );
}
