// The invoice API through the several-hosts deployment (deploy/multi-host.ts: HAProxy → two hosts with
// SIGECE_WORKERS=2, host a running the PDF jobs → PgBouncer in transaction mode → PostgreSQL), on a scratch
// database: 16 clients post single 5-line invoices to HAProxy for --seconds, then the benchmark waits until
// every PDF is rendered, signed and stored. Prints requests per second and p50/p99 of the API as the clients
// see them through HAProxy, signed documents per second (from the first request to the last PDF), the time
// from the last request to the last PDF, and the CPU milliseconds per signed document of the hosts'
// processes, of this database's PostgreSQL backends, of PgBouncer and of HAProxy (from /proc, from before
// the load until the last PDF). A warm-up load of --warm-up seconds, and its PDFs, come first and are not
// counted: the first requests of each of the five Node processes compile the code they run.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/multi-host.ts
//          [--seconds 20] [--warm-up 8] [--clients 16] [--haproxy-port 6411] [--pgbouncer-port 6412] [--host-ports 4107,4108]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { scratchPostgres } from '../apps/server/test/scratch-database.ts';
import { startDeployment } from '../deploy/multi-host.ts';
import { cpuSeconds, serverPids } from './proc.ts';
import { sized } from './short.ts';
import { benchLogin, invoiceLoad } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('20', '3') },
    'warm-up': { type: 'string', default: sized('8', '2') },
    clients: { type: 'string', default: '16' },
    'haproxy-port': { type: 'string', default: '6411' },
    'pgbouncer-port': { type: 'string', default: '6412' },
    'host-ports': { type: 'string', default: '4107,4108' },
  },
});
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('multi-host mide PostgreSQL: defina DATABASE_URL');
  process.exit(1);
}
const load = () => loadavg()[0].toFixed(1);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const name = `sigece_bench_hosts_${Date.now()}_${randomBytes(2).toString('hex')}`;
const { database, drop } = await scratchPostgres(serverUrl, name, 2);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
console.log(`starting the deployment (load ${load()})`);
const deployment = await startDeployment({
  databaseUrl: url.toString(),
  haproxyPort: Number(values['haproxy-port']),
  pgbouncerPort: Number(values['pgbouncer-port']),
  hostPorts: values['host-ports'].split(',').map(Number),
  env: { BCV_DAILY: '0', BCV_URL: 'http://127.0.0.1:9/', LOG_LEVEL: 'warn' },
  log: (line) => console.log(`  ${line}`),
});
console.log(deployment.describe());

try {
  /** CPU ticks of this database's backends, by pid (PgBouncer opens them as the load needs them). */
  const backendTicks = async () => {
    const rows = await database.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds([r.pid])]));
  };
  const pending = async () =>
    (
      await database.query<{ n: number }>(
        "select count(*)::int as n from control_numbers where tipo_doc = 'fact' and pdf_estado <> 'GENERADA'",
      )
    )[0].n;
  const signed = async () =>
    (
      await database.query<{ n: number }>(
        "select count(*)::int as n from control_numbers where tipo_doc = 'fact' and pdf_estado = 'GENERADA'",
      )
    )[0].n;

  const token = await benchLogin(deployment.url);
  const clients = Number(values.clients);
  await invoiceLoad({ address: deployment.url, token, clients, seconds: Number(values['warm-up']) });
  while ((await pending()) > 0) await pause(200);
  const hostPids = () => deployment.hosts.flatMap((h) => serverPids(h.pid));
  const proxyPids = [deployment.pgbouncerPid, deployment.haproxyPid];
  const before = {
    hosts: cpuSeconds(hostPids()),
    pgbouncer: cpuSeconds([deployment.pgbouncerPid]),
    haproxy: cpuSeconds([deployment.haproxyPid]),
    backends: await backendTicks(),
    signed: await signed(),
  };
  const started = performance.now();
  const r = await invoiceLoad({
    address: deployment.url,
    token,
    clients,
    seconds: Number(values.seconds),
  });
  const lastRequest = performance.now();
  while ((await pending()) > 0) await pause(200);
  const lastPdf = performance.now();
  const backendsAfter = await backendTicks();
  let backends = 0;
  for (const [pid, ticks] of backendsAfter) backends += ticks - (before.backends.get(pid) ?? 0);
  const documents = (await signed()) - before.signed;
  const ms = (cpu: number) => ((cpu * 1000) / documents).toFixed(2);
  const hosts = cpuSeconds(hostPids()) - before.hosts;
  const pgbouncer = cpuSeconds([proxyPids[0]]) - before.pgbouncer;
  const haproxy = cpuSeconds([proxyPids[1]]) - before.haproxy;
  console.log(
    [
      `through HAProxy, ${values.clients} clients, ${values.seconds} s: ${r.perSecond.toFixed(0)} requests/s, ` +
        `p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms; ${r.created} invoices stored, ${r.failed} failed`,
      `signed documents: ${documents}, ${((documents * 1000) / (lastPdf - started)).toFixed(0)} per second from the ` +
        `first request to the last PDF; last PDF ${((lastPdf - lastRequest) / 1000).toFixed(1)} s after the last request`,
      `CPU per signed document: ${ms(hosts + backends + pgbouncer + haproxy)} ms = hosts ${ms(hosts)} + ` +
        `PostgreSQL backends ${ms(backends)} + PgBouncer ${ms(pgbouncer)} + HAProxy ${ms(haproxy)} (load average ${load()})`,
    ].join('\n'),
  );
} finally {
  await deployment.stop();
  await drop();
}
