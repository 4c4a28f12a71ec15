// What reading an uploaded workbook costs the server, alone: N consecutive reads of a generated invoice
// file (the `factura` template, --invoices × --lines rows) through `parseFileOffThread`, as an upload
// reads it (on the off-thread runner's worker thread, product lookups asked back of this thread), without
// HTTP or a database (the lookups are answered from the file's own product codes). Prints the wall time and
// the CPU milliseconds (process.cpuUsage: every thread of the process, the workers' included) of the first
// read and of the following ones, and the load average. `--src DIR` reads through another copy of
// apps/server/src (an earlier commit's worktree, for a before/after pair in the same minute).
// Usage: node --import tsx bench/mass-load-parse.ts [--parses 20] [--invoices 100] [--lines 5] [--src DIR]
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { parseFileOffThread as ParseFileOffThread } from '../apps/server/src/modules/mass-load/parse-thread.ts';
import { generatedFile } from './mass-load-file.ts';
import { sized } from './short.ts';

const { values } = parseArgs({
  options: {
    parses: { type: 'string', default: sized('20', '3') },
    invoices: { type: 'string', default: sized('100', '10') },
    lines: { type: 'string', default: '5' },
    src: { type: 'string', default: resolve(import.meta.dirname, '../apps/server/src') },
  },
});
const parses = Number(values.parses);
const invoices = Number(values.invoices);
const lines = Number(values.lines);
const src = resolve(values.src);

const module = pathToFileURL(resolve(src, 'modules/mass-load/parse-thread.ts')).href;
const { parseFileOffThread } = (await import(module)) as { parseFileOffThread: typeof ParseFileOffThread };
const file = await generatedFile(invoices, lines);
const ctx = {
  company: { id: '00000000-0000-0000-0000-000000000001', rif: 'J-123456789' },
  today: new Date().toISOString().slice(0, 10),
  productExists: async (code: string) => code.startsWith('P-'),
};

interface Sample {
  wallMs: number;
  cpuMs: number;
}
const samples: Sample[] = [];
for (let i = 0; i < parses; i++) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const parsed = await parseFileOffThread(file, 'factura', ctx);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const refused = parsed.documents.filter((d) => d.error !== undefined);
  if (parsed.fileError || parsed.documents.length !== invoices || refused.length > 0)
    throw new Error(
      `lectura inesperada: ${parsed.fileError ?? refused[0]?.error ?? parsed.documents.length}`,
    );
  samples.push({ wallMs, cpuMs: (used.user + used.system) / 1000 });
}

const f = (n: number) => n.toFixed(1);
const [first, ...rest] = samples;
const mean = (key: keyof Sample) => rest.reduce((sum, s) => sum + s[key], 0) / Math.max(1, rest.length);
console.log(`source: ${src}`);
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${parses} reads of a ${invoices * lines}-row workbook (${file.length} bytes)`);
console.log(`first read: ${f(first.wallMs)} ms wall, ${f(first.cpuMs)} ms CPU`);
if (rest.length > 0)
  console.log(`next ${rest.length}: mean ${f(mean('wallMs'))} ms wall, ${f(mean('cpuMs'))} ms CPU per read`);
const total = samples.reduce((sum, s) => ({ wallMs: sum.wallMs + s.wallMs, cpuMs: sum.cpuMs + s.cpuMs }), {
  wallMs: 0,
  cpuMs: 0,
});
console.log(`all ${parses}: ${f(total.wallMs)} ms wall, ${f(total.cpuMs)} ms CPU`);
