// Several hosts behind a real load balancer and pooler: deploy/multi-host.ts starts
// PgBouncer (transaction mode) in front of a scratch PostgreSQL database, two sigece hosts (the real
// server entry, SIGECE_WORKERS=2 each, host a running the jobs) and HAProxy in front of them. 16 clients
// post single invoices through HAProxy; host a, the one that runs the jobs, is killed with SIGKILL (its
// whole process group: a lost machine) in the middle of the burst. A client whose request failed retries it
// through HAProxy until answered; a retry answered 'ya existe' means the first attempt committed, and counts
// as acknowledged (the check below then proves it is stored once). After the burst host a is started again,
// as a service manager would, and every PDF must come: the render jobs host a's runner held when it died
// are handed back by the runners' heartbeat. Read from the database directly: every acknowledged invoice
// stored once, control numbers 1…N with one ledger row each, one PDF job per document, and every PDF's
// SHA-256 as stored and its signature valid for pdfsig, by the provider certificate both hosts share.
// PostgreSQL only (PGlite cannot be shared between processes): skipped without DATABASE_URL.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Deployment, startDeployment } from '../../../deploy/multi-host.ts';
import type { Database } from '../src/db/client.ts';
import { scratchPostgres } from './scratch-database.ts';
import { burstInvoice, readChecks } from './support/crash-burst.ts';
import { pdfSignatures } from './support/pdf-text.ts';

const serverUrl = process.env.DATABASE_URL;
const INVOICES = 240;
const CLIENTS = 16;
const KILL_AFTER = 80;
const INGEST = '/v2/facturas/masivafacturacion';
if (!serverUrl)
  console.warn(
    'multi-host.test.ts: omitida, necesita PostgreSQL (defina DATABASE_URL); PGlite no se comparte',
  );

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!serverUrl)(
  'two hosts behind HAProxy and PgBouncer, one killed mid-burst (PostgreSQL only)',
  () => {
    let deployment: Deployment | undefined;
    let scratch: { database: Database; drop: () => Promise<void> };

    beforeAll(async () => {
      const name = `sigece_hosts_${Date.now()}_${randomBytes(3).toString('hex')}`;
      scratch = await scratchPostgres(serverUrl!, name, 2);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      deployment = await startDeployment({
        databaseUrl: url.toString(),
        haproxyPort: await freePort(),
        pgbouncerPort: await freePort(),
        hostPorts: [await freePort(), await freePort()],
        workers: 2,
        poolSize: 4,
        serverConnections: 12,
        env: { BCV_DAILY: '0', BCV_URL: 'http://127.0.0.1:9/', LOG_LEVEL: 'warn' },
      });
    }, 900_000);

    afterAll(async () => {
      await deployment?.stop();
      await scratch?.drop();
    }, 120_000);

    it('keeps every acknowledged invoice once, no gap in the control numbers, every PDF signed; failed requests succeed on retry', {
      timeout: 900_000,
    }, async () => {
      const { url, hosts } = deployment!;
      const context = () => deployment!.output().slice(-6000);
      const login = await fetch(`${url}/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@sigece.local', password: 'admin123' }),
      });
      expect(login.status).toBe(200);
      // One token for both hosts: they share JWT_SECRET.
      const token = (await login.json()).tokens.access.token as string;

      /** 'created', 'exists' ('ya existe': stored by an earlier attempt), 'failed' (retry), or a refusal. */
      const post = async (n: number): Promise<string> => {
        try {
          const res = await fetch(`${url}${INGEST}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify([burstInvoice(n)]),
          });
          // HAProxy's own answers when the host died under the request (502) or none is left (503).
          if (res.status >= 500) return 'failed';
          const answer = await res.json();
          if (res.ok && answer.totalFacturasNew === 1) return 'created';
          const message = JSON.stringify(answer.DetalleErrorFacturas?.[0] ?? answer);
          return /ya existe/.test(message) ? 'exists' : `${n}: ${res.status} ${message}`;
        } catch {
          return 'failed'; // The connection reset by a dying host.
        }
      };

      const acknowledged = new Set<number>();
      const failedOnce = new Set<number>();
      const refusals: string[] = [];
      let retriedAlreadyStored = 0;
      let killedAfter = 0;
      let kill: Promise<void> | undefined;
      let next = 1;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next <= INVOICES) {
            const n = next++;
            let outcome = await post(n);
            for (let attempt = 1; outcome === 'failed' && attempt <= 60; attempt++) {
              failedOnce.add(n);
              await pause(500);
              outcome = await post(n);
              if (outcome === 'exists') retriedAlreadyStored++;
            }
            if (outcome === 'created' || (outcome === 'exists' && failedOnce.has(n))) acknowledged.add(n);
            else refusals.push(outcome === 'failed' ? `${n}: still failing after 60 retries` : outcome);
            if (!kill && acknowledged.size >= KILL_AFTER) {
              killedAfter = acknowledged.size;
              kill = hosts[0].kill();
            }
          }
        }),
      );
      await kill;
      console.log(
        `multi-host: SIGKILL to host a after ${killedAfter} acknowledged; ${failedOnce.size} requests failed and ` +
          `were retried (${retriedAlreadyStored} of them had been stored: 'ya existe')`,
      );
      expect(hosts[0].alive()).toBe(false);
      expect(refusals, context()).toEqual([]);
      expect(acknowledged.size).toBe(INVOICES);
      // The kill landed in the middle of the burst.
      expect(killedAfter).toBeLessThan(INVOICES);

      // Host a back, as its service manager would start it; then wait for the PDFs (a bound, not a timing).
      await hosts[0].restart();
      const db = scratch.database;
      for (let waited = 0; waited < 300_000; waited += 1000) {
        const [row] = await db.query<{ n: number }>(
          "select count(*)::int as n from control_numbers where tipo_doc = 'fact' and pdf_estado <> 'GENERADA'",
        );
        if (row.n === 0) break;
        await pause(1000);
      }

      const r = await readChecks(db, acknowledged);
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
      expect(r.jobs.documentsWithOne, context()).toBe(INVOICES);
      expect(r.pdfs, context()).toEqual({ generated: INVOICES, pending: 0, failed: 0 });

      // Every PDF: the bytes stored match their SHA-256, and pdfsig validates the provider's signature.
      const pdfs = await db.query<{ nro: string; pdf: Buffer; sha: string }>(
        'select nro_factura as nro, pdf, pdf_sha256 as sha from facturas order by numero_control',
      );
      expect(pdfs).toHaveLength(INVOICES);
      const bad: string[] = [];
      let cursor = 0;
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          while (cursor < pdfs.length) {
            const { nro, pdf, sha } = pdfs[cursor++];
            if (createHash('sha256').update(pdf).digest('hex') !== sha) bad.push(`${nro}: SHA-256`);
            const report = await pdfSignatures(pdf);
            if (!report.includes('Signature is Valid') || !report.includes('sigece (varios hosts)'))
              bad.push(`${nro}: ${report}`);
          }
        }),
      );
      expect(bad).toEqual([]);
    });
  },
);
