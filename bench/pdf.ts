// PDFs rendered and signed per second: a 5-line USD invoice (QR, IGTF footnote, totals in Bs.) laid out
// by pdfkit and signed adbe.pkcs7.detached with an RSA-2048 key, each with its own number and control
// number.
//  1. in-process: one after another on the main thread (what one core does);
//  2. the render pool (worker threads, one per core) fed directly by as many concurrent callers as
//     twice its workers: the ceiling of the server's PDF throughput;
//  3. queue drain: --drain N render jobs queued on pg-boss (DATABASE_URL's server, else PGlite), then
//     worked by the job queue exactly as the server works its PDF jobs; prints PDFs per second from the
//     moment the workers start until the last job is completed (at most --drain-seconds).
// Usage: node --import tsx bench/pdf.ts [--seconds 10] [--lines 5] [--logo file.jpg] [--drain 500]
//        [--drain-seconds 120]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from '@sigece/fiscal';
import {
  generateSelfSignedP12,
  renderPdf,
  renderPool,
  renderSignedDocument,
  signPdf,
} from '../apps/server/src/documents/index.ts';
import { sampleInvoice } from '../apps/server/src/documents/sample.ts';
import { defineJob } from '../apps/server/src/modules/jobs/define.ts';
import { startJobQueue } from '../apps/server/src/modules/jobs/queue.ts';
import { sized } from './short.ts';
import { openBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('10', '1') },
    lines: { type: 'string', default: '5' },
    logo: { type: 'string' },
    drain: { type: 'string', default: sized('500', '20') },
    'drain-seconds': { type: 'string', default: '120' },
  },
});
const seconds = Number(values.seconds);
const lines = Number(values.lines);
const logoJpeg = values.logo ? readFileSync(values.logo) : undefined;
const drainJobs = Number(values.drain);
const drainSeconds = Number(values['drain-seconds']);

const password = 'bench';
const p12 = generateSelfSignedP12({
  commonName: 'Bench Firma',
  organization: 'sigece',
  country: 'VE',
  password,
});
const signer = { p12, password, reason: 'Emisión de factura', location: 'Caracas' };

function invoice(i: number) {
  const n = String(i + 1).padStart(8, '0');
  return sampleInvoice({ lines, numero: n, nroControl: `00-${n}`, ...(logoJpeg ? { logoJpeg } : {}) });
}

// ---- 1. in-process ------------------------------------------------------------------------------

// Warm-up: module loading, the key store opening (cached afterwards) and JIT.
for (let i = 0; i < 30; i++) await signPdf(await renderPdf(invoice(i)), signer);

const renderMs: number[] = [];
const signMs: number[] = [];
let bytes = 0;
const cpuStart = process.cpuUsage();
const started = performance.now();
const deadline = started + seconds * 1000;
let count = 0;
while (performance.now() < deadline) {
  const t0 = performance.now();
  const pdf = await renderPdf(invoice(count));
  const t1 = performance.now();
  const signed = await signPdf(pdf, signer);
  const t2 = performance.now();
  renderMs.push(t1 - t0);
  signMs.push(t2 - t1);
  bytes += signed.length;
  count++;
}
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const total = renderMs.map((r, i) => r + signMs[i]);

console.log(
  `${lines}-line invoice, RSA-2048 signature, ${seconds} s on one thread (node ${process.version})`,
);
console.log(
  `PDFs rendered and signed: ${count} in ${elapsed.toFixed(1)} s = ${(count / elapsed).toFixed(0)} PDFs/s`,
);
console.log(
  `CPU time of the process: ${cpuSeconds.toFixed(1)} s = ${(count / cpuSeconds).toFixed(0)} PDFs per CPU-second`,
);
console.log(
  `per PDF: render ${mean(renderMs).toFixed(2)} ms, sign ${mean(signMs).toFixed(2)} ms; ` +
    `total p50 ${pct(total, 50).toFixed(2)} ms, p99 ${pct(total, 99).toFixed(2)} ms; ` +
    `${(bytes / count / 1024).toFixed(1)} kB signed`,
);

// ---- 2. the render pool, fed directly ------------------------------------------------------------

const pool = renderPool();
// Warm-up: the workers start (module loading through tsx) and open the key store.
await Promise.all(Array.from({ length: pool.size * 4 }, (_, i) => renderSignedDocument(invoice(i), signer)));
{
  const poolStart = performance.now();
  const poolDeadline = poolStart + seconds * 1000;
  let rendered = 0;
  const feed = async () => {
    while (performance.now() < poolDeadline) await renderSignedDocument(invoice(rendered++), signer);
  };
  await Promise.all(Array.from({ length: pool.size * 2 }, feed));
  const poolElapsed = (performance.now() - poolStart) / 1000;
  console.log(
    `render pool (${pool.size} worker threads, fed directly): ${rendered} in ${poolElapsed.toFixed(1)} s = ` +
      `${(rendered / poolElapsed).toFixed(0)} PDFs/s`,
  );
}

// ---- 3. queue drain -----------------------------------------------------------------------------

if (drainJobs > 0) {
  const { database, drop } = await openBenchDatabase('pdf');
  // pg-boss's tables and the job runners' (modules/jobs/runners.ts) come with the migrations.
  await database.migrate();
  const renderJob = defineJob({
    name: 'bench-pdf',
    payload: z.object({ i: z.number().int() }),
    handler: async () => {},
  });
  const queue = await startJobQueue(database, [renderJob] as never[]);
  for (let i = 0; i < drainJobs; i += 50) {
    const chunk = Array.from({ length: Math.min(50, drainJobs - i) }, (_, k) => i + k);
    await Promise.all(chunk.map((n) => queue.send(renderJob, { i: n }, { singletonKey: `bench-${n}` })));
  }
  let done = 0;
  let finished: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const drainStart = performance.now();
  await queue.work(renderJob, async ({ i }) => {
    await renderSignedDocument(invoice(i), signer);
    if (++done === drainJobs) finished();
  });
  await Promise.race([allDone, new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000))]);
  const drained = (performance.now() - drainStart) / 1000;
  const completed = done;
  await queue.stop();
  await drop();
  console.log(
    `queue drain (pg-boss on ${database.kind}): ${completed} of ${drainJobs} queued render jobs in ` +
      `${drained.toFixed(1)} s = ${(completed / drained).toFixed(1)} PDFs/s`,
  );
  // A drain that leaves jobs behind is a failure, not a slow figure (the smoke must see it).
  if (completed < drainJobs) {
    console.error(`queue drain: ${drainJobs - completed} jobs not done in ${drainSeconds} s`);
    process.exit(1);
  }
}
process.exit(0);
