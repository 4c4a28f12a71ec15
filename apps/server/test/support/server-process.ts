// The real server entry (src/main.ts) as a child process, on a PGlite data directory or a scratch
// PostgreSQL database that outlive it: started, waited for, killed (SIGKILL) and started again on the same
// data. Shared by the crash tests (support/crash-burst.ts, integration-idempotency-crash.test.ts) and
// bench/crash-burst.ts. No test-runner imports here.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Database, openPglite } from '../../src/db/client.ts';
import {
  loadProviderCertificate,
  PROVIDER_P12_FILE,
  PROVIDER_P12_PASS_FILE,
} from '../../src/documents/provider-certificate.ts';
import { scratchPostgres } from '../scratch-database.ts';

const ENTRY = resolve(import.meta.dirname, '../../src/main.ts');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the demo provider certificate that every server home starts with is generated, once per machine. */
const PROVIDER_HOME = join(tmpdir(), 'sigece-test-provider');

/**
 * Puts the demo provider certificate in `dataDir`, as a server that already ran once has it. A fresh
 * server generates it at its first render, holding a lock directory meanwhile; a kill -9 in those moments
 * (these homes' tests kill the server during its first renders) leaves the lock, and the restarted server
 * waits the lock's 60 s staleness before rendering anything: a minute of every crash test spent on the
 * certificate, which none of them is about (crash-recovery took 92 s instead of 41 s). The certificate's
 * own generation is tested in documents.test.ts.
 */
async function provideCertificate(dataDir: string): Promise<void> {
  await loadProviderCertificate({ dataDir: PROVIDER_HOME });
  for (const file of [PROVIDER_P12_PASS_FILE, PROVIDER_P12_FILE])
    copyFileSync(join(PROVIDER_HOME, file), join(dataDir, file));
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<void>;
}

/** Where the server's data lives between its starts, and how to start it there. */
export interface ServerHome {
  driver: 'pglite' | 'postgres';
  port: number;
  /** http://127.0.0.1:<port> */
  address: string;
  /** Everything the server processes wrote to stdout and stderr (for failure messages). */
  output(): string;
  start(): ServerProcess;
  /** Waits until the server answers /v2/health (a first start creates and seeds the database). */
  ready(server: ServerProcess): Promise<void>;
  /** The demo administrator's access token. */
  login(): Promise<string>;
  /** Kills the server if it still runs (SIGKILL), and waits for its end. */
  kill(server: ServerProcess): Promise<void>;
  /** The database, opened directly: only once the server has ended (a PGlite directory has one owner). */
  open(): Promise<{ database: Database; close: () => Promise<void> }>;
  /** Removes the data directory and drops the scratch database. */
  dispose(): Promise<void>;
}

/**
 * A home for the server: a fresh PGlite data directory, or (with `serverUrl`) a scratch PostgreSQL
 * database created on that server. The server runs with the demo data (SIGECE_DEMO) and its job queue.
 */
export async function serverHome(serverUrl?: string): Promise<ServerHome> {
  const driver = serverUrl ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'sigece-crash-'));
  await provideCertificate(dataDir);
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  let output = '';
  let scratch: { database: Database; drop: () => Promise<void> } | undefined;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `sigece_crash_${Date.now()}_${randomBytes(3).toString('hex')}`;
    scratch = await scratchPostgres(serverUrl, name, 2);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }

  const start = (): ServerProcess => {
    const { DATABASE_URL: _unused, SIGECE_TEST_NOW: _clock, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      env: {
        ...env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        SIGECE_DEMO: '1',
        SIGECE_JOBS: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        BCV_DAILY: '0',
        BCV_URL: 'http://127.0.0.1:9/',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c) => (output += c));
    child.stderr?.on('data', (c) => (output += c));
    return { child, exited: new Promise((done) => child.on('exit', () => done())) };
  };

  const ready = async (server: ServerProcess) => {
    // A first start creates and seeds the database: minutes on a busy machine.
    const until = performance.now() + 600_000;
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`the server ended before answering:\n${output}`);
      if (performance.now() > until)
        throw new Error(`the server did not answer within 10 minutes:\n${output}`);
      try {
        const res = await fetch(`${address}/v2/health`);
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await pause(100);
    }
  };

  const login = async () => {
    const res = await fetch(`${address}/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sigece.local', password: 'admin123' }),
    });
    if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
    return (await res.json()).tokens.access.token as string;
  };

  const kill = async (server: ServerProcess) => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  };

  const open = async () => {
    if (scratch) return { database: scratch.database, close: async () => {} };
    const database = await openPglite(join(dataDir, 'pgdata'));
    return { database, close: () => database.close() };
  };

  const dispose = async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { driver, port, address, output: () => output, start, ready, login, kill, open, dispose };
}
