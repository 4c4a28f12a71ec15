// Several sigece hosts on this machine, with the real parts of a production deployment:
// PgBouncer in transaction mode in front of PostgreSQL, two "hosts" (separate server processes of
// apps/server/src/main.ts, each with its own DATA_DIR and SIGECE_WORKERS=2, the same JWT_SECRET,
// SECRETS_KEY and provider certificate; host a also runs the background jobs, host b queues them for it),
// and HAProxy in front of both, checking GET /v2/health. Debian's pgbouncer and haproxy run as child
// processes of this one with configuration files generated into a temporary folder, not as services;
// when missing they are installed with apt-get (as root; otherwise the command to run is printed).
//
// As a command (prints the addresses and PIDs as KEY=value lines, also written to --write-env; stops
// everything on Ctrl-C or SIGTERM):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sigece node --import tsx deploy/multi-host.ts \
//     [--haproxy-port 6401] [--pgbouncer-port 6402] [--host-ports 4104,4105] [--workers 2] [--write-env FILE]
// DATABASE_URL is the direct connection to the database (it must exist; the hosts migrate and, with
// SIGECE_DEMO=1, the default here, seed it). As a module: startDeployment(), used by
// apps/server/test/multi-host.test.ts and bench/multi-host.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSelfSignedP12 } from '../apps/server/src/documents/self-signed.ts';

const ENTRY = resolve(import.meta.dirname, '../apps/server/src/main.ts');
const PGBOUNCER = '/usr/sbin/pgbouncer';
const HAPROXY = '/usr/sbin/haproxy';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface DeploymentOptions {
  /** Direct connection to the database the hosts share (postgres://user@host:port/db). */
  databaseUrl: string;
  haproxyPort: number;
  pgbouncerPort: number;
  /** One port per host; the first host runs the background jobs. */
  hostPorts: number[];
  /** HTTP processes per host (SIGECE_WORKERS). */
  workers?: number;
  /** PostgreSQL connections per host process (DATABASE_POOL_SIZE), against PgBouncer. */
  poolSize?: number;
  /** PgBouncer's server connections (default_pool_size): what PostgreSQL really sees. */
  serverConnections?: number;
  /** Extra environment of every host (BCV_DAILY, LOG_LEVEL…). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Host {
  name: string;
  port: number;
  /** Whether this host runs the background jobs (PDFs, e-mail). */
  jobs: boolean;
  /** The host's primary process (its workers are its children, in its process group). */
  pid: number;
  /** The host lost at once: SIGKILL to its whole process group (primary, HTTP workers, job runner). */
  kill(): Promise<void>;
  /** Started again, as a service manager would after a crash; resolves once it answers /v2/health. */
  restart(): Promise<void>;
  alive(): boolean;
}

export interface Deployment {
  /** HAProxy's address: where clients and benchmarks send their requests. */
  url: string;
  /** PgBouncer's address for the hosts' database. */
  pgbouncerUrl: string;
  hosts: Host[];
  haproxyPid: number;
  pgbouncerPid: number;
  /** Every process's output so far (for a failed test's message). */
  output(): string;
  /** KEY=value lines naming the addresses and PIDs (what the command prints). */
  describe(): string;
  stop(): Promise<void>;
}

