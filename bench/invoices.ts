// Single-invoice requests to POST /v2/facturas/masivafacturacion over real HTTP: requests per second and
// p50/p99 latency with N concurrent clients, each invoice with 5 lines, stored with its control number.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/invoices.ts [--seconds 10] [--clients 16] [--batch 1]
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { benchConfig, openBenchDatabase, seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '16' },
    batch: { type: 'string', default: '1' },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const batch = Number(values.batch);
const serverUrl = process.env.DATABASE_URL;

const { database, drop } = await openBenchDatabase('invoices', 40);
await seedBenchDatabase(database);
const app = await buildApp({
  config: benchConfig(),
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/v2/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@sigece.local', password: 'admin123' }),
});
const token = (await login.json()).tokens.access.token;

let counter = 0;
/** Five lines: three at 16 %, one at 8 %, one exempt; totals computed as a connector would. */
function invoice() {
  counter++;
  const lines = [
    {
      codigoProducto: 'P-001',
      descripcion: 'Resma de papel carta',
      cantidad: 2,
      precio: '250.00',
      alicuotaGravamen: 16,
      importe: '500.00',
      montoGravamen: '80.00',
    },
    {
      codigoProducto: 'P-002',
      descripcion: 'Tóner láser negro',
      cantidad: 1,
      precio: '1850.00',
      alicuotaGravamen: 16,
      importe: '1850.00',
      montoGravamen: '296.00',
    },
    {
      codigoProducto: 'P-005',
      descripcion: 'Carpeta',
      cantidad: 10,
      precio: '12.50',
      alicuotaGravamen: 16,
      importe: '125.00',
      montoGravamen: '20.00',
    },
    {
      codigoProducto: 'P-003',
      descripcion: 'Harina de maíz',
      cantidad: 4,
      precio: '45.00',
      alicuotaGravamen: 8,
      importe: '180.00',
      montoGravamen: '14.40',
    },
    {
      codigoProducto: 'P-004',
      descripcion: 'Libro escolar',
      cantidad: 1,
      precio: '380.00',
      alicuotaGravamen: 0,
      exento: true,
      importe: '380.00',
      montoGravamen: '0',
    },
  ];
  return {
    rif: 'J-123456789',
    nroFactura: `B${process.pid}-${counter}`,
    importeTotal: '3445.40',
    subTotal: '3035.00',
    montoDescuento: '0',
    totalExento: '380.00',
    totalExonerado: '0',
    condicionPago: 'CONTADO',
    facturaDivisa: 'VEF',
    tipoColetilla: false,
    tipoVenta: 'INTERNA',
    modeloFactura: 'GENERAL',
    cliente: {
      tipoDocumento: 'V',
      numeroDocumento: String(10_000_000 + (counter % 5000)),
      identificacion: 'Cliente de prueba',
    },
    lstDetallesFacturaGeneral: lines,
  };
}

const latencies: number[] = [];
let created = 0;
let failed = 0;
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (Date.now() < deadline) {
      const body = JSON.stringify(Array.from({ length: batch }, invoice));
      const started = performance.now();
      const res = await fetch(`${address}/v2/facturas/masivafacturacion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      const answer = await res.json();
      latencies.push(performance.now() - started);
      created += answer.totalFacturasNew ?? 0;
      failed += answer.totalFacturaconError ?? 0;
      if (answer.totalFacturaconError) console.error(JSON.stringify(answer.DetalleErrorFacturas[0]));
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(
  `database ${database.kind}; ${clients} clients; ${batch} invoice(s) of 5 lines per request; ${seconds} s`,
);
console.log(
  `requests/s ${(latencies.length / seconds).toFixed(0)}  invoices stored/s ${(created / seconds).toFixed(0)}  p50 ${pct(50)} ms  p99 ${pct(99)} ms  failed ${failed}`,
);
const [check] = await database.query<{ n: string; max: string }>(
  'select count(*)::text n, max(numero_control)::text max from facturas',
);
console.log(`check: ${check.n} invoices, highest control number ${check.max}`);
await app.close();
await drop();
