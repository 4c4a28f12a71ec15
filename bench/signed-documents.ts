// Signed documents per CPU-second, end to end: invoices posted over real HTTP to a server with
// its background jobs on, counted only once every PDF is rendered, signed and stored with its SHA-256.
// Three loads: single 5-line invoices from 16 clients, batches of 10 invoices per request, and the mass
// load of a generated spreadsheet. For each: signed documents per second (from the first request to the
// last PDF), the API's p50/p99, the time from the last answer to the last PDF, and the CPU milliseconds
// per signed document of the server's processes and of PostgreSQL's (from /proc, from before the load
// until the last PDF is stored), beside pgbench's figure for the raw lock + insert + commit pattern of
// the same run and the load average.
//
// Usage (the server started here, on a scratch database; DATABASE_URL unset: PGlite in its DATA_DIR):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/signed-documents.ts
//     [--seconds 10] [--warm-up 10] [--clients 16] [--batch 10] [--mass 2000] [--loads single,batch,mass]
//     [--workers 1] [--no-pgbench] [--statements]
//   --statements: also counts the statements the server sends (bench/statement-counter.mjs) and the
//     database's own counters, per signed document (slower: CPU figures of such a run are not comparable).
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes flags to the server's node.
// Against a deployment already running (e.g. several hosts behind HAProxy and PgBouncer), with the demo
// data (SIGECE_DEMO=1, ADMIN_PASSWORD=admin123):
//   node --import tsx bench/signed-documents.ts --base-url http://127.0.0.1:8080
//     --watch-url postgres://…/sigece  (its database, read to see the PDFs signed; may be left unset only
//                                      for a single PGlite server: then the invoice list is read)
//     --server-pids 1234,5678          (processes counted as the server, each with its children)
//     [--pg all | --pg database | --pg 11,12,13]
//                                      (PostgreSQL's processes: all = every `postgres` process on this
//                                      machine; database = the backends of --watch-url's database with
//                                      the server's writers and postmaster (default); or a list of pids)
//     [--proxy-pids 91,92]             (counted apart, e.g. PgBouncer and HAProxy)
// `signedDocumentsRun` is the load-and-wait part, for other scripts (deploy/) to call with their own
// address, watcher and process groups.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { demoCompanyId, generatedFile, processMassLoad, uploadMassLoad } from './mass-load-file.ts';
import { type CpuGroup, cpuMeter, mainThreads, postgresProcesses, serverPids } from './proc.ts';
import { type BenchServer, pgbench, scratchDatabase, startServer } from './server.ts';
import { sized } from './short.ts';
import { benchLogin, invoiceLoad } from './support.ts';

export type LoadKind = 'single' | 'batch' | 'mass';

/** Where the PDFs' states are read: the deployment's database, or its invoice list over HTTP. */
export interface PdfWatcher {
  /** PDFs generated, pending and failed so far (exact; may be slow). */
  counts(): Promise<{ generated: number; pending: number; failed: number }>;
  /** True once no PDF is pending (cheap; asked every 100 ms while waiting). */
  drained(): Promise<boolean>;
  close(): Promise<void>;
}

export interface SignedRunOptions {
  /** The deployment's base URL (a server, or a load balancer in front of several). */
  address: string;
  /** The demo master administrator's token (benchLogin). */
  token: string;
  kind: LoadKind;
  clients: number;
  seconds: number;
  /** Invoices per request of the 'batch' load. */
  batch: number;
  /** Invoices of the 'mass' load's file (5 lines each). */
  massInvoices: number;
  watcher: PdfWatcher;
  /** Process groups whose CPU is counted, e.g. server, PostgreSQL, proxies. */
  cpu: CpuGroup[];
  /** Longest wait for the last PDF after the load (default 10 minutes). */
  maxWaitMs?: number;
  /** Counters read at the window's start and end (statements sent, the database's own statistics). */
  counters?: CounterProbe;
}

/** Named counters whose growth over the window is reported per signed document. */
export interface CounterProbe {
  read(): Promise<Record<string, number>>;
}

