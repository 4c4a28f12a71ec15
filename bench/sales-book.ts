// The sales book of one company's month of 50,000 documents: 45,000 invoices (one in ten in
// USD, one in fifty annulled, one in twenty for a third party) and 5,000 credit and debit notes
// interleaved in one control-number sequence, inserted with SQL on a scratch PostgreSQL database (or, without
// DATABASE_URL, a PGlite data directory); then
// the book's PDF and its spreadsheet, each built in a child process of its own so that each one's time
// and peak RSS (getrusage maxrss) are its own. Targets: under 20 s and under 400 MB each. Each child also
// prints its CPU seconds (user + system, getrusage): on a shared, loaded machine wall time is mostly
// waiting, CPU time is what the code costs. `--profile DIR` writes each child's V8 CPU profile there.
// Usage: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] node --import tsx bench/sales-book.ts [--documents 50000] [--profile DIR]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectPostgres, openPglite } from '../apps/server/src/db/client.ts';
import { salesBookPdfOf, salesBookXlsxOf } from '../apps/server/src/modules/reports/sales-book/service.ts';
import { scratchPostgres } from '../apps/server/test/scratch-database.ts';
import { loadSalesBookMonth } from './sales-book-data.ts';
import { sized } from './short.ts';
import { seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: sized('50000', '2000') },
    child: { type: 'string' },
    url: { type: 'string' },
    pgdata: { type: 'string' },
    company: { type: 'string' },
    profile: { type: 'string' },
  },
});
const MONTH = { fechaInicio: '2026-05-01', fechaFin: '2026-05-31' };
const ALL = { all: true, localidades: [], sucursales: [] };

if (values.child) {
  // One output, measured alone: open, build, print the figures as JSON.
  const database = values.pgdata ? await openPglite(values.pgdata) : connectPostgres(values.url ?? '', 4);
  const query = { ...MONTH, id_localidad: values.company ?? '' };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result =
    values.child === 'pdf'
      ? await salesBookPdfOf(database.db, ALL, query).then((r) => ({
          bytes: r.pdf.length,
          summary: r.summary,
        }))
      : await salesBookXlsxOf(database.db, ALL, query).then((r) => ({
          bytes: r.xlsx.length,
          summary: r.summary,
        }));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await database.close();
  console.log(
    JSON.stringify({
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      bytes: result.bytes,
      documentos: result.summary.consolidado,
    }),
  );
  process.exit(0);
}

const serverUrl = process.env.DATABASE_URL;
const documents = Number(values.documents);
const name = `sigece_bench_salesbook_${Date.now()}_${randomBytes(2).toString('hex')}`;
// PostgreSQL: a scratch database on DATABASE_URL's server; else a PGlite data directory, which each child
// opens in turn once this process has closed it.
const pgdata = serverUrl ? undefined : join(mkdtempSync(join(tmpdir(), 'sigece-bench-salesbook-')), 'pgdata');
const { database, drop } = serverUrl
  ? await scratchPostgres(serverUrl, name, 4)
  : await openPglite(pgdata ?? '').then((db) => ({
      database: db,
      drop: async () => rmSync(dirname(pgdata ?? ''), { recursive: true, force: true }),
    }));
try {
  await seedBenchDatabase(database);
  const [company] = await database.query<{ id: string }>(
    `select id::text as id from localidades where tipo_documento = 'J' and numero_documento = '123456789'`,
  );
  const load = performance.now();
  await loadSalesBookMonth(database, company.id, documents);
  await database.query('analyze');
  const [count] = await database.query<{ n: string }>(
    `select ((select count(*) from facturas) + (select count(*) from notas))::text as n`,
  );
  console.log(
    `${count.n} documents of one company in May 2026 loaded in ${((performance.now() - load) / 1000).toFixed(1)} s`,
  );
  const url = serverUrl ? new URL(serverUrl) : undefined;
  if (url) url.pathname = `/${name}`;
  if (pgdata) await database.close();
  const [load1] = (await import('node:os')).loadavg();
  console.log(
    `load average before the runs: ${load1.toFixed(1)} (${(await import('node:os')).availableParallelism()} cores)`,
  );
  for (const child of ['pdf', 'xlsx']) {
    const out = execFileSync(
      process.execPath,
      [
        // One directory per output: the main thread's profile is the biggest file in it (tsx's loader
        // thread writes its own).
        ...(values.profile ? ['--cpu-prof', '--cpu-prof-dir', `${values.profile}/${child}`] : []),
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--child',
        child,
        ...(url ? ['--url', url.toString()] : ['--pgdata', pgdata ?? '']),
        '--company',
        company.id,
      ],
      { encoding: 'utf8' },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
    const [loadNow] = (await import('node:os')).loadavg();
    console.log(
      `${child.padEnd(4)}: ${r.documentos} lines in ${r.seconds.toFixed(1)} s (CPU ${r.cpuSeconds.toFixed(1)} s, load ${loadNow.toFixed(1)}), peak RSS ${r.maxRssMb.toFixed(0)} MB, ${(r.bytes / 1_048_576).toFixed(1)} MB file (targets: < 20 s, < 400 MB)`,
    );
  }
} finally {
  await drop();
}
