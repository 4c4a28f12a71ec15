// A kill -9 during a small burst, then a restart: the real server (src/main.ts, a child process) is killed
// with SIGKILL while 16 clients post invoices to the integration API, then started again; the clients resend
// what got no answer (as a connector retries) and the rest. Then, read from the database: every
// acknowledged invoice is stored once, the control numbers are 1…N with one ledger row each, no
// document has two PDF jobs (the server renders a posted invoice at once, without a job; the restart
// queues one for each the killed process left without its PDF, and a render job it was running is handed
// back, not duplicated), and every PDF is generated. Before the runners' heartbeat (modules/jobs/runners.ts), the
// jobs the killed process was rendering stayed 'active' until pg-boss expired them, over 5 minutes later,
// and this test gave up with their PDFs pending. The 2,000-invoice version with its timings is
// bench/crash-burst.ts. No timing is asserted: the wait for the PDFs is only a bound to stop waiting.
import { describe, expect, it } from 'vitest';
import { DRIVERS } from './harness.ts';
import { runCrashBurst } from './support/crash-burst.ts';

const INVOICES = 150;

describe.each(DRIVERS)('kill -9 during an invoice burst [%s]', (driver) => {
  it('keeps every acknowledged invoice once, consecutive control numbers, never two PDF jobs, every PDF', {
    timeout: 600_000,
  }, async () => {
    const r = await runCrashBurst({
      serverUrl: driver === 'postgres' ? process.env.DATABASE_URL : undefined,
      invoices: INVOICES,
      clients: 16,
      killAfter: 60,
      pdfWaitMs: 240_000,
    });
    const context = r.output.slice(-4000);
    // The kill happened mid-burst: some invoices were answered, others were not yet sent.
    expect(r.acknowledgedBeforeKill).toBeGreaterThanOrEqual(60);
    expect(r.acknowledgedBeforeKill).toBeLessThan(INVOICES);
    expect(r.resendErrors, context).toEqual([]);
    // Every invoice acknowledged (before or after the restart, or answered 'ya existe' when resent) is
    // stored, once.
    expect(r.acknowledged).toBe(INVOICES);
    expect(r.acknowledgedMissing).toEqual([]);
    expect(r.storedTwice).toEqual([]);
    expect(r.stored).toBe(INVOICES);
    expect(r.control).toEqual({
      count: INVOICES,
      distinct: INVOICES,
      min: 1,
      max: INVOICES,
      ledgerRows: INVOICES,
      consecutive: true,
    });
    expect(r.jobs.documentsWithMore).toBe(0);
    expect(r.jobs.documentsWithOne + r.jobs.documentsWithNone).toBe(INVOICES);
    expect(r.jobs.rows).toBe(r.jobs.documentsWithOne);
    expect(r.pdfs, context).toEqual({ generated: INVOICES, pending: 0, failed: 0 });
  });
});
