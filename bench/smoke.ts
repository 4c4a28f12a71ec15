// Every benchmark once, short (BENCH_SHORT=1: small sizes, a second or two of load), on PGlite and, when
// DATABASE_URL is set, on PostgreSQL: CI runs this after the tests (`npm run bench:smoke`) so that no
// benchmark can rot. A benchmark that fails or passes its time limit fails the run; the figures of a
// short run mean nothing. A new benchmark is added to BENCHMARKS below, nowhere else.
// Usage: [DATABASE_URL=…] node --import tsx bench/smoke.ts [name …]
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

interface Benchmark {
  file: string;
  args?: string[];
  /** The benchmark runs both databases itself (once, with DATABASE_URL as given). */
  bothInOneRun?: boolean;
  /** The benchmark measures PostgreSQL only (skipped without DATABASE_URL). */
  postgresOnly?: boolean;
}

export const BENCHMARKS: Benchmark[] = [
  { file: 'auth.ts' },
  { file: 'numbering.ts' },
  { file: 'invoices.ts' },
  { file: 'invoice-statement.ts' },
  { file: 'notes.ts' },
  { file: 'orders.ts' },
  { file: 'withholdings.ts' },
  { file: 'client-picker.ts' },
  { file: 'pdf.ts' },
  { file: 'sales-book.ts' },
  { file: 'mass-load.ts', args: ['--pdfs'] },
  { file: 'mass-load-parse.ts' },
  { file: 'api-throughput.ts' },
  { file: 'health-latency.ts' },
  { file: 'crash-burst.ts', bothInOneRun: true },
  { file: 'signed-documents.ts' },
  { file: 'multi-host.ts', postgresOnly: true },
  // The web app's cold load is served from PGlite whatever DATABASE_URL says (needs the built app).
  { file: 'web-load.ts', bothInOneRun: true },
];

// Per benchmark and database; BENCH_SMOKE_LIMIT (seconds) raises it on a machine busy with other work.
const LIMIT_MS = Number(process.env.BENCH_SMOKE_LIMIT ?? 240) * 1000;
const only = process.argv.slice(2);
const serverUrl = process.env.DATABASE_URL;
const started = performance.now();
const failures: string[] = [];

function run(bench: Benchmark, databaseUrl: string | undefined): Promise<{ ok: boolean; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SHORT: '1' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, bench.file), ...(bench.args ?? [])],
    // A group of its own: a benchmark stopped at its limit takes the servers it started with it.
    { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => {
    output += `\n(más de ${LIMIT_MS / 1000} s: detenido)`;
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, LIMIT_MS);
  return new Promise((done) =>
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Whatever the benchmark left running (a server it could not stop) goes with its group.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
      done({ ok: code === 0 && signal === null, output });
    }),
  );
}

for (const bench of BENCHMARKS) {
  if (only.length > 0 && !only.some((name) => bench.file.startsWith(name))) continue;
  const drivers: Array<[string, string | undefined]> = bench.bothInOneRun
    ? [[serverUrl ? 'pglite+postgres' : 'pglite', serverUrl]]
    : bench.postgresOnly
      ? serverUrl
        ? [['postgres', serverUrl] as [string, string]]
        : []
      : [['pglite', undefined], ...(serverUrl ? [['postgres', serverUrl] as [string, string]] : [])];
  for (const [driver, url] of drivers) {
    const from = performance.now();
    const { ok, output } = await run(bench, url);
    const seconds = ((performance.now() - from) / 1000).toFixed(1);
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${bench.file.padEnd(20)} ${driver.padEnd(16)} ${seconds.padStart(6)} s`,
    );
    if (!ok) {
      failures.push(`${bench.file} (${driver})`);
      console.log(output.trimEnd().split('\n').slice(-40).join('\n'));
    }
  }
}
console.log(
  `${failures.length === 0 ? 'every benchmark ran' : `failed: ${failures.join(', ')}`} in ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s (load average ${loadavg()[0].toFixed(1)})`,
);
process.exit(failures.length === 0 ? 0 : 1);
