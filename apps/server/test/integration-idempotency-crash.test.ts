// A retry with the same Idempotency-Key after a kill -9 between the
// commit and the answer creates nothing and answers the first answer. The real server entry (src/main.ts)
// runs as a child process; a TCP proxy on loopback sits between the client and it, and as soon as the
// server's first response bytes reach the proxy — proof that the transaction committed, since the answer
// is written after the commit — the proxy keeps them (the client never gets them), sends SIGKILL to the
// server and resets the client's connection. The server is started again on the same data and the request
// is retried with the same key: the answer is the one the killed server had begun to send, byte for byte,
// and nothing more is stored. Done for an invoice (masivafacturacion) and then for its annulment
// (masivaAnularfacturacionXls). The in-process variant (an onSend hook breaking the answer) stays in
// integration-idempotency.test.ts: it is quick and checks the same rule without processes.
import { connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { DRIVERS } from './harness.ts';
import { DEMO_RIF, INGEST, invoice } from './support/invoices.ts';
import { pause, type ServerHome, type ServerProcess, serverHome } from './support/server-process.ts';

const ANNUL = '/v2/facturas/masivaAnularfacturacionXls';

interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An HTTP/1.1 response as the bytes on the wire: status, headers, body (chunked or with a length). */
function parseHttpResponse(raw: Buffer): HttpAnswer {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0) throw new Error(`no complete head in ${raw.length} bytes: ${raw.toString('latin1')}`);
  const [statusLine, ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = raw.subarray(headEnd + 4);
  let body: Buffer;
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) throw new Error('chunked body cut before its last chunk');
      const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1').split(';')[0], 16);
      if (size === 0) break;
      const start = lineEnd + 2;
      if (rest.length < start + size) throw new Error('chunked body cut inside a chunk');
      parts.push(rest.subarray(start, start + size));
      rest = rest.subarray(start + size + 2);
    }
    body = Buffer.concat(parts);
  } else {
    const length = Number(headers['content-length']);
    if (!(rest.length >= length)) throw new Error(`body cut: ${rest.length} of ${length} bytes`);
    body = rest.subarray(0, length);
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

/**
 * A one-shot proxy to the server: forwards the request; on the first bytes of the answer it kills the
 * server and resets the client; `captured` is every byte the server had written before it died.
 */
async function cuttingProxy(targetPort: number, kill: () => void) {
  let capturedDone: (bytes: Buffer) => void = () => {};
  const captured = new Promise<Buffer>((done) => (capturedDone = done));
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    sockets.add(client);
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    const chunks: Buffer[] = [];
    client.on('error', () => {});
    upstream.on('error', () => {});
    client.pipe(upstream);
    upstream.on('data', (bytes: Buffer) => {
      if (chunks.length === 0) {
        kill();
        client.resetAndDestroy();
      }
      chunks.push(bytes);
    });
    upstream.on('close', () => capturedDone(Buffer.concat(chunks)));
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const { port } = proxy.address() as { port: number };
  return {
    address: `http://127.0.0.1:${port}`,
    captured,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((done) => proxy.close(done));
    },
  };
}

/** A JSON POST with an Idempotency-Key; identity encoding so that the bytes kept are the bytes compared. */
const send = (base: string, path: string, token: string, key: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'identity',
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });

/** Sends the request through a cutting proxy: the server dies after its commit, the client gets a reset. */
async function sendAndCut(
  home: ServerHome,
  server: ServerProcess,
  path: string,
  token: string,
  key: string,
  body: unknown,
): Promise<HttpAnswer> {
  const proxy = await cuttingProxy(home.port, () => server.child.kill('SIGKILL'));
  try {
    await expect(send(proxy.address, path, token, key, body)).rejects.toThrow();
    await server.exited;
    expect(server.child.signalCode).toBe('SIGKILL');
    return parseHttpResponse(await proxy.captured);
  } finally {
    await proxy.close();
  }
}

