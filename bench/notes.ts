// Invoices and credit/debit notes issued together on ONE company's invoice lot over real HTTP: POST
// /v2/facturas/masivafacturacion and POST /v2/facturas/nota/masivanotas from concurrent clients (half of
// them each), documents per second with p50/p99, then a check that invoices and notes hold one
// consecutive sequence of control numbers (none shared, none skipped) and that the ledger has a row for
// each. Notes refer to a pool of invoices generated (rendered and signed) before the run.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/notes.ts [--seconds 10] [--clients 16] [--batch 1]
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { renderDocument } from '../apps/server/src/modules/issuance/render/render.ts';
import { sized } from './short.ts';
import { benchConfig, openBenchDatabase, seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('10', '1') },
    clients: { type: 'string', default: '16' },
    batch: { type: 'string', default: '1' },
    pool: { type: 'string', default: sized('32', '8') },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const batch = Number(values.batch);
const pool = Number(values.pool);
const RIF = 'J-123456789';

const { database, drop } = await openBenchDatabase('notes', 40);
await seedBenchDatabase(database);
const app = await buildApp({ config: benchConfig(), database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/v2/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@sigece.local', password: 'admin123' }),
});
const token = (await login.json()).tokens.access.token;
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${address}/v2/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.json();
};

let counter = 0;
/** One line of 100,000 units at 10.00 and 16 %: room for many one-unit credit notes. */
function invoice() {
  counter++;
  return {
    rif: RIF,
    nroFactura: `N${process.pid}-${counter}`,
    importeTotal: '1160000.00',
    subTotal: '1000000.00',
    montoDescuento: '0',
    totalExento: '0',
    totalExonerado: '0',
    condicionPago: 'CONTADO',
    facturaDivisa: 'VEF',
    tipoVenta: 'INTERNA',
    modeloFactura: 'GENERAL',
    cliente: {
      tipoDocumento: 'V',
      numeroDocumento: String(10_000_000 + (counter % 5000)),
      identificacion: 'Cliente',
    },
    lstDetallesFacturaGeneral: [
      {
        codigoProducto: 'P-001',
        descripcion: 'Artículo',
        cantidad: 100000,
        precio: '10.00',
        alicuotaGravamen: 16,
        importe: '1000000.00',
        montoGravamen: '160000.00',
      },
    ],
  };
}

// The invoices notes refer to: issued and generated before the clock starts.
const affected: string[] = [];
for (let i = 0; i < pool; i++) {
  const answer = await post('facturas/masivafacturacion', [invoice()]);
  const done = answer.DetalleFacturaProcesadas[0][0];
  await renderDocument(app.deps, 'fact', done.id);
  affected.push(done.NroFactura);
}

let noteCounter = 0;
/** A one-unit credit note, or a debit of 0.50 on two units, alternately, spread over the pool. */
function note() {
  noteCounter++;
  const credit = noteCounter % 2 === 0;
  const [precio, cantidad, importe, iva, total] = credit
    ? ['10.00', 1, '10.00', '1.60', '11.60']
    : ['0.50', 2, '1.00', '0.16', '1.16'];
  return {
    rif: RIF,
    nroFactura: affected[noteCounter % affected.length],
    nroNota: String(noteCounter),
    tipo: credit ? 'Credito' : 'Debito',
    categoria: credit ? '0' : '1',
    concepto: '',
    importeTotal: total,
    subTotal: importe,
    tasaCambio: 1,
    facturaDivisa: 'VEF',
    lstDetallesNota: [
      {
        codigoProducto: 'P-001',
        descripcion: 'Artículo',
        cantidad,
        cantidadDevolucion: cantidad,
        precio,
        importe,
        alicuotaGravamen: 16,
        montoGravamen: iva,
      },
    ],
  };
}

const latencies: number[] = [];
const stored = { invoices: 0, notes: 0 };
let failed = 0;
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: clients }, async (_, client) => {
    const notes = client % 2 === 1;
    while (Date.now() < deadline) {
      const started = performance.now();
      const answer = notes
        ? await post('facturas/nota/masivanotas', Array.from({ length: batch }, note))
        : await post('facturas/masivafacturacion', Array.from({ length: batch }, invoice));
      latencies.push(performance.now() - started);
      if (notes) stored.notes += answer.totalNotasNew ?? 0;
      else stored.invoices += answer.totalFacturasNew ?? 0;
      const errors = notes ? answer.DetalleErrorNotas : answer.DetalleErrorFacturas;
      failed += errors?.length ?? 0;
      if (errors?.length) console.error(JSON.stringify(errors[0]));
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
const documents = stored.invoices + stored.notes;
console.log(
  `database ${database.kind}; ${clients} clients (half invoices, half notes); ${batch} document(s) per request; ${seconds} s`,
);
console.log(
  `requests/s ${(latencies.length / seconds).toFixed(0)}  documents/s ${(documents / seconds).toFixed(0)} (invoices ${(stored.invoices / seconds).toFixed(0)}, notes ${(stored.notes / seconds).toFixed(0)})  p50 ${pct(50)} ms  p99 ${pct(99)} ms  failed ${failed}`,
);
const [check] = await database.query<Record<string, string>>(
  `with numbers as (
     select numero_control n from facturas f join localidades l on l.id = f.id_localidad
       where l.numero_documento = '123456789' and numero_control is not null
     union all
     select numero_control from notas t join localidades l on l.id = t.id_localidad
       where l.numero_documento = '123456789' and numero_control is not null)
   select count(*)::text as held, count(distinct n)::text as distinct_numbers, coalesce(max(n), 0)::text as highest,
          (select count(*) from control_numbers c join localidades l on l.id = c.id_localidad
            where l.numero_documento = '123456789')::text as ledger
   from numbers`,
);
const ok =
  check.held === check.distinct_numbers && check.held === check.highest && check.held === check.ledger;
console.log(
  `check: ${check.held} control numbers held by invoices and notes, ${check.distinct_numbers} distinct, highest ${check.highest}, ${check.ledger} in the ledger: ${ok ? 'none shared, none skipped' : 'MISMATCH'}`,
);
await app.close();
await drop();
if (!ok) process.exitCode = 1;
