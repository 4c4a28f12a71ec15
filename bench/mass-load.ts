// The mass load of a generated 10,000-row invoice file (2,000 invoices of 5 lines) through upload
// (POST /v2/mantenimiento/localidad/excelToJson) and processing (the pg-boss job, polled until done)
// against the real server entry (apps/server/src/main.ts, jobs on) on a scratch PostgreSQL database:
// wall time of each phase and in all, rows per second, and the server process's peak RSS (VmHWM).
// Targets (issue 11): under 60 s and under 500 MB. Also the CPU seconds of each phase, of the server's
// processes and of the PostgreSQL backends serving its database: on a loaded machine the wall time says
// little, the CPU time says what the work costs. With --pdfs it then waits until every new document's
// PDF is generated (the load queues them when it ends) and reports that phase too.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/mass-load.ts [--invoices 2000] [--lines 5] [--pdfs]
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { scratchPostgres } from '../apps/server/test/scratch-database.ts';
import { cpuSeconds, freePort, peakRssMb, rssMb, serverPids } from './proc.ts';
import { benchLogin } from './support.ts';

const { values } = parseArgs({
  options: {
    invoices: { type: 'string', default: '2000' },
    lines: { type: 'string', default: '5' },
    pdfs: { type: 'boolean', default: false },
  },
});
const invoices = Number(values.invoices);
const lines = Number(values.lines);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('mass-load mide PostgreSQL: defina DATABASE_URL');
  process.exit(1);
}
const ENTRY = resolve(import.meta.dirname, '../apps/server/src/main.ts');
const LOADS = '/v2/mantenimiento/localidad/cargaMasiva';
const PRODUCTS = ['P-001', 'P-002', 'P-003', 'P-004'];

/** The `factura` template's columns, filled as a user would: one row per line. */
async function generatedFile(): Promise<Buffer> {
  const yesterday = new Date(Date.now() - 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
    .reverse()
    .join('/');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  const header = [
    'nroFactura',
    'serieNrofactura',
    'fechaDocumento',
    'codigoSucursal',
    'condicionPago',
    'diasCredito',
    'facturaDivisa',
    'cambioDivisa',
    'tipoVenta',
    'clienteTipoDocumento',
    'clienteNumeroDocumento',
    'clienteNombre',
    'clienteDireccion',
    'clienteTelefono',
    'clienteCorreo',
    'clienteTipoProveedor',
    'observacion',
    'codigoProducto',
    'descripcion',
    'unidadMedida',
    'cantidad',
    'precio',
    'descuento',
    'alicuotaGravamen',
    'exento',
  ];
  sheet.addRow(header);
  const run = Date.now().toString(36);
  for (let i = 1; i <= invoices; i++) {
    for (let l = 0; l < lines; l++) {
      const code = PRODUCTS[l % PRODUCTS.length];
      sheet.addRow([
        `${run}-${i}`,
        null,
        yesterday,
        null,
        'CONTADO',
        null,
        'VEF',
        null,
        'INTERNA',
        'V',
        String(10_000_000 + (i % 5000)),
        `Cliente ${i % 5000}`,
        'Caracas',
        null,
        null,
        'PNR',
        null,
        code,
        `Artículo ${code}`,
        'UNIDAD',
        1 + (l % 3),
        12.5 * (l + 1),
        0,
        l === 3 ? '8' : '16',
        l === 4 ? 'SI' : 'NO',
      ]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const name = `sigece_bench_massload_${Date.now()}`;
const { database, drop } = await scratchPostgres(serverUrl, name, 1);

/**
 * CPU meter of a phase: the server's processes and the backends of the bench database. A backend
 * opened during the phase counts from zero; one closed during it is lost (the pool keeps them open).
 */
async function cpuMeter(root: number) {
  const sample = async () => {
    const backends = (
      await database.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
    ).map((r) => r.pid);
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
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const port = await freePort();
// BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ENTRY], {
  env: {
    MALLOC_ARENA_MAX: '2', // as `npm start` runs the server (scripts/start.mjs)
    ...process.env,
    DATABASE_URL: url.toString(),
    SIGECE_JOBS: '1',
    SIGECE_DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sigece-bench-massload-')),
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
  const companies = await (
    await fetch(`${address}/v2/mantenimiento/localidad/getlocalidades?limit=50`, { headers: auth })
  ).json();
  const company = (companies.results as Array<{ id: string; numeroDocumento: string }>).find(
    (c) => c.numeroDocumento === '123456789',
  );
  if (!company) throw new Error('sin la razón social demo J-123456789');

  const file = await generatedFile();
  console.log(
    `RSS del servidor al empezar:  ${server.pid ? peakRssMb(server.pid) : 0} MB (máximo hasta aquí)`,
  );
  const rows = invoices * lines;
  console.log(
    `archivo: ${rows} filas (${invoices} facturas de ${lines} líneas), ${(file.length / 1024 / 1024).toFixed(2)} MB`,
  );
  const uploadCpu = await cpuMeter(server.pid!);
  const started = performance.now();
  const form = new FormData();
  form.append('tipo', 'factura');
  form.append('id_localidad', company.id);
  form.append('nombreArchivo', 'bench.xlsx');
  form.append('archivoXls', new Blob([new Uint8Array(file)]), 'bench.xlsx');
  const uploaded = await fetch(`${address}/v2/mantenimiento/localidad/excelToJson`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const answer = await uploaded.json();
  if (!uploaded.ok) throw new Error(`carga: ${uploaded.status} ${JSON.stringify(answer).slice(0, 500)}`);
  const uploadSeconds = (performance.now() - started) / 1000;
  const uploadCpuSpent = await uploadCpu();
  const uploadPeak = server.pid ? peakRssMb(server.pid) : 0;
  const processCpu = await cpuMeter(server.pid!);
  const id = answer.result.carga.id as string;
  await fetch(`${address}${LOADS}/${id}/procesar`, { method: 'POST', headers: auth });
  let status: { estado: string; procesados: number; nuevos: number; errores: number; total: number };
  let processingRss = 0;
  for (;;) {
    status = (await (await fetch(`${address}${LOADS}/${id}`, { headers: auth })).json()).result;
    if (status.estado === 'TERMINADO') break;
    processingRss = Math.max(processingRss, server.pid ? rssMb(server.pid) : 0);
    if (process.env.BENCH_TRACE)
      console.log(`  ${status.estado} ${status.procesados}/${status.total} RSS ${rssMb(server.pid!)} MB`);
    await new Promise((r) => setTimeout(r, 250));
  }
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
      const [row] = await database.query<{ n: number }>(
        "select count(*)::int as n from control_numbers where pdf_estado = 'PENDIENTE'",
      );
      if (row.n === 0) break;
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
  await drop();
}
