// Withholding vouchers stored per second through the integration API (POST
// /v2/retenciones/createRetencionIvaMasiva) over real HTTP, one IVA voucher of 3 lines per request, beside
// the invoice figure of the same run (POST /v2/facturas/masivafacturacion, 5 lines): both with N
// concurrent clients on one company, one after the other, then a check that the vouchers hold one
// consecutive sequence of voucher numbers and of withholding control numbers (none shared, none skipped).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/withholdings.ts [--seconds 10] [--clients 16]
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { sized } from './short.ts';
import { benchConfig, benchLogin, invoiceLoad, openBenchDatabase, seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('10', '1') },
    clients: { type: 'string', default: '16' },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const RIF = 'J-123456789';

const { database, drop } = await openBenchDatabase('withholdings', 40);
await seedBenchDatabase(database);
const app = await buildApp({ config: benchConfig(), database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const token = await benchLogin(address);
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${address}/v2/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, body: await res.json() };
};

// The demo company is a withholding agent already (db/seed.ts: a RETENCION lot of 100,000 control
// numbers and 100,000 automatic voucher numbers).
const [company] = await database.query<{ id: string }>(
  `select id::text from localidades where tipo_documento = 'J' and numero_documento = '123456789'`,
);

const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Caracas' });
let counter = 0;
/** An IVA voucher at 75 % with three purchase invoices at 16 %, amounts as strings as connectors send them. */
function voucher() {
  counter++;
  const line = (n: number) => ({
    tipoTransaccion: '01-REG',
    fechaDocumento: day,
    nroDocumento: `B${counter}-${n}`,
    nroControlDocumento: `00-${String(counter * 3 + n).padStart(8, '0')}`,
    montoTotalDocumento: '1160.00',
    compraExento: '0',
    baseImponible: '1000.00',
    alicuota: '16',
    impuestoCausado: '160.00',
    impuestoRetenido: '120.00',
  });
  return {
    rif: RIF,
    periodoFiscalDel: `${day.slice(0, 7)}-01`,
    periodoFiscalAl: day,
    rifProveedor: `J-${String(100_000_000 + (counter % 5000))}`,
    identificacion: 'Proveedor de prueba, C.A.',
    direccion: 'Av. Principal, Caracas',
    correo: 'proveedor@example.com',
    modeloRetencion: 'IVA',
    tipoDocumento: '05',
    tasaRetencion: '75',
    lstRetenciones: [line(1), line(2), line(3)],
  };
}

const invoices = await invoiceLoad({ address, token, clients, seconds });

const latencies: number[] = [];
let stored = 0;
let failed = 0;
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const { ok, body } = await post('retenciones/createRetencionIvaMasiva', [voucher()]);
      latencies.push(performance.now() - started);
      stored += body.DetalleretencionesProcesadas?.length ?? 0;
      const errors = ok ? body.TotalRetencionIvaconError : 1;
      failed += errors;
      if (errors) console.error(JSON.stringify(ok ? body.DetalleErrorRetencionesIva[0] : body));
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(1);

console.log(`database ${database.kind}; ${clients} clients; one document per request; ${seconds} s each`);
console.log(
  `invoices (5 lines):    requests/s ${invoices.perSecond.toFixed(0)}  stored/s ${(invoices.created / seconds).toFixed(0)}  p50 ${invoices.p50.toFixed(1)} ms  p99 ${invoices.p99.toFixed(1)} ms  failed ${invoices.failed}`,
);
console.log(
  `withholdings (3 lines): requests/s ${(latencies.length / seconds).toFixed(0)}  stored/s ${(stored / seconds).toFixed(0)}  p50 ${pct(50)} ms  p99 ${pct(99)} ms  failed ${failed}`,
);
const [check] = await database.query<Record<string, string>>(
  `select count(*)::text as vouchers, count(distinct nro_comprobante)::text as voucher_numbers,
          coalesce(max(numero_control), 0)::text as highest_control,
          coalesce(max(right(nro_comprobante, 8)::bigint), 0)::text as highest_sequence,
          (select count(*) from control_numbers where tipo_doc = 'ret')::text as ledger
     from retenciones where id_localidad = $1`,
  [company.id],
);
const ok =
  check.vouchers === check.voucher_numbers &&
  check.vouchers === check.highest_control &&
  check.vouchers === check.highest_sequence &&
  check.vouchers === check.ledger;
console.log(
  `check: ${check.vouchers} vouchers, ${check.voucher_numbers} distinct voucher numbers, highest sequence ${check.highest_sequence}, highest control number ${check.highest_control}, ${check.ledger} in the ledger: ${ok ? 'none shared, none skipped' : 'MISMATCH'}`,
);
await app.close();
await drop();
if (!ok) process.exitCode = 1;