/** Installs Debian's pgbouncer and haproxy when missing (as root), or stops with the command to run. */
export function ensurePackages(log: (line: string) => void = console.log): void {
  const missing = [
    [PGBOUNCER, 'pgbouncer'],
    [HAPROXY, 'haproxy'],
  ]
    .filter(([file]) => {
      try {
        accessSync(file, constants.X_OK);
        return false;
      } catch {
        return true;
      }
    })
    .map(([, name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(
      `Faltan ${missing.join(', ')}: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
  log(`installing ${missing.join(', ')} with apt-get`);
  // No service is started by the package's scripts where policy-rc.d forbids it; we start our own anyway.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const r = spawnSync('apt-get', args, { env, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${r.status})`);
  }
}

interface Child {
  process: ChildProcess;
  exited: Promise<void>;
}

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const log = options.log ?? (() => {});
  ensurePackages(log);
  const workers = options.workers ?? 2;
  const dir = mkdtempSync(join(tmpdir(), 'sigece-hosts-'));
  // PgBouncer refuses to run as root: started as root it switches to the postgres user, who must read here.
  chmodSync(dir, 0o755);
  let output = '';
  const children: Child[] = [];
  const start = (label: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child => {
    // detached: a process group of its own, so a host's primary and workers die together on kill().
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) output += `[${label}] ${line}\n`;
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const entry = { process: child, exited: new Promise<void>((done) => child.on('exit', () => done())) };
    children.push(entry);
    return entry;
  };
  const running = (c: Child) => c.process.exitCode === null && c.process.signalCode === null;
  const stopChild = async (c: Child, signal: NodeJS.Signals = 'SIGTERM') => {
    if (!running(c)) return;
    try {
      process.kill(-c.process.pid!, signal);
    } catch {
      // Gone meanwhile.
    }
    const timer = setTimeout(() => running(c) && process.kill(-c.process.pid!, 'SIGKILL'), 25_000);
    await c.exited;
    clearTimeout(timer);
  };

  try {
    const direct = new URL(options.databaseUrl);
    const database = direct.pathname.slice(1);
    const user = decodeURIComponent(direct.username || 'postgres');

    // PgBouncer, transaction pooling. 1.18 (Debian 12) has no prepared-statement support in this mode:
    // the hosts send unnamed statements (DATABASE_PREPARED_STATEMENTS=0).
    writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `${database} = host=${direct.hostname} port=${direct.port || 5432} dbname=${database}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${options.pgbouncerPort}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(dir, 'userlist.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 1000',
        `default_pool_size = ${options.serverConnections ?? 20}`,
        'server_reset_query =',
        'ignore_startup_parameters = extra_float_digits',
        ...(process.getuid?.() === 0 ? ['user = postgres'] : []),
        '',
      ].join('\n'),
    );
    const pgbouncer = start('pgbouncer', PGBOUNCER, [join(dir, 'pgbouncer.ini')], process.env);
    const pooled = new URL(options.databaseUrl);
    pooled.hostname = '127.0.0.1';
    pooled.port = String(options.pgbouncerPort);
    await waitForPort(options.pgbouncerPort, pgbouncer, () => output);

    // The secrets every host shares, and the provider's certificate that signs every PDF.
    const p12Password = randomBytes(12).toString('hex');
    const p12 = join(dir, 'provider.p12');
    writeFileSync(
      p12,
      generateSelfSignedP12({ commonName: 'Imprenta Digital sigece (varios hosts)', password: p12Password }),
      { mode: 0o600 },
    );
    const { DATABASE_URL: _direct, SIGECE_TEST_NOW: _clock, ...inherited } = process.env;
    const shared = {
      ...inherited,
      SIGECE_DEMO: '1',
      ...options.env,
      DATABASE_URL: pooled.toString(),
      // The start-up migration holds a session-level advisory lock: it must not go through the pooler.
      DATABASE_MIGRATION_URL: options.databaseUrl,
      DATABASE_PREPARED_STATEMENTS: '0',
      DATABASE_POOL_SIZE: String(options.poolSize ?? 10),
      SIGECE_WORKERS: String(workers),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      PROVIDER_P12: p12,
      PROVIDER_P12_PASSWORD: p12Password,
      HOST: '127.0.0.1',
    };

    const hosts: Host[] = [];
    for (const [i, port] of options.hostPorts.entries()) {
      const name = String.fromCharCode(97 + i);
      const jobs = i === 0;
      const env = {
        ...shared,
        PORT: String(port),
        DATA_DIR: join(dir, `host-${name}`),
        // The other hosts queue PDFs and e-mails for host a's job runner (SIGECE_JOBS=0 would queue none).
        SIGECE_JOBS: jobs ? '1' : 'send',
      };
      let child = start(`host ${name}`, process.execPath, ['--import', 'tsx', ENTRY], env);
      const host: Host = {
        name,
        port,
        jobs,
        pid: child.process.pid!,
        alive: () => running(child),
        kill: () => stopChild(child, 'SIGKILL'),
        async restart() {
          await stopChild(child, 'SIGKILL');
          child = start(`host ${name}`, process.execPath, ['--import', 'tsx', ENTRY], env);
          host.pid = child.process.pid!;
          await waitForHealth(`http://127.0.0.1:${port}`, child, () => output);
        },
      };
      hosts.push(host);
      // One after the other: pg-boss creating its queues from two processes at once can deadlock.
      await waitForHealth(`http://127.0.0.1:${port}`, child, () => output);
      log(`host ${name} answering on 127.0.0.1:${port} (pid ${host.pid}${jobs ? ', runs the jobs' : ''})`);
    }

    // HAProxy: round robin over the hosts, each checked every second; a request whose connection was
    // refused goes to another host (redispatch). A request already sent to a host that dies is not
    // retried by HAProxy (a POST is not idempotent): its client sees the error and retries.
    const servers = hosts.map(
      (h) => `  server ${h.name} 127.0.0.1:${h.port} check inter 1s fall 2 rise 2 maxconn 64`,
    );
    writeFileSync(
      join(dir, 'haproxy.cfg'),
      [
        'global',
        '  maxconn 2000',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 120s',
        '  timeout server 120s',
        '  timeout queue 30s',
        '  retries 3',
        '  option redispatch',
        'frontend sigece',
        `  bind 127.0.0.1:${options.haproxyPort}`,
        '  default_backend hosts',
        'backend hosts',
        '  balance roundrobin',
        '  option httpchk GET /v2/health',
        '  http-check expect status 200',
        ...servers,
        '',
      ].join('\n'),
    );
    const haproxy = start('haproxy', HAPROXY, ['-db', '-f', join(dir, 'haproxy.cfg')], process.env);
    const url = `http://127.0.0.1:${options.haproxyPort}`;
    await waitForHealth(url, haproxy, () => output);
    log(`haproxy answering on ${url}`);

    const deployment: Deployment = {
      url,
      pgbouncerUrl: pooled.toString(),
      hosts,
      haproxyPid: haproxy.process.pid!,
      pgbouncerPid: pgbouncer.process.pid!,
      output: () => output,
      describe: () =>
        [
          `HAPROXY_URL=${url}`,
          `PGBOUNCER_URL=${pooled}`,
          ...hosts.map((h) => `HOST_${h.name.toUpperCase()}_PID=${h.pid}`),
          ...hosts.map((h) => `HOST_${h.name.toUpperCase()}_URL=http://127.0.0.1:${h.port}`),
          `HAPROXY_PID=${haproxy.process.pid}`,
          `PGBOUNCER_PID=${pgbouncer.process.pid}`,
          `DEPLOY_DIR=${dir}`,
        ].join('\n'),
      async stop() {
        // Front to back: the balancer, the hosts (gracefully), then the pooler.
        await stopChild(haproxy);
        for (const c of children) if (c !== pgbouncer) await stopChild(c);
        await stopChild(pgbouncer, 'SIGINT');
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return deployment;
  } catch (error) {
    for (const c of children.reverse()) await stopChild(c, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Waits until something listens on the port (PgBouncer). */
async function waitForPort(port: number, child: Child, output: () => string) {
  const { connect } = await import('node:net');
  for (let i = 0; i < 200; i++) {
    if (child.process.exitCode !== null) throw new Error(`ended before listening:\n${output()}`);
    const ok = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    if (ok) return;
    await pause(50);
  }
  throw new Error(`nothing listens on ${port} after 10 s:\n${output()}`);
}

/** Waits until GET /v2/health answers 200 (a first start migrates and seeds: minutes on a busy machine). */
async function waitForHealth(address: string, child: Child, output: () => string) {
  const until = performance.now() + 600_000;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null)
      throw new Error(`${address}: the process ended before answering:\n${output().slice(-8000)}`);
    if (performance.now() > until) throw new Error(`${address} did not answer within 10 minutes`);
    try {
      const res = await fetch(`${address}/v2/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await pause(200);
  }
}

// As a command.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({
    options: {
      'haproxy-port': { type: 'string', default: '6401' },
      'pgbouncer-port': { type: 'string', default: '6402' },
      'host-ports': { type: 'string', default: '4104,4105' },
      workers: { type: 'string', default: '2' },
      'write-env': { type: 'string' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Defina DATABASE_URL: la conexión directa a la base de datos PostgreSQL de los hosts.');
    process.exit(1);
  }
  const deployment = await startDeployment({
    databaseUrl,
    haproxyPort: Number(values['haproxy-port']),
    pgbouncerPort: Number(values['pgbouncer-port']),
    hostPorts: values['host-ports'].split(',').map(Number),
    workers: Number(values.workers),
    log: (line) => console.error(line),
  });
  const description = deployment.describe();
  console.log(description);
  if (values['write-env']) writeFileSync(values['write-env'], `${description}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.error('stopping');
    await deployment.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
