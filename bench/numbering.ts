// Control-number allocations per second for one company on PostgreSQL, through the real engine: each
// transaction takes its numbers and stores a 2 kB document row, then commits.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/numbering.ts [--seconds 5]
import { parseArgs } from 'node:util';
import { lotRange } from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import { controlLots, localidades } from '../apps/server/src/db/schema.ts';
import { allocateControlNumbers } from '../apps/server/src/modules/numbering/engine.ts';
import { sized } from './short.ts';
import { openBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('5', '1') },
    batch: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const batchSize = Number(values.batch);

const payload = 'x'.repeat(2048);

const { database, drop } = await openBenchDatabase('numbering', 70);
await database.migrate();
await database.query(`create table bench_documents (id bigserial primary key, id_localidad uuid not null, serie text not null,
  numero bigint not null, body text not null, unique (id_localidad, serie, numero))`);
const [company] = await database.db
  .insert(localidades)
  .values({
    nombre: 'Bench, C.A.',
    tipoDocumento: 'J',
    numeroDocumento: '999999999',
    direccion: 'x',
    telefono: 'x',
    correo: 'b@x.com',
    tipoProveedor: 'PJD',
  })
  .returning({ id: localidades.id });
await database.db.insert(controlLots).values({
  localidadId: company.id,
  familia: 'FACTURA',
  tipo: 'GLOBAL',
  serie: '00',
  cantidad: 99_000_000,
  ...lotRange(0, 99_000_000),
  status: 'ACTIVO',
});

async function run(clients: number, perTransaction: number) {
  let allocations = 0;
  let transactions = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        await database.db.transaction(async (tx) => {
          const numbers = await allocateControlNumbers(tx, {
            localidadId: company.id,
            sucursalId: null,
            familia: 'FACTURA',
            count: perTransaction,
          });
          const rows = numbers.map((n) => sql`(${company.id}, ${n.serie}, ${n.numero}, ${payload})`);
          await tx.execute(
            sql`insert into bench_documents (id_localidad, serie, numero, body) values ${sql.join(rows, sql`, `)}`,
          );
        });
        allocations += perTransaction;
        transactions++;
      }
    }),
  );
  return { allocations: allocations / seconds, transactions: transactions / seconds };
}

console.log(
  `database ${database.kind}; ${seconds} s per run; batch = ${batchSize} documents per transaction`,
);
console.log('clients  mode      allocations/s  transactions/s');
for (const clients of [1, 16, 64]) {
  for (const [mode, per] of [
    ['single', 1],
    ['batched', batchSize],
  ] as const) {
    const r = await run(clients, per);
    console.log(
      `${String(clients).padStart(7)}  ${mode.padEnd(8)}  ${r.allocations.toFixed(0).padStart(13)}  ${r.transactions.toFixed(0).padStart(14)}`,
    );
  }
}
const [check] = await database.query<{ n: string; max: string }>(
  'select count(*)::text n, max(numero)::text max from bench_documents',
);
console.log(`check: ${check.n} documents, highest number ${check.max} (equal: no gap)`);
await drop();
