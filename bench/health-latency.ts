// How long `/v2/health` waits while the server does long work: the real server entry
// (apps/server/src/main.ts, jobs on) as a child process, on PGlite (a data directory of its own) or, with
// DATABASE_URL, on a scratch PostgreSQL database. A sampler asks for /v2/health one request after
// another (25 ms apart) and prints the worst and p99 latency during each phase:
//   1. idle: nothing else running (the floor);
//   2. sales book: the PDF and then the spreadsheet of one company's month of --documents documents
//      (inserted with SQL before the server starts), through GET getlibroVentas / getLibroVentasExcel;
//   3. mass load: a --invoices × --lines row file uploaded (read and checked), then processed (the
//      `carga-masiva` job);
//   4. PDF burst: the PDFs of those invoices, queued when the load ends, rendered and signed until none
//      is pending.
// Goal: no request waits more than 200 ms behind any of them. `--short` runs small sizes (CI smoke).
// Usage: [DATABASE_URL=…] node --import tsx bench/health-latency.ts [--invoices 2000] [--lines 5] [--documents 50000] [--short]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { scratchPostgres } from '../apps/server/test/scratch-database.ts';
import { generatedFile } from './mass-load-file.ts';
import { freePort } from './proc.ts';
import { loadSalesBookMonth } from './sales-book-data.ts';
import { SHORT } from './short.ts';
import { benchLogin, pendingInvoicePdfs, seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    invoices: { type: 'string' },
    lines: { type: 'string', default: '5' },
    documents: { type: 'string' },
    short: { type: 'boolean', default: false },
  },
});
const short = values.short || SHORT;
const invoices = Number(values.invoices ?? (short ? 100 : 2000));
const lines = Number(values.lines);
const documents = Number(values.documents ?? (short ? 2000 : 50_000));
const serverUrl = process.env.DATABASE_URL;
const driver = serverUrl ? 'postgres' : 'pglite';
const ENTRY = resolve(import.meta.dirname, '../apps/server/src/main.ts');
const LOADS = '/v2/mantenimiento/localidad/cargaMasiva';
const BOOK_COMPANY = '987654321';
const LOAD_COMPANY = '123456789';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** /v2/health asked one request after another while a phase runs. */
class HealthSampler {
  private latencies: number[] = [];
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  failures = 0;

  constructor(private readonly address: string) {}

  start() {
    this.latencies = [];
    this.failures = 0;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const started = performance.now();
        const ok = await fetch(`${this.address}/v2/health`).then(
          async (r) => {
            await r.arrayBuffer();
            return r.ok;
          },
          () => false,
        );
        this.latencies.push(performance.now() - started);
        if (!ok) this.failures++;
        await pause(25);
      }
    })();
  }

  async stop() {
    this.running = false;
    await this.loop;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return { samples: sorted.length, p50: at(0.5), p99: at(0.99), worst: sorted.at(-1) ?? 0 };
  }
}

const results: Array<
  { phase: string; seconds: number; load: number } & Awaited<ReturnType<HealthSampler['stop']>>
> = [];

async function phase(sampler: HealthSampler, name: string, work: () => Promise<unknown>) {
  sampler.start();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const figures = await sampler.stop();
  const load = loadavg()[0];
  results.push({ phase: name, seconds, load, ...figures });
  console.log(
    `${driver} ${name.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s  health: ${figures.samples} requests, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, worst ${figures.worst.toFixed(1)} ms${sampler.failures ? `, ${sampler.failures} failed` : ''}  (load ${load.toFixed(1)})`,
  );
}

async function companyId(database: Database, numero: string): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    `select id::text as id from localidades where tipo_documento = 'J' and numero_documento = $1`,
    [numero],
  );
  return row.id;
}

// The data: seeded and the book's month inserted before the server starts (it then owns a PGlite directory).
const dataDir = mkdtempSync(join(tmpdir(), 'sigece-bench-health-'));
const scratchName = `sigece_bench_health_${Date.now()}`;
const scratch = serverUrl ? await scratchPostgres(serverUrl, scratchName, 2) : undefined;
const setup = scratch?.database ?? (await openPglite(join(dataDir, 'pgdata')));
const prepared = performance.now();
await seedBenchDatabase(setup);
const bookCompany = await companyId(setup, BOOK_COMPANY);
await loadSalesBookMonth(setup, bookCompany, documents);
await setup.query('analyze');
if (!scratch) await setup.close();
console.log(
  `${driver}: ${documents} sales-book documents loaded in ${((performance.now() - prepared) / 1000).toFixed(1)} s`,
);