/** Waits until the invoice's signed PDF is generated (the back-office list's pdfEstado). */
async function pdfGenerated(home: ServerHome, token: string, nroFactura: string) {
  const until = performance.now() + 300_000;
  for (;;) {
    const res = await fetch(`${home.address}/v2/facturas/queryfacturacion?nroFactura=${nroFactura}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { results } = (await res.json()) as { results: Array<{ pdfEstado: string }> };
    if (results[0]?.pdfEstado === 'GENERADA') return;
    if (performance.now() > until) throw new Error(`the PDF of ${nroFactura} was not generated`);
    await pause(500);
  }
}

/** Reads the database with the server stopped (a PGlite directory has one owner). */
async function withDatabase<T>(home: ServerHome, read: (database: Database) => Promise<T>): Promise<T> {
  const { database, close } = await home.open();
  try {
    return await read(database);
  } finally {
    await close();
  }
}

const count = async (database: Database, sql: string, params: unknown[] = []) =>
  (await database.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;

describe.each(DRIVERS)('Idempotency-Key after a kill -9 between commit and answer [%s]', (driver) => {
  it('a retry after the restart gets the first answer, byte for byte, and creates nothing', {
    timeout: 1_200_000,
  }, async () => {
    const home = await serverHome(driver === 'postgres' ? process.env.DATABASE_URL : undefined);
    let server = home.start();
    try {
      await home.ready(server);
      const inv = invoice();
      const nro = inv.nroFactura as string;
      const invoiceKey = `crash-fact-${process.pid}-${Date.now().toString(36)}`;

      // The invoice: committed, answer begun, server killed.
      const cut = await sendAndCut(home, server, INGEST, await home.login(), invoiceKey, [inv]);
      expect(cut.status, cut.body).toBe(200);
      expect(cut.headers['idempotent-replayed']).toBeUndefined();
      const cutAnswer = JSON.parse(cut.body);
      expect(cutAnswer.totalFacturasNew).toBe(1);
      const afterKill = await withDatabase(home, async (db) => ({
        invoices: await count(db, 'facturas where nro_factura = $1', [nro]),
        ledger: await count(db, 'control_numbers'),
      }));
      expect(afterKill.invoices).toBe(1);

      server = home.start();
      await home.ready(server);
      const retry = await send(home.address, INGEST, await home.login(), invoiceKey, [inv]);
      const retryBody = await retry.text();
      expect(retry.status, retryBody).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retryBody).toBe(cut.body);

      // Its annulment (an invoice is annulled once its PDF is generated, by the restarted server's job):
      // the same cut, the same retry.
      await pdfGenerated(home, await home.login(), nro);
      const annulBody = [{ rif: DEMO_RIF, nroFactura: nro }];
      const annulKey = `crash-anul-${process.pid}-${Date.now().toString(36)}`;
      const annulCut = await sendAndCut(home, server, ANNUL, await home.login(), annulKey, annulBody);
      expect(annulCut.status, annulCut.body).toBe(200);
      expect(JSON.parse(annulCut.body), annulCut.body).toMatchObject({
        totalFacturasAnuladas: 1,
        totalFacturaconError: 0,
      });
      const annulAudits = await withDatabase(home, (db) => count(db, `audit_log where action = 'annul'`));
      expect(annulAudits).toBeGreaterThanOrEqual(1);

      server = home.start();
      await home.ready(server);
      const annulRetry = await send(home.address, ANNUL, await home.login(), annulKey, annulBody);
      const annulRetryBody = await annulRetry.text();
      expect(annulRetry.status, annulRetryBody).toBe(200);
      expect(annulRetry.headers.get('idempotent-replayed')).toBe('true');
      expect(annulRetryBody).toBe(annulCut.body);
      server.child.kill('SIGTERM');
      await server.exited;

      const end = await withDatabase(home, async (db) => ({
        rows: await db.query<{ nro_control: string; log_estatus_registro: string }>(
          'select nro_control, log_estatus_registro from facturas where nro_factura = $1',
          [nro],
        ),
        ledger: await count(db, 'control_numbers'),
        annulAudits: await count(db, `audit_log where action = 'annul'`),
      }));
      // One invoice with that number, annulled once, and the ledger as the first request left it.
      expect(end.rows).toHaveLength(1);
      expect(end.rows[0].log_estatus_registro).toBe('INACTIVO');
      expect(cutAnswer.DetalleFacturaProcesadas[0][0].NroControl).toBe(end.rows[0].nro_control);
      expect(end.ledger).toBe(afterKill.ledger);
      expect(end.annulAudits).toBe(annulAudits);
    } catch (error) {
      (error as Error).message += `\n--- server output ---\n${home.output().slice(-4000)}`;
      throw error;
    } finally {
      await home.kill(server);
      await home.dispose();
    }
  });
});
