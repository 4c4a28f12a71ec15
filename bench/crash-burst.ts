// Kill -9 during an invoice burst, then restart: the real server entry runs as a
// child process on PGlite (a temporary data directory) and, with DATABASE_URL, on a scratch PostgreSQL
// database; concurrent clients post single-invoice requests; SIGKILL once --kill-at of them were
// acknowledged; restart; the clients resend what got no answer and the rest. Prints whether every
// acknowledged invoice is stored once, the control numbers are consecutive, each document has one PDF
// job, and how long after the restart the last PDF was produced.
// Usage: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] node --import tsx bench/crash-burst.ts
//          [--invoices 2000] [--clients 16] [--kill-at 800] [--drivers pglite,postgres] [--wait 300]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runCrashBurst } from '../apps/server/test/support/crash-burst.ts';
import { sized } from './short.ts';

const { values } = parseArgs({
  options: {
    invoices: { type: 'string', default: sized('2000', '60') },
    clients: { type: 'string', default: sized('16', '8') },
    'kill-at': { type: 'string' },
    drivers: { type: 'string' },
    wait: { type: 'string', default: sized('300', '120') },
  },
});
const invoices = Number(values.invoices);
const killAfter = Number(values['kill-at'] ?? Math.floor(invoices * 0.4));
const serverUrl = process.env.DATABASE_URL;
const drivers = (values.drivers ?? (serverUrl ? 'pglite,postgres' : 'pglite')).split(',');
const seconds = (ms: number | null) => (ms === null ? 'never (gave up)' : `${(ms / 1000).toFixed(1)} s`);
const yes = (ok: boolean) => (ok ? 'yes' : 'NO');

let failed = false;
for (const driver of drivers) {
  if (driver === 'postgres' && !serverUrl) throw new Error('postgres needs DATABASE_URL');
  const r = await runCrashBurst({
    serverUrl: driver === 'postgres' ? serverUrl : undefined,
    invoices,
    clients: Number(values.clients),
    killAfter,
    pdfWaitMs: Number(values.wait) * 1000,
    log: (line) => console.log(`  ${line}   (load ${loadavg()[0].toFixed(1)})`),
  });
  const storedOnce =
    r.acknowledgedMissing.length === 0 && r.storedTwice.length === 0 && r.stored === invoices;
  // Rendered at once, a document has no job; queued (by the restart's re-queue), one; never two.
  const oneJob =
    r.jobs.documentsWithMore === 0 && r.jobs.documentsWithOne + r.jobs.documentsWithNone === r.stored;
  const allPdfs = r.pdfs.generated === r.stored;
  failed ||= !(storedOnce && r.control.consecutive && oneJob && allPdfs && r.resendErrors.length === 0);
  console.log(
    [
      `${driver}: ${invoices} invoices, ${r.acknowledgedBeforeKill} acknowledged before SIGKILL (${seconds(r.timings.burstBeforeKillMs)} into the burst), ${r.inFlightAtKill} in flight`,
      `  restart: answering ${seconds(r.timings.killToReadyMs)} after the kill; ${r.resentAlreadyStored} resent invoices were already stored ('ya existe'), ${r.resendErrors.length} other errors`,
      `  every acknowledged invoice stored once: ${yes(storedOnce)} (${r.acknowledged} acknowledged, ${r.stored} stored, ${r.acknowledgedMissing.length} missing, ${r.storedTwice.length} twice)`,
      `  consecutive control numbers: ${yes(r.control.consecutive)} (${r.control.count} numbers, ${r.control.distinct} distinct, ${r.control.min}…${r.control.max}, ${r.control.ledgerRows} ledger rows)`,
      `  at most one PDF job per document: ${yes(oneJob)} (${r.jobs.rows} jobs; documents with 1: ${r.jobs.documentsWithOne}, none (rendered at once): ${r.jobs.documentsWithNone}, more: ${r.jobs.documentsWithMore})`,
      `  every PDF produced: ${yes(allPdfs)} (${r.pdfs.generated} generated, ${r.pdfs.pending} pending, ${r.pdfs.failed} failed); last one ${seconds(r.timings.readyToLastPdfMs)} after the restart (the burst's last answer: ${seconds(r.timings.readyToBurstDoneMs)})`,
    ].join('\n'),
  );
  if (r.resendErrors.length > 0) console.log(`  first errors: ${r.resendErrors.slice(0, 3).join(' | ')}`);
}
process.exit(failed ? 1 : 0);