export interface SignedRunResult {
  kind: LoadKind;
  /** Documents acknowledged by the API (or stored by the mass load). */
  acknowledged: number;
  /** PDFs generated during the window. */
  signed: number;
  failedRequests: number;
  failedPdfs: number;
  requests: number;
  p50: number;
  p99: number;
  /** From the first request to the last answer (mass: the load processed). */
  loadSeconds: number;
  /** From the last answer to the last PDF. */
  tailSeconds: number;
  /** signed / (loadSeconds + tailSeconds). */
  signedPerSecond: number;
  /** CPU seconds per group over the window. */
  cpu: Record<string, number>;
  /** CPU milliseconds per signed document, per group. */
  msPerDocument: Record<string, number>;
  loadAverage: number;
  /** Growth of each counter of `counters` over the window. */
  counted?: Record<string, number>;
}

/** Until no PDF is pending (polled every 100 ms), or `maxWaitMs`. */
async function drain(watcher: PdfWatcher, maxWaitMs: number): Promise<void> {
  const until = Date.now() + maxWaitMs;
  for (;;) {
    if (await watcher.drained()) {
      if ((await watcher.counts()).pending === 0) return;
    }
    if (Date.now() > until) throw new Error(`PDFs still pending after ${maxWaitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One load against a running deployment, then the wait until its last PDF is stored. The CPU window
 * opens once the PDFs of earlier work are done (so they are not counted) and closes at the last PDF.
 */
export async function signedDocumentsRun(options: SignedRunOptions): Promise<SignedRunResult> {
  const { address, token, kind, watcher } = options;
  const maxWaitMs = options.maxWaitMs ?? 600_000;
  await drain(watcher, maxWaitMs);
  const before = await watcher.counts();
  const countersBefore = await options.counters?.read();
  const meter = await cpuMeter(options.cpu);
  const started = performance.now();
  let acknowledged = 0;
  let failedRequests = 0;
  let requests = 0;
  let p50 = 0;
  let p99 = 0;
  if (kind === 'mass') {
    const auth = { authorization: `Bearer ${token}` };
    const file = await generatedFile(options.massInvoices, 5);
    const id = await uploadMassLoad(address, auth, await demoCompanyId(address, auth), file);
    const status = await processMassLoad(address, auth, id);
    acknowledged = status.nuevos;
    failedRequests = status.errores;
  } else {
    const batch = kind === 'batch' ? options.batch : 1;
    const r = await invoiceLoad({
      address,
      token,
      clients: options.clients,
      seconds: options.seconds,
      batch,
    });
    acknowledged = r.created;
    failedRequests = r.failed;
    requests = r.requests;
    p50 = r.p50;
    p99 = r.p99;
  }
  const answered = performance.now();
  await drain(watcher, maxWaitMs);
  const finished = performance.now();
  const cpu = await meter.stop();
  const countersAfter = await options.counters?.read();
  const after = await watcher.counts();
  const signed = after.generated - before.generated;
  return {
    kind,
    acknowledged,
    signed,
    failedRequests,
    failedPdfs: after.failed - before.failed,
    requests,
    p50,
    p99,
    loadSeconds: (answered - started) / 1000,
    tailSeconds: (finished - answered) / 1000,
    signedPerSecond: signed / ((finished - started) / 1000),
    cpu,
    msPerDocument: Object.fromEntries(Object.entries(cpu).map(([k, s]) => [k, (s * 1000) / signed])),
    loadAverage: loadavg()[0],
    counted: countersAfter && growth(countersBefore ?? {}, countersAfter),
  };
}

function growth(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, n] of Object.entries(after)) {
    const d = n - (before[key] ?? 0);
    if (d !== 0) out[key] = d;
  }
  return out;
}

/** Reads the PDFs' states from the deployment's database (the ledger `control_numbers`). */
export async function sqlWatcher(databaseUrl: string): Promise<PdfWatcher & { backendPid: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
  return {
    backendPid: pid,
    async counts() {
      const { rows } = await client.query<{ generated: number; pending: number; failed: number }>(
        `select count(*) filter (where pdf_estado = 'GENERADA')::int as generated,
                count(*) filter (where pdf_estado = 'PENDIENTE')::int as pending,
                count(*) filter (where pdf_estado = 'FALLIDA')::int as failed
           from control_numbers`,
      );
      return rows[0];
    },
    async drained() {
      // control_numbers_pendientes_idx: a partial index over the pending ones only.
      const { rows } = await client.query(
        "select 1 from control_numbers where pdf_estado = 'PENDIENTE' limit 1",
      );
      return rows.length === 0;
    },
    close: () => client.end(),
  };
}

/**
 * Reads the PDFs' states through the invoice list (for PGlite, whose database lives inside the server):
 * the newest page while waiting (jobs run in the order they were queued), every page for the counts.
 */
export function httpWatcher(address: string, token: string): PdfWatcher {
  const page = async (n: number, limit: number) => {
    const res = await fetch(`${address}/v2/facturas/queryfacturacion?limit=${limit}&page=${n}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`invoice list: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { results: Array<{ pdfEstado: string }> }).results;
  };
  return {
    async counts() {
      const counts = { generated: 0, pending: 0, failed: 0 };
      for (let n = 1; ; n++) {
        const rows = await page(n, 500);
        for (const r of rows) {
          if (r.pdfEstado === 'GENERADA') counts.generated++;
          else if (r.pdfEstado === 'FALLIDA') counts.failed++;
          else counts.pending++;
        }
        if (rows.length < 500) return counts;
      }
    },
    async drained() {
      return (await page(1, 100)).every((r) => r.pdfEstado !== 'PENDIENTE');
    },
    async close() {},
  };
}

/** PostgreSQL's processes serving one database: its backends, the server's writers and the postmaster. */
function databaseProcesses(client: pg.Client, database: string, exclude: number): () => Promise<number[]> {
  let postmaster: number | undefined;
  return async () => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where (datname = $1 or datname is null) and pid <> $2`,
      [database, exclude],
    );
    const pids = rows.map((r) => r.pid);
    if (postmaster === undefined && pids.length > 0) postmaster = parentOf(pids[0]);
    return postmaster ? [...pids, postmaster] : pids;
  };
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

const pidList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((p) => Number.isInteger(p) && p > 0);

/**
 * The statements the server's processes sent (bench/statement-counter.mjs, loaded with `--import`): each
 * process is asked with SIGUSR2 to write its counts, which are summed by statement text.
 */
export function statementProbe(pids: () => number[], file: string): CounterProbe {
  return {
    async read() {
      const targets = pids()
        .filter((pid) => existsSync(`${file}.${pid}.ready`))
        .map((pid) => ({ pid, path: `${file}.${pid}` }));
      const mtime = (path: string) => {
        try {
          return statSync(path).mtimeMs;
        } catch {
          return 0;
        }
      };
      const was = targets.map((t) => mtime(t.path));
      for (const t of targets) process.kill(t.pid, 'SIGUSR2');
      const until = Date.now() + 5_000;
      const totals: Record<string, number> = {};
      for (const [i, t] of targets.entries()) {
        while (mtime(t.path) === was[i] && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        if (mtime(t.path) === was[i]) continue;
        const counts = JSON.parse(readFileSync(t.path, 'utf8')) as Record<string, number>;
        for (const [text, n] of Object.entries(counts))
          totals[`sql ${text}`] = (totals[`sql ${text}`] ?? 0) + n;
      }
      return totals;
    },
  };
}

/**
 * The database's own counters (pg_stat_database, pg_stat_user_tables): transactions committed, rows
 * inserted and updated per table. They need no configuration, but a backend reports them only when idle
 * for a second or after 10 s, so each read waits 11 s first. The watcher's own queries are included.
 */
export function databaseProbe(client: pg.Client, database: string): CounterProbe {
  return {
    async read() {
      await new Promise((r) => setTimeout(r, 11_000));
      const out: Record<string, number> = {};
      const { rows: db } = await client.query(
        `select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted
           from pg_stat_database where datname = $1`,
        [database],
      );
      for (const [k, v] of Object.entries(db[0] ?? {})) out[`db ${k}`] = Number(v);
      const { rows: tables } = await client.query(
        `select schemaname || '.' || relname as t, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del,
                coalesce(idx_scan, 0) + coalesce(seq_scan, 0) as scans
           from pg_stat_user_tables`,
      );
      for (const r of tables)
        for (const k of ['n_tup_ins', 'n_tup_upd', 'n_tup_hot_upd', 'n_tup_del', 'scans'])
          out[`table ${r.t} ${k}`] = Number(r[k]);
      return out;
    },
  };
}

/** The counters' growth per signed document, largest first (statements, then the database's). */
function describeCounted(r: SignedRunResult): string {
  if (!r.counted || r.signed === 0) return '';
  const per = (n: number) => (n / r.signed).toFixed(2);
  const entries = Object.entries(r.counted).sort((a, b) => b[1] - a[1]);
  const statements = entries.filter(([k]) => k.startsWith('sql '));
  const total = statements.reduce((s, [, n]) => s + n, 0);
  const lines = [`  statements sent per signed document: ${per(total)}`];
  for (const [k, n] of statements)
    if (n / r.signed >= 0.005) lines.push(`    ${per(n).padStart(6)}  ${k.slice(4)}`);
  lines.push('  database counters per signed document:');
  for (const [k, n] of entries.filter(([k]) => !k.startsWith('sql ')))
    if (n / r.signed >= 0.005) lines.push(`    ${per(n).padStart(8)}  ${k}`);
  return lines.join('\n');
}

/** The label of the server's main threads' CPU (part of 'server', not added to the total). */
const MAIN_THREADS = 'server main threads';

/** One run's lines, as printed (also what bench/README.md records). */
export function describe(r: SignedRunResult, groups: string[]): string {
  const what =
    r.kind === 'mass'
      ? `mass load, ${r.acknowledged} invoices`
      : `${r.kind === 'batch' ? 'batches' : 'single invoices'}, ${r.requests} requests`;
  const api = r.kind === 'mass' ? '' : ` API p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms;`;
  const cpu = groups.map((g) => `${g} ${r.msPerDocument[g].toFixed(2)}`).join(' + ');
  const total = groups.reduce((s, g) => s + r.msPerDocument[g], 0);
  return (
    `${what}: ${r.signed} signed of ${r.acknowledged} acknowledged (failed requests ${r.failedRequests}, ` +
    `failed PDFs ${r.failedPdfs})\n` +
    `  ${r.signedPerSecond.toFixed(0)} signed documents/s;${api} load ${r.loadSeconds.toFixed(1)} s, last answer → last PDF ${r.tailSeconds.toFixed(1)} s\n` +
    `  CPU per signed document: ${total.toFixed(2)} ms = ${cpu} ms   load average ${r.loadAverage.toFixed(1)}`
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: sized('10', '2') },
      'warm-up': { type: 'string', default: sized('10', '1') },
      clients: { type: 'string', default: '16' },
      batch: { type: 'string', default: '10' },
      mass: { type: 'string', default: sized('2000', '40') },
      loads: { type: 'string', default: 'single,batch,mass' },
      workers: { type: 'string', default: '1' },
      'no-pgbench': { type: 'boolean', default: false },
      'base-url': { type: 'string' },
      'watch-url': { type: 'string' },
      'server-pids': { type: 'string' },
      pg: { type: 'string', default: 'database' },
      'proxy-pids': { type: 'string' },
      statements: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const warmUp = Number(values['warm-up']);
  const clients = Number(values.clients);
  const workers = Number(values.workers);
  const kinds = values.loads.split(',') as LoadKind[];
  const external = values['base-url'];
  const serverUrl = process.env.DATABASE_URL;
  const cleanup: Array<() => Promise<void>> = [];
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  try {
    console.log(
      `${clients} clients, ${seconds} s per load after a ${warmUp} s warm-up, 5-line invoices, batches of ${values.batch}, mass load of ${values.mass}; ` +
        `load average before ${load()}`,
    );
    if (serverUrl && !values['no-pgbench']) {
      const raw = await pgbench(serverUrl, clients, seconds);
      console.log(
        `pgbench lock + insert 2 kB + commit (${clients} clients): ${raw.tps.toFixed(0)} tps, latency average ${raw.latency.toFixed(1)} ms, load ${load()}`,
      );
    }
    let address: string;
    let watchUrl = values['watch-url'];
    let server: BenchServer | undefined;
    let databaseName: string | undefined;
    let statementsFile: string | undefined;
    if (external) {
      address = external.replace(/\/$/, '');
    } else {
      let databaseUrl: string | undefined;
      if (serverUrl) {
        const scratch = await scratchDatabase(serverUrl, 'signed');
        cleanup.unshift(scratch.drop);
        databaseUrl = scratch.url.toString();
        databaseName = scratch.name;
        watchUrl = databaseUrl;
      }
      const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const env: Record<string, string> = {};
      if (values.statements) {
        // Plain JavaScript: the render pool's threads inherit the flag and load it before tsx.
        nodeArgs.push('--import', resolve(import.meta.dirname, 'statement-counter.mjs'));
        statementsFile = join(mkdtempSync(join(tmpdir(), 'sigece-statements-')), 'counts');
        env.BENCH_STATEMENTS_FILE = statementsFile;
      }
      server = await startServer({ databaseUrl: databaseUrl ?? '', workers, jobs: true, nodeArgs, env });
      cleanup.unshift(server.stop);
      address = server.address;
    }
    const token = await benchLogin(address);
    let watcher: PdfWatcher;
    const groups: CpuGroup[] = [];
    const rootPids = external ? pidList(values['server-pids']) : [server!.process.pid!];
    groups.push({ label: 'server', pids: () => rootPids.flatMap((p) => serverPids(p)) });
    // Part of the server's figure, printed beside it: the event loops (HTTP, validation, the database
    // client); the rest is the PDF render threads and V8's compiler and garbage collector threads.
    groups.push({ label: MAIN_THREADS, pids: () => mainThreads(rootPids.flatMap((p) => serverPids(p))) });
    if (watchUrl) {
      const sql = await sqlWatcher(watchUrl);
      watcher = sql;
      const listed = pidList(values.pg);
      if (values.pg === 'all') groups.push({ label: 'PostgreSQL', pids: postgresProcesses });
      else if (listed.length > 0) groups.push({ label: 'PostgreSQL', pids: () => listed });
      else {
        const client = new pg.Client({ connectionString: watchUrl });
        await client.connect();
        cleanup.unshift(() => client.end());
        const name = databaseName ?? new URL(watchUrl).pathname.slice(1);
        groups.push({ label: 'PostgreSQL', pids: databaseProcesses(client, name, sql.backendPid) });
        // Beside it, for reference: every postgres process on the machine (other users' work included).
        groups.push({ label: 'every postgres process', pids: postgresProcesses });
      }
    } else {
      if (serverUrl || external) throw new Error('--watch-url: the database to read the PDFs from');
      watcher = httpWatcher(address, token);
    }
    cleanup.unshift(() => watcher.close());
    const proxies = pidList(values['proxy-pids']);
    if (proxies.length > 0) groups.push({ label: 'proxies', pids: () => proxies });
    const counted = groups
      .map((g) => g.label)
      .filter((g) => g !== 'every postgres process' && g !== MAIN_THREADS);
    // Warm-up, its PDFs done before any window opens: a fresh process spends its first seconds compiling
    // (V8's optimizing compiler, on the HTTP thread and on each render thread), about 1 ms per signed
    // document over a first 10 s load; a server that has run for a minute no longer does.
    await invoiceLoad({ address, token, clients, seconds: warmUp });
    console.log(
      `${external ? `deployment at ${address}` : `server: apps/server/src/main.ts, SIGECE_WORKERS=${workers}, jobs on, ${serverUrl ? 'PostgreSQL' : 'PGlite'}`}; ` +
        `CPU counted: ${groups.map((g) => (g.label === MAIN_THREADS ? `(of the server: its main thread)` : g.label)).join(', ')}`,
    );
    const probes: CounterProbe[] = [];
    if (statementsFile) {
      probes.push(statementProbe(() => serverPids(server!.process.pid!), statementsFile));
      if (watchUrl) {
        const client = new pg.Client({ connectionString: watchUrl });
        await client.connect();
        cleanup.unshift(() => client.end());
        probes.push(databaseProbe(client, databaseName ?? new URL(watchUrl).pathname.slice(1)));
      }
    }
    const counters: CounterProbe | undefined =
      probes.length === 0
        ? undefined
        : { read: async () => Object.assign({}, ...(await Promise.all(probes.map((p) => p.read())))) };
    for (const kind of kinds) {
      const r = await signedDocumentsRun({
        counters,
        address,
        token,
        kind,
        clients,
        seconds,
        batch: Number(values.batch),
        massInvoices: Number(values.mass),
        watcher,
        cpu: groups,
      });
      console.log(describe(r, counted));
      const main = r.msPerDocument[MAIN_THREADS];
      if (main !== undefined && r.msPerDocument.server !== undefined)
        console.log(
          `  of the server: main thread ${main.toFixed(2)} ms, other threads (PDF rendering, V8's compiler and GC) ${(r.msPerDocument.server - main).toFixed(2)} ms`,
        );
      if (r.counted) console.log(describeCounted(r));
      if (r.cpu['every postgres process'] !== undefined)
        console.log(
          `  (every postgres process on this machine, other users' included: ${r.msPerDocument['every postgres process'].toFixed(2)} ms)`,
        );
    }
  } finally {
    for (const step of cleanup) await step().catch((e) => console.error(e));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
