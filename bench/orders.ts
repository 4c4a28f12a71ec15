// Delivery orders and dispatch guides stored per second through the integration API (POST
// /v2/ordenes/masivaordenes) beside the invoice figure (POST /v2/facturas/masivafacturacion) from the
// same run: same server, same database, same clients, one phase after the other. Orders alternate with
// and without amounts (IncluirMontos), 5 lines each like the invoices. Then a check that the orders hold
// one consecutive sequence of the ORDEN lot's control numbers (none shared, none skipped).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/orders.ts [--seconds 8] [--clients 16] [--batch 1]
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { sized } from './short.ts';
import { benchConfig, openBenchDatabase, seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('8', '1') },
    clients: { type: 'string', default: '16' },
    batch: { type: 'string', default: '1' },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const batch = Number(values.batch);
const RIF = 'J-123456789';

const { database, drop } = await openBenchDatabase('orders', 40);
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

const cliente = (n: number) => ({
  tipoDocumento: 'V',
  numeroDocumento: String(10_000_000 + (n % 5000)),
  identificacion: 'Cliente',
  direccionEntrega: 'Zona Industrial, Caracas',
});
/** Five lines of 2 × 10.00 at 16 %: 100.00 + 16.00. */
const lines = () =>
  Array.from({ length: 5 }, (_, i) => ({
    codigoProducto: `P-00${i + 1}`,
    descripcion: `Artículo ${i + 1}`,
    cantidad: 2,
    precio: '10.00',
    alicuotaGravamen: 16,
    importe: '20.00',
    montoGravamen: '3.20',
  }));

let counter = 0;
function invoice() {
  counter++;
  return {
    rif: RIF,
    nroFactura: `B${process.pid}-${counter}`,
    importeTotal: '116.00',
    subTotal: '100.00',
    montoDescuento: '0',
    totalExento: '0',
    totalExonerado: '0',
    condicionPago: 'CONTADO',
    facturaDivisa: 'VEF',
    tipoVenta: 'INTERNA',
    modeloFactura: 'GENERAL',
    cliente: cliente(counter),
    lstDetallesFacturaGeneral: lines(),
  };
}

function order() {
  counter++;
  const amounts = counter % 2 === 0;
  return {
    rif: RIF,
    nroOrden: `O${process.pid}-${counter}`,
    modeloOrden: counter % 3 === 0 ? 'GUIADESPACHO' : 'ORDENENTREGA',
    IncluirMontos: amounts,
    ...(amounts ? { importeTotal: '116.00', subTotal: '100.00' } : {}),
    facturaDivisa: 'VEF',
    motivo: 'Venta',
    cliente: cliente(counter),
    lstDetallesFacturaGeneral: amounts
      ? lines()
      : lines().map(({ codigoProducto, descripcion, cantidad }) => ({
          codigoProducto,
          descripcion,
          cantidad,
        })),
  };
}

async function phase(
  name: string,
  path: string,
  make: () => unknown,
  count: (a: Record<string, unknown>) => number,
) {
  const latencies: number[] = [];
  let stored = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const answer = await post(path, Array.from({ length: batch }, make));
        latencies.push(performance.now() - started);
        stored += count(answer);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(
    `${name.padEnd(8)} requests/s ${(latencies.length / seconds).toFixed(0)}  stored/s ${(stored / seconds).toFixed(0)}  p50 ${pct(50)} ms  p99 ${pct(99)} ms`,
  );
}

console.log(
  `database ${database.kind}; ${clients} clients; ${batch} document(s) per request; ${seconds} s per phase; load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await phase('invoices', 'facturas/masivafacturacion', invoice, (a) => Number(a.totalFacturasNew ?? 0));
await phase('orders', 'ordenes/masivaordenes', order, (a) =>
  Number((a.resultado as { totalOrdenesNew?: number } | undefined)?.totalOrdenesNew ?? 0),
);
const [check] = await database.query<Record<string, string>>(
  `select count(*)::text as held, count(distinct numero_control)::text as distinct_numbers,
          coalesce(max(numero_control), 0)::text as highest
   from ordenes o join localidades l on l.id = o.id_localidad where l.numero_documento = '123456789'`,
);
const ok = check.held === check.distinct_numbers && check.held === check.highest;
console.log(
  `check: ${check.held} orders, ${check.distinct_numbers} distinct control numbers, highest ${check.highest}: ${ok ? 'none shared, none skipped' : 'MISMATCH'}`,
);
await app.close();
await drop();
if (!ok) process.exitCode = 1;
