// The integration API's throughput against PostgreSQL's own ceiling, in one run: pgbench's figure for the
// raw pattern of an invoice (lock one counter row, insert a ~2 kB row, commit), then single-invoice
// requests (5 lines) to POST /v2/facturas/masivafacturacion over real HTTP from this process, with the
// real server entry (src/main.ts) started with SIGECE_WORKERS=1 and 2. Each on a scratch database.
// Usage: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] node --import tsx bench/api-throughput.ts
//          [--seconds 10] [--clients 16] [--workers 1,2] [--jobs] [--webhook] [--idempotency] [--no-pgbench] [--cpu-prof DIR]
// --idempotency measures each server twice in the run: without and with an Idempotency-Key on every request
// (a new key each: the cost of reserving and keeping the answer in the invoice's transaction).
// --jobs also runs the background jobs (PDF rendering and signing of every invoice) during the load.
// --webhook runs each configuration a second time with a webhook endpoint of the demo company subscribed to
// every event (a receiver on 127.0.0.1 in this process answering 200): the cost of the outbox on the request
// path; with --jobs the events are also delivered during the load.
// --cpu-prof writes each server process's V8 CPU profile (.cpuprofile, start-up included) into DIR.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { WEBHOOK_EVENTS } from '@sigece/fiscal';
import { openPglite } from '../apps/server/src/db/client.ts';
import { demoCompanyId } from './mass-load-file.ts';
import { cpuSeconds, freePort, serverPids } from './proc.ts';
import { pgbench, ready, scratchDatabase } from './server.ts';
import { sized } from './short.ts';
import { benchLogin, invoiceLoad, type LoadResult } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('10', '2') },
    clients: { type: 'string', default: '16' },
    workers: { type: 'string', default: '1,2' },
    jobs: { type: 'boolean', default: false },
    webhook: { type: 'boolean', default: false },
    'no-pgbench': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    idempotency: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const serverUrl = process.env.DATABASE_URL;
const ENTRY = resolve(import.meta.dirname, '../apps/server/src/main.ts');
const WARM_UP_SECONDS = 2;
const load = () => loadavg()[0].toFixed(1);

/** A database of its own on DATABASE_URL's server, with its URL; without DATABASE_URL, none (PGlite). */
const scratch = async (prefix: string) =>
  serverUrl
    ? scratchDatabase(serverUrl, prefix)
    : { database: undefined, drop: async () => {}, url: undefined, name: '' };

/** The real server with SIGECE_WORKERS=workers on a scratch database, loaded over HTTP from here. */
async function api(
  workers: number,
  hook = false,
  idempotency = false,
): Promise<LoadResult & { check: string; nodeMs: number; pgMs: number }> {
  const { database, drop, url, name } = await scratch(`api${workers}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'sigece-bench-api-'));
  const port = await freePort();
  const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(values['cpu-prof'])] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', ENTRY], {
    env: {
      ...process.env,
      DATABASE_URL: url?.toString() ?? '',
      SIGECE_WORKERS: String(workers),
      SIGECE_JOBS: values.jobs ? '1' : '0',
      SIGECE_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BCV_DAILY: '0',
      LOG_LEVEL: 'warn',
      // A loopback receiver is plain http: taken in development only (both runs alike when --webhook).
      ...(values.webhook && { NODE_ENV: 'development' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => server.on('exit', done));
  const receiver = hook ? await webhookReceiver() : undefined;
  try {
    const address = `http://127.0.0.1:${port}`;
    await ready(address, workers, server);
    const token = await benchLogin(address);
    if (receiver) await subscribe(address, token, receiver.url);
    await invoiceLoad({ address, token, clients, seconds: WARM_UP_SECONDS, idempotency });
    // CPU per request, of the server's processes and of PostgreSQL's backends serving its database: the
    // figure that says what a core buys, whatever else the machine is doing.
    // On PGlite the database runs inside the server's process: counted with it.
    const backends = database
      ? (
          await database.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])
        ).map((r) => r.pid)
      : [];
    const nodes = serverPids(server.pid!);
    const before = { node: cpuSeconds(nodes), pg: cpuSeconds(backends) };
    const result = await invoiceLoad({ address, token, clients, seconds, idempotency });
    const perRequest = (s: number) => (s * 1000) / result.requests;
    const nodeMs = perRequest(cpuSeconds(nodes) - before.node);
    const pgMs = perRequest(cpuSeconds(backends) - before.pg);
    const count = 'select count(*)::text n, max(numero_control)::text max from facturas';
    let row: { n: string; max: string };
    if (database) [row] = await database.query<{ n: string; max: string }>(count);
    else {
      // The server owns its PGlite directory: read it once the server has stopped.
      server.kill('SIGTERM');
      await exited;
      const embedded = await openPglite(join(dataDir, 'pgdata'));
      [row] = await embedded.query<{ n: string; max: string }>(count).finally(() => embedded.close());
    }
    const hooks = receiver ? `; webhook events received ${receiver.received()}` : '';
    return {
      ...result,
      nodeMs,
      pgMs,
      check: `${row.n} invoices stored, highest control number ${row.max}${hooks}`,
    };
  } finally {
    server.kill('SIGTERM');
    await exited;
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

/** A webhook receiver on 127.0.0.1 answering 200 to everything, counting what it gets. */
async function webhookReceiver() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received: () => received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The demo company's webhook endpoint, subscribed to every event. */
async function subscribe(address: string, token: string, url: string) {
  const authorization = `Bearer ${token}`;
  const localidad = await demoCompanyId(address, { authorization });
  const res = await fetch(`${address}/v2/integracion/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ localidad, url, eventos: [...WEBHOOK_EVENTS] }),
  });
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
}

const [version] = serverUrl
  ? execFileSync('psql', [serverUrl, '-Atc', 'show server_version'], { encoding: 'utf8' }).split(' ')
  : [''];
console.log(
  `${serverUrl ? `PostgreSQL ${version.trim()}` : 'PGlite (no pgbench; one process)'}; ${clients} clients; ${seconds} s each; single-invoice requests of 5 lines; ` +
    `background jobs ${values.jobs ? 'on (PDFs rendered during the load)' : 'off'}; load average before ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
if (!values['no-pgbench'] && serverUrl) {
  const raw = await pgbench(serverUrl, clients, seconds);
  console.log(
    `pgbench lock + insert 2 kB + commit     ${raw.tps.toFixed(0).padStart(6)} tps     latency average ${raw.latency.toFixed(1)} ms   load ${load()}`,
  );
}
// PGlite lives in one process: SIGECE_WORKERS > 1 is refused there (cluster.ts).
for (const workers of values.workers
  .split(',')
  .map(Number)
  .filter((n) => serverUrl || n === 1)) {
  const variants = [
    { hook: false, idempotency: false },
    ...(values.webhook ? [{ hook: true, idempotency: false }] : []),
    ...(values.idempotency ? [{ hook: false, idempotency: true }] : []),
  ];
  for (const { hook, idempotency } of variants) {
    const r = await api(workers, hook, idempotency);
    const variant = hook ? ', webhook subscribed' : idempotency ? ', Idempotency-Key' : '';
    const label = `API, SIGECE_WORKERS=${workers}${variant}`.padEnd(38);
    console.log(
      `${label} ${r.perSecond.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ` +
        `failed ${r.failed}   load ${load()}\n${' '.repeat(39)}CPU per request: server ${r.nodeMs.toFixed(2)} ms, ` +
        `PostgreSQL backends ${r.pgMs.toFixed(2)} ms   (${r.check}, warm-up included)`,
    );
  }
}
