// SIGECE_WORKERS=2 on the real entry point (src/main.ts) and a scratch PostgreSQL database: two HTTP
// workers answer on one port and share the secrets generated into DATA_DIR, an invoice posted to a worker
// gets its PDF from the job runner, a worker killed with SIGKILL is replaced, SIGTERM stops every process.
// PostgreSQL only: PGlite is a single-process database, and the entry point refuses it with N > 1.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Database } from '../src/db/client.ts';
import { ADMIN } from './harness.ts';
import { scratchPostgres } from './scratch-database.ts';
import { INGEST, invoice } from './support/invoices.ts';

const SERVER_URL = process.env.DATABASE_URL;
const ENTRY = resolve(import.meta.dirname, '../src/main.ts');

interface Answer {
  status: number;
  worker: string | undefined;
  type: string | undefined;
  body: Buffer;
}

/** One request on a connection of its own (no keep-alive), so the cluster may hand it to any worker. */
function request(
  port: number,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((done, fail) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            worker: res.headers['x-sigece-worker'] as string | undefined,
            type: res.headers['content-type'],
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 90_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The live children of `pid` with the role the primary gave them (from /proc: Linux only). */
function workersOf(pid: number): { pid: number; role: string }[] {
  const found: { pid: number; role: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== pid || state === 'Z') continue;
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const role = env.find((v) => v.startsWith('SIGECE_CLUSTER_ROLE='))?.split('=')[1];
      if (role) found.push({ pid: Number(entry), role });
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

/** Health answers on fresh connections until `count` distinct workers, other than `besides`, answered. */
async function workersAnswering(port: number, count: number, besides: Set<string> = new Set()) {
  const seen = new Set<string>();
  await waitFor(`${count} workers answering /v2/health`, async () => {
    const answer = await request(port, 'GET', '/v2/health');
    if (answer.status === 200 && answer.worker && !besides.has(answer.worker)) seen.add(answer.worker);
    return seen.size >= count ? seen : undefined;
  });
  return seen;
}

describe.skipIf(!SERVER_URL)('SIGECE_WORKERS=2 [postgres]', () => {
  let primary: ChildProcess | undefined;
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  let output = '';

  afterAll(async () => {
    if (primary?.pid && primary.exitCode === null) {
      for (const w of workersOf(primary.pid)) process.kill(w.pid, 'SIGKILL');
      primary.kill('SIGKILL');
    }
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two workers, replaces a killed one and stops all on SIGTERM', {
    timeout: 300_000,
  }, async () => {
    const name = `sigece_test_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
    ({ database, drop } = await scratchPostgres(SERVER_URL!, name, 2));
    const url = new URL(SERVER_URL!);
    url.pathname = `/${name}`;
    dataDir = mkdtempSync(join(tmpdir(), 'sigece-cluster-'));
    const port = await freePort();
    primary = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        SIGECE_WORKERS: '2',
        SIGECE_DEMO: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        BCV_DAILY: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout?.on('data', (c) => (output += c));
    primary.stderr?.on('data', (c) => (output += c));
    const primaryPid = primary.pid!;
    const exited = new Promise<number | null>((done) => primary!.on('exit', (code) => done(code)));

    // Two HTTP workers and one job runner, both HTTP workers answering on the one port.
    const first = await workersAnswering(port, 2);
    const children = workersOf(primaryPid);
    expect(children.map((c) => c.role).sort(), output).toEqual(['http', 'http', 'jobs']);
    // The secrets were generated once, before the fork.
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(true);

    // A token signed by one worker is accepted by the other (same secret): each request is on a new
    // connection, so the primary spreads them over both workers; their request logs say which served which.
    const login = await request(port, 'POST', '/v2/auth/login', undefined, ADMIN);
    expect(login.status, login.body.toString()).toBe(200);
    const token = JSON.parse(login.body.toString()).tokens.access.token as string;
    for (let i = 0; i < 6; i++) {
      const ingest = await request(port, 'POST', INGEST, token, [invoice({ nroFactura: `CL${i}` })]);
      expect(ingest.status, ingest.body.toString()).toBe(200);
      expect(JSON.parse(ingest.body.toString()).totalFacturasNew).toBe(1);
    }
    const httpPids = children.filter((c) => c.role === 'http').map((c) => c.pid);
    await waitFor('both workers logging an accepted invoice', () => {
      const served = new Set(
        output
          .split('\n')
          .filter((line) => line.includes(`"url":"${INGEST}"`))
          .map((line) => JSON.parse(line).pid as number),
      );
      return httpPids.every((pid) => served.has(pid)) ? true : undefined;
    });

    // The HTTP workers only queue PDF jobs; the job runner renders them.
    const [stored] = await database.query<{ id: string }>('select id::text as id from facturas limit 1');
    const pdf = await waitFor('the PDF rendered by the job runner', async () => {
      const answer = await request(port, 'GET', `/v2/facturas/pdf/${stored.id}`, token);
      return answer.status === 200 ? answer : undefined;
    });
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    // SIGKILL one HTTP worker: the primary forks another one, which answers.
    const victim = children.find((c) => c.role === 'http')!;
    process.kill(victim.pid, 'SIGKILL');
    await waitFor('a replacement worker', () => {
      const http = workersOf(primaryPid).filter((c) => c.role === 'http');
      return http.length === 2 && !http.some((c) => c.pid === victim.pid) ? http : undefined;
    });
    const fresh = await workersAnswering(port, 1, first);
    expect([...fresh].every((id) => !first.has(id))).toBe(true);
    expect(output).toMatch(/el proceso http \d+ terminó \(SIGKILL\); se reinicia/);

    // SIGTERM the primary: every process ends, the primary with code 0.
    const all = workersOf(primaryPid).map((c) => c.pid);
    expect(all).toHaveLength(3);
    primary.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    await waitFor('every worker gone', () =>
      all.every((pid) => !existsSync(`/proc/${pid}`)) ? true : undefined,
    );
    await expect(request(port, 'GET', '/v2/health')).rejects.toThrow();
  });
});

describe('SIGECE_WORKERS=2 without DATABASE_URL', () => {
  it('refuses PGlite with more than one worker, saying why', { timeout: 60_000 }, async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const dir = mkdtempSync(join(tmpdir(), 'sigece-cluster-pglite-'));
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      env: { ...env, SIGECE_WORKERS: '2', DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout?.on('data', (c) => (text += c));
    child.stderr?.on('data', (c) => (text += c));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(1);
    expect(text).toContain('SIGECE_WORKERS=2 requiere PostgreSQL (DATABASE_URL)');
    expect(existsSync(join(dir, 'pgdata'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});

// Through a transaction-mode pooler (PgBouncer) the session-level migration lock would not stay with its
// session, so the hosts behind one may give migrations a direct connection of their own.
describe.skipIf(!SERVER_URL)('DATABASE_MIGRATION_URL [postgres]', () => {
  it('migrations connect there, and only there', async () => {
    const name = `sigece_test_migration_url_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const { database, drop } = await scratchPostgres(SERVER_URL!, name, 1);
    const url = new URL(SERVER_URL!);
    url.pathname = `/${name}`;
    const nowhere = 'postgres://postgres@127.0.0.1:9/nowhere';
    try {
      const unreachable = connectPostgres(url.toString(), 1, nowhere);
      await expect(unreachable.migrate()).rejects.toThrow(/ECONNREFUSED/);
      await unreachable.close();
      const direct = connectPostgres(nowhere, 1, url.toString());
      await direct.migrate();
      await direct.close();
      const [row] = await database.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(row.n).toBeGreaterThan(0);
    } finally {
      await drop();
    }
  });
});
