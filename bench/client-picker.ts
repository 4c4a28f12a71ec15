// The invoice screens' client picker (GET /v2/mantenimiento/cliente/buscar) with 100,000 clients in one
// company, over real HTTP. Goal: under 50 ms per answer.
// Usage: node --import tsx bench/client-picker.ts [--clients 100000] [--requests 500] [--seconds 5] [--concurrency 8]
import { parseArgs } from 'node:util';
import { and, eq, like, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { DEMO_COMPANY_RIF } from '../apps/server/src/cli/seed.ts';
import { clientes } from '../apps/server/src/db/schema.ts';
import { PICKER_LIMIT } from '../apps/server/src/modules/catalog/clients.ts';
import { sized } from './short.ts';
import { benchConfig, openBenchDatabase, seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: sized('100000', '2000') },
    requests: { type: 'string', default: sized('500', '20') },
    seconds: { type: 'string', default: sized('5', '1') },
    concurrency: { type: 'string', default: '8' },
  },
});
const clientCount = Number(values.clients);
const sequentialRequests = Number(values.requests);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A prefix of 1 to 4 digits a user might type; the numbers start at 1, never 0. */
function randomPrefix(): string {
  const length = 1 + Math.floor(Math.random() * 4);
  let prefix = String(1 + Math.floor(Math.random() * 9));
  while (prefix.length < length) prefix += String(Math.floor(Math.random() * 10));
  return prefix;
}

const { database, drop } = await openBenchDatabase('picker');
try {
  const started = performance.now();
  await seedBenchDatabase(database);
  const [company] = await database.query<{ id: string }>(
    'select id::text as id from localidades where tipo_documento = $1 and numero_documento = $2',
    [DEMO_COMPANY_RIF.tipoDocumento, DEMO_COMPANY_RIF.numeroDocumento],
  );

  // One statement: random 9-digit numbers, unique per company by construction (the i-th client gets a
  // random number inside the i-th of 100,000 equal slices of 100000000..999999999).
  const loadStart = performance.now();
  await database.query(
    `insert into clientes (id_localidad, tipo_documento, numero_documento, identificacion, correo, direccion, telefono_movil)
     select $1::uuid, 'V', n, 'Cliente ' || n, 'cliente' || n || '@example.com', 'Caracas', '(414) 5550000'
       from (select (100000000 + i * (900000000 / $2::bigint) + floor(random() * (900000000 / $2::bigint)))::bigint::text as n
               from generate_series(0, $2::int - 1) as i) numbers`,
    [company.id, clientCount],
  );
  await database.query('analyze clientes');
  const [{ n }] = await database.query<{ n: string }>(
    'select count(*)::text as n from clientes where id_localidad = $1',
    [company.id],
  );
  console.log(
    `database ${database.kind}: ${Number(n).toLocaleString('en')} clients in Demo Comercial, loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (setup ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  // The picker's own query, built the way the route builds it, explained on a one-digit prefix (the
  // widest range: about a ninth of the company's clients match).
  const query = database.db
    .select()
    .from(clientes)
    .where(
      and(
        eq(clientes.localidadId, company.id),
        eq(clientes.status, 'ACTIVO'),
        like(clientes.numeroDocumento, '5%'),
      ),
    )
    .orderBy(sql`${clientes.numeroDocumento} using ~<~`)
    .limit(PICKER_LIMIT)
    .toSQL();
  for (const prefix of ['5', '5123']) {
    const params = query.params.map((p) => (p === '5%' ? `${prefix}%` : p));
    const plan = await database.query<Record<string, string>>(
      `explain (analyze, buffers) ${query.sql}`,
      params,
    );
    console.log(`\nexplain analyze, prefix "${prefix}":`);
    for (const row of plan) console.log(`  ${Object.values(row)[0]}`);
  }

  const app = await buildApp({
    config: benchConfig(),
    database,
    logger: false,
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'usuario@sigece.local', password: 'usuario123' }),
    });
    const token = (await login.json()).tokens.access.token;
    const headers = { authorization: `Bearer ${token}` };
    let failures = 0;
    let empty = 0;
    const pick = async (prefix: string): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(
        `${address}/v2/mantenimiento/cliente/buscar?localidad=${company.id}&q=${prefix}`,
        { headers },
      );
      const body = (await res.json()) as { results?: Array<{ numeroDocumento: string }> };
      const elapsed = performance.now() - t0;
      if (!res.ok || !body.results || body.results.some((c) => !c.numeroDocumento.startsWith(prefix)))
        failures++;
      else if (body.results.length === 0) empty++;
      return elapsed;
    };

    // Warm-up: connections, JIT, plan cache.
    for (let i = 0; i < 50; i++) await pick(randomPrefix());
    failures = 0;
    empty = 0;

    const byLength = new Map<number, number[]>();
    const sequential: number[] = [];
    for (let i = 0; i < sequentialRequests; i++) {
      const prefix = randomPrefix();
      const ms = await pick(prefix);
      sequential.push(ms);
      byLength.set(prefix.length, [...(byLength.get(prefix.length) ?? []), ms]);
    }
    sequential.sort((a, b) => a - b);
    console.log(
      `\nsequential, ${sequentialRequests} requests: p50 ${percentile(sequential, 50).toFixed(2)} ms   p95 ${percentile(sequential, 95).toFixed(2)} ms   p99 ${percentile(sequential, 99).toFixed(2)} ms   max ${sequential.at(-1)?.toFixed(2)} ms   errors ${failures}   empty answers ${empty}`,
    );
    for (const [length, list] of [...byLength.entries()].sort((a, b) => a[0] - b[0])) {
      list.sort((a, b) => a - b);
      console.log(
        `  ${length}-digit prefix (${String(list.length).padStart(3)} requests): p50 ${percentile(list, 50).toFixed(2)} ms   p95 ${percentile(list, 95).toFixed(2)} ms`,
      );
    }

    failures = 0;
    const concurrent: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) concurrent.push(await pick(randomPrefix()));
      }),
    );
    concurrent.sort((a, b) => a - b);
    console.log(
      `${concurrency} concurrent clients, ${seconds} s: ${(concurrent.length / seconds).toFixed(0)} req/s   p50 ${percentile(concurrent, 50).toFixed(2)} ms   p95 ${percentile(concurrent, 95).toFixed(2)} ms   p99 ${percentile(concurrent, 99).toFixed(2)} ms   errors ${failures}`,
    );
    const target = percentile(sequential, 99) < 50 ? 'met' : 'NOT met';
    console.log(`\ntarget (under 50 ms per picker answer, sequential p99): ${target}`);
  } finally {
    await app.close();
  }
} finally {
  await drop();
}
