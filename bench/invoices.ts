// Single-invoice requests to POST /v2/facturas/masivafacturacion over real HTTP: requests per second and
// p50/p99 latency with N concurrent clients, each invoice with 5 lines, stored with its control number.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/invoices.ts [--seconds 10] [--clients 16] [--batch 1]
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { sized } from './short.ts';
import { benchConfig, benchLogin, invoiceLoad, openBenchDatabase, seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('10', '1') },
    clients: { type: 'string', default: '16' },
    batch: { type: 'string', default: '1' },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const batch = Number(values.batch);

const { database, drop } = await openBenchDatabase('invoices', 40);
await seedBenchDatabase(database);
const app = await buildApp({
  config: benchConfig(),
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const token = await benchLogin(address);

const result = await invoiceLoad({ address, token, clients, seconds, batch });
console.log(
  `database ${database.kind}; ${clients} clients; ${batch} invoice(s) of 5 lines per request; ${seconds} s`,
);
console.log(
  `requests/s ${result.perSecond.toFixed(0)}  invoices stored/s ${(result.created / seconds).toFixed(0)}  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  failed ${result.failed}`,
);
const [check] = await database.query<{ n: string; max: string }>(
  'select count(*)::text n, max(numero_control)::text max from facturas',
);
console.log(`check: ${check.n} invoices, highest control number ${check.max}`);
await app.close();
await drop();
