// The CPU the API thread spends building the invoice intake's one statement (the client's upsert, the
// invoice, its lines, payments and taxes as one CTE), in this process, old and new
// alternately: "drizzle" builds it value by value as the store did before (drizzle's insert builders and
// sqlToQuery), "cached" takes the text built once for the invoice's shape and encodes its values
// (apps/server/src/modules/invoices/store-statement.ts). Both get the same rows (a 5-line invoice with
// one payment and one tax rate), and the run first checks that both give the same text and parameters.
// Nothing is sent to a database: the pool never connects.
// Usage: node --import tsx bench/invoice-statement.ts [--count 2000] [--rounds 3] [--lines 5]
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import {
  CLIENT_ID,
  type InvoiceStatementRows,
  invoiceStatement,
  invoiceStatementSql,
} from '../apps/server/src/modules/invoices/store-statement.ts';
import { sized } from './short.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: sized('2000', '50') },
    rounds: { type: 'string', default: sized('3', '1') },
    lines: { type: 'string', default: '5' },
  },
});
const COUNT = Number(args.count);
const ROUNDS = Number(args.rounds);
const LINES = Number(args.lines);

const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
const db = drizzle(pool, { schema }) as unknown as Db;
const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } } })
  .dialect;

/** The rows storeInvoice passes for a 5-line USD invoice paid in one payment. */
function rowsOf(n: number): InvoiceStatementRows {
  const id = randomUUID();
  const localidadId = randomUUID();
  return {
    client: {
      localidadId,
      tipoDocumento: 'V',
      numeroDocumento: String(10_000_000 + n),
      identificacion: `CLIENTE ${n}`,
      correo: 'cliente@example.com',
      ccCorreo: null,
      direccion: 'Caracas',
      telefonoMovil: null,
      contribuyenteEspecial: false,
      tipoProveedor: 'PNR',
      createdBy: 'bench',
    },
    clientUpdatedAt: new Date(),
    header: {
      id,
      localidadId,
      sucursalId: null,
      clienteId: CLIENT_ID,
      serieFactura: '',
      nroFactura: `B-${n}`,
      sandbox: false,
      moneda: 'USD',
      tasaCambio: '36.50',
      tasaUsd: '36.50',
      condicionPago: 'CONTADO',
      tipoVenta: 'CONTADO',
      modelo: 'GENERAL',
      diasCredito: null,
      fechaVencimiento: null,
      estatusCredito: null,
      subTotal: '500.00',
      totalExento: '0.00',
      totalExonerado: '0.00',
      montoDescuento: '0.00',
      totalIva: '80.00',
      importeTotal: '580.00',
      totalIgtf: '0.00',
      tipoColetilla: false,
      coletillaIgtf: false,
      observacion: null,
      observacionInfo: null,
      ordenCompra: null,
      ordenId: null,
      servicio: null,
      cuentaTerceros: null,
      cliente: { tipoDocumento: 'V', numeroDocumento: String(10_000_000 + n), identificacion: 'X' },
      extras: {},
      datosModelo: undefined,
      totalCargos: undefined,
      origen: 'API',
      createdBy: 'bench',
    },
    lines: Array.from({ length: LINES }, (_, i) => ({
      facturaId: id,
      posicion: i + 1,
      codigoProducto: `P${i}`,
      descripcion: `Producto ${i}`,
      unidadMedida: 'UND',
      cantidad: '1',
      precio: '100.00',
      descuento: '0',
      montoDescuento: '0.00',
      importe: '100.00',
      alicuota: '16.00',
      montoGravamen: '16.00',
      exento: false,
      exonerado: false,
      nroLote: null,
      fechaVenciProducto: null,
      extras: null,
    })),
    payments: [
      {
        facturaId: id,
        modoPago: 'EFECTIVO',
        nro: null,
        monto: '580.00',
        fecha: null,
        banco: null,
        divisa: 'USD',
        tasaDiaDivisa: null,
        diasCredito: null,
        igtf: false,
        igtfValor: '0.00',
        igtfBase: null,
        igtfBs: null,
        tasaBs: '36.50',
      },
    ],
    taxes: [{ facturaId: id, alicuota: '16.00', baseImponible: '500.00', montoAlicuota: '80.00' }],
  };
}

const old = (rows: InvoiceStatementRows) => dialect.sqlToQuery(invoiceStatementSql(db, rows));
const cached = (rows: InvoiceStatementRows) => invoiceStatement(db, rows);

// Same text and values (the timestamps drizzle fills in are the application's clock: fixed rows).
{
  const clone = (r: InvoiceStatementRows): InvoiceStatementRows => {
    const copy: InvoiceStatementRows = structuredClone({ ...r, header: { ...r.header, clienteId: null } });
    copy.header.clienteId = CLIENT_ID;
    return copy;
  };
  const a = rowsOf(1);
  const b = clone(a);
  const stamp = new Date();
  a.client.createdAt = b.client.createdAt = stamp;
  a.header.createdAt = b.header.createdAt = stamp;
  a.header.fechaEmision = b.header.fechaEmision = stamp;
  for (const r of [...a.payments, ...b.payments]) r.createdAt = stamp;
  const c = clone(b);
  const x = old(a);
  // The first builds the shape's text, the second reuses it.
  for (const y of [cached(b), cached(c)]) {
    if (x.sql !== y.sql || !isDeepStrictEqual(x.params, y.params)) {
      console.error({ old: x, cached: y });
      throw new Error('the cached statement differs from drizzle’s');
    }
  }
}

function measure(build: (rows: InvoiceStatementRows) => unknown): number {
  const inputs = Array.from({ length: COUNT }, (_, i) => rowsOf(i));
  const start = process.cpuUsage();
  for (const rows of inputs) build(rows);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / COUNT;
}

for (let i = 0; i < 200; i++) {
  old(rowsOf(i));
  cached(rowsOf(i));
}
console.log(`invoice statement, ${LINES} lines, 1 payment, 1 tax rate: CPU ms per invoice (${COUNT} each)`);
for (let round = 1; round <= ROUNDS; round++) {
  const a = measure(old);
  const b = measure(cached);
  console.log(
    `round ${round}: drizzle ${a.toFixed(4)} ms, cached ${b.toFixed(4)} ms (${(a / b).toFixed(1)}x)`,
  );
}
await pool.end();