let databaseUrl: string | undefined;
if (serverUrl) {
  const url = new URL(serverUrl);
  url.pathname = `/${scratchName}`;
  databaseUrl = url.toString();
}
const port = await freePort();
// BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ENTRY], {
  env: {
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    DATABASE_URL: databaseUrl ?? '',
    SIGECE_JOBS: '1',
    SIGECE_DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BCV_DAILY: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((done) => server.on('exit', done));
const address = `http://127.0.0.1:${port}`;
let failed = false;
try {
  for (const until = Date.now() + 600_000; ; ) {
    if (
      await fetch(`${address}/v2/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (server.exitCode !== null) throw new Error(`el servidor terminó (${server.exitCode})`);
    if (Date.now() > until) throw new Error('el servidor no respondió en 10 minutos');
    await pause(250);
  }
  const token = await benchLogin(address);
  const auth = { authorization: `Bearer ${token}` };
  const companies = (await (
    await fetch(`${address}/v2/mantenimiento/localidad/getlocalidades?limit=50`, { headers: auth })
  ).json()) as { results: Array<{ id: string; numeroDocumento: string }> };
  const loadCompany = companies.results.find((c) => c.numeroDocumento === LOAD_COMPANY)?.id;
  if (!loadCompany) throw new Error(`sin la razón social demo J-${LOAD_COMPANY}`);
  const sampler = new HealthSampler(address);

  await phase(sampler, 'idle (5 s)', () => pause(5000));

  await phase(sampler, `sales book, ${documents} documents`, async () => {
    const query = `fechaInicio=2026-05-01&fechaFin=2026-05-31&id_localidad=${bookCompany}`;
    for (const path of ['getlibroVentas', 'getLibroVentasExcel']) {
      const res = await fetch(`${address}/v2/mantenimiento/reportes/${path}?${query}`, { headers: auth });
      const body = (await res.json()) as { libro?: { consolidado?: unknown } };
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  });

  const file = await generatedFile(invoices, lines);
  let loadId = '';
  // The upload's reading of the workbook is one phase (now off the event loop, on a worker thread), the
  // processing of its invoices (the `carga-masiva` job) another.
  await phase(sampler, `mass load upload, ${invoices * lines} rows`, async () => {
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      form.append('tipo', 'factura');
      form.append('id_localidad', loadCompany);
      form.append('nombreArchivo', 'bench.xlsx');
      form.append('archivoXls', new Blob([new Uint8Array(file)]), 'bench.xlsx');
      // A kept-alive socket the server closed while its event loop was stopped resets: sent again once.
      const uploaded = await fetch(`${address}/v2/mantenimiento/localidad/excelToJson`, {
        method: 'POST',
        headers: auth,
        body: form,
      }).catch((error: Error) => {
        if (attempt > 1) throw error;
        console.log(`${driver}: upload failed (${error.cause ?? error.message}), sent again`);
        return undefined;
      });
      if (!uploaded) continue;
      const answer = (await uploaded.json()) as { result: { carga: { id: string } } };
      if (!uploaded.ok) throw new Error(`carga: ${uploaded.status} ${JSON.stringify(answer).slice(0, 300)}`);
      loadId = answer.result.carga.id;
      return;
    }
  });
  await phase(sampler, `mass load processing, ${invoices} invoices`, async () => {
    await fetch(`${address}${LOADS}/${loadId}/procesar`, { method: 'POST', headers: auth });
    for (;;) {
      const status = (await (await fetch(`${address}${LOADS}/${loadId}`, { headers: auth })).json())
        .result as { estado: string; nuevos: number; errores: number };
      if (status.estado === 'TERMINADO') {
        if (status.nuevos !== invoices) throw new Error(`carga: ${JSON.stringify(status)}`);
        break;
      }
      await pause(250);
    }
  });

  await phase(sampler, `PDF burst, ${invoices} invoices`, async () => {
    for (const until = Date.now() + 900_000; ; ) {
      const pending = await pendingInvoicePdfs(address, token, loadCompany);
      if (pending === 0) break;
      if (Date.now() > until) throw new Error(`${pending} PDF pendientes tras 15 minutos`);
      await pause(1000);
    }
  });

  console.log(`\n${driver}: /v2/health during each phase (goal: worst under 200 ms)`);
  console.log('| phase | seconds | requests | p99 | worst | load average |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results)
    console.log(
      `| ${r.phase} | ${r.seconds.toFixed(1)} | ${r.samples} | ${r.p99.toFixed(0)} ms | ${r.worst.toFixed(0)} ms | ${r.load.toFixed(1)} |`,
    );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  server.kill('SIGTERM');
  await exited;
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
