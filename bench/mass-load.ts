// The mass load of a generated 10,000-row invoice file (2,000 invoices of 5 lines) through upload
// (POST /v2/mantenimiento/localidad/excelToJson) and processing (the pg-boss job, polled until done)
// against the real server entry (apps/server/src/main.ts, jobs on) on a scratch PostgreSQL database
// (DATABASE_URL) or on PGlite in the server's data directory:
// wall time of each phase and in all, rows per second, and the server process's peak RSS (VmHWM).
// Targets: under 60 s and under 500 MB. Also the CPU seconds of each phase, of the server's
// processes and of the PostgreSQL backends serving its database: on a loaded machine the wall time says
// little, the CPU time says what the work costs. With --pdfs it then waits until every new document's
// PDF is generated (the load queues them when it ends) and reports that phase too.
// Usage: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] node --import tsx bench/mass-load.ts [--invoices 2000] [--lines 5] [--pdfs]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { scratchPostgres } from '../apps/server/test/scratch-database.ts';
import { demoCompanyId, generatedFile, processMassLoad, uploadMassLoad } from './mass-load-file.ts';
import { cpuSeconds, freePort, peakRssMb, rssMb, serverPids } from './proc.ts';
import { sized } from './short.ts';
import { benchLogin, pendingInvoicePdfs } from './support.ts';

const { values } = parseArgs({
  options: {
    invoices: { type: 'string', default: sized('2000', '100') },
    lines: { type: 'string', default: '5' },
    pdfs: { type: 'boolean', default: false },
  },
});
const invoices = Number(values.invoices);
const lines = Number(values.lines);
const serverUrl = process.env.DATABASE_URL;
const ENTRY = resolve(import.meta.dirname, '../apps/server/src/main.ts');
const name = `sigece_bench_massload_${Date.now()}`;
// PostgreSQL: a scratch database on DATABASE_URL's server; else PGlite in the server's data directory.
const scratch = serverUrl ? await scratchPostgres(serverUrl, name, 1) : undefined;
const database = scratch?.database;
const dataDir = mkdtempSync(join(tmpdir(), 'sigece-bench-massload-'));

/**
 * CPU meter of a phase: the server's processes and the backends of the bench database. A backend
 * opened during the phase counts from zero; one closed during it is lost (the pool keeps them open).
 */
async function cpuMeter(root: number) {
  const sample = async () => {
    // On PGlite the database runs inside the server's process: counted with it.
    const backends = database
      ? (
          await database.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          )
        ).map((r) => r.pid)
      : [];
    return {
      node: new Map(serverPids(root).map((p) => [p, cpuSeconds([p])])),
      pg: new Map(backends.map((p) => [p, cpuSeconds([p])])),
    };
  };
  const start = await sample();
  return async () => {
    const end = await sample();
    const spent = (a: Map<number, number>, b: Map<number, number>) =>
      [...b].reduce((total, [pid, cpu]) => total + cpu - (a.get(pid) ?? 0), 0);
    return { node: spent(start.node, end.node), pg: spent(start.pg, end.pg) };
  };
}
const cpuText = (c: { node: number; pg: number }) =>
  `CPU servidor ${c.node.toFixed(1)} s + PostgreSQL ${c.pg.toFixed(1)} s`;
const url = serverUrl ? new URL(serverUrl) : undefined;
if (url) url.pathname = `/${name}`;
const port = await freePort();
// BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ENTRY], {
  env: {
    MALLOC_ARENA_MAX: '2', // as `npm start` runs the server (scripts/start.mjs)
    ...process.env,
    DATABASE_URL: url?.toString() ?? '',
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
try {
  for (const until = Date.now() + 180_000; ; ) {
    const ok = await fetch(`${address}/v2/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error('el servidor no respondió en 3 minutos');
    await new Promise((r) => setTimeout(r, 500));
  }
  const token = await benchLogin(address);
  const auth = { authorization: `Bearer ${token}` };
  const companyId = await demoCompanyId(address, auth);

  const file = await generatedFile(invoices, lines);
  console.log(
    `RSS del servidor al empezar:  ${server.pid ? peakRssMb(server.pid) : 0} MB (máximo hasta aquí)`,
  );
  const rows = invoices * lines;
  console.log(
    `archivo: ${rows} filas (${invoices} facturas de ${lines} líneas), ${(file.length / 1024 / 1024).toFixed(2)} MB`,
  );
  const uploadCpu = await cpuMeter(server.pid!);
  const started = performance.now();
  const id = await uploadMassLoad(address, auth, companyId, file);
  const uploadSeconds = (performance.now() - started) / 1000;
  const uploadCpuSpent = await uploadCpu();
  const uploadPeak = server.pid ? peakRssMb(server.pid) : 0;
  const processCpu = await cpuMeter(server.pid!);
  let processingRss = 0;
  const status = await processMassLoad(address, auth, id, () => {
    processingRss = Math.max(processingRss, server.pid ? rssMb(server.pid) : 0);
  });
  const total = (performance.now() - started) / 1000;
  const processCpuSpent = await processCpu();
  const peak = server.pid ? peakRssMb(server.pid) : 0;
  console.log(
    `carga (lectura y revisión):   ${uploadSeconds.toFixed(1)} s   (${cpuText(uploadCpuSpent)}; RSS máximo hasta aquí ${uploadPeak} MB)`,
  );
  console.log(
    `procesamiento (trabajo):      ${(total - uploadSeconds).toFixed(1)} s   (${cpuText(processCpuSpent)})`,
  );
  console.log(`total:                        ${total.toFixed(1)} s (meta < 60 s)`);
  console.log(`filas por segundo:            ${Math.round(rows / total)}`);
  console.log(`facturas nuevas / con error:  ${status.nuevos} / ${status.errores} de ${status.total}`);
  console.log(`RSS máximo del servidor:      ${peak} MB (meta < 500 MB)`);
  console.log(`RSS durante el procesamiento: ${processingRss} MB como máximo (muestras cada 250 ms)`);
  console.log(`carga media del equipo:       ${loadavg()[0].toFixed(1)}`);
  if (values.pdfs) {
    // The PDFs of the new documents, queued when the load ended, rendered and signed by the PDF jobs.
    const pdfCpu = await cpuMeter(server.pid!);
    const from = performance.now();
    for (;;) {
      if ((await pendingInvoicePdfs(address, token, companyId)) === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(
      `PDF de los documentos nuevos: ${((performance.now() - from) / 1000).toFixed(1)} s después   (${cpuText(await pdfCpu())})`,
    );
    console.log(`RSS máximo del servidor:      ${server.pid ? peakRssMb(server.pid) : 0} MB`);
  }
} finally {
  server.kill('SIGTERM');
  await exited;
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
