// Kill -9 during an invoice burst: the real server entry (src/main.ts) runs as a
// child process on a PGlite data directory or a scratch PostgreSQL database; concurrent clients post
// single-invoice requests to the integration API; the server is killed with SIGKILL once a share of them
// was acknowledged; it is started again and the clients send what was not acknowledged (as a connector
// retries); then the database is read directly. Used by `crash-recovery.test.ts` (small burst, both
// drivers) and by `bench/crash-burst.ts` (2,000 invoices, with timings). No test-runner imports here.
import type { Database } from '../../src/db/client.ts';
import { pause, type ServerProcess, serverHome } from './server-process.ts';

const INGEST = '/v2/facturas/masivafacturacion';
const RENDER_QUEUE = 'documento-pdf';

export interface CrashBurstOptions {
  /** PostgreSQL server to create the scratch database on; unset: PGlite in a temporary data directory. */
  serverUrl?: string;
  invoices: number;
  clients: number;
  /** The server is killed once this many invoices were acknowledged. */
  killAfter: number;
  /** How long to wait, after the restart, for every PDF before reading the database anyway. */
  pdfWaitMs: number;
  log?: (line: string) => void;
}

export interface CrashBurstResult {
  driver: 'pglite' | 'postgres';
  invoices: number;
  acknowledgedBeforeKill: number;
  /** Requests in flight when the server died (their invoices may or may not have been stored). */
  inFlightAtKill: number;
  /** After the restart, resent invoices answered 'ya existe': stored before the crash, answer lost. */
  resentAlreadyStored: number;
  /** Resent invoices that got an error other than 'ya existe'. */
  resendErrors: string[];
  acknowledged: number;
  /** Acknowledged invoice numbers not found in the database. */
  acknowledgedMissing: string[];
  stored: number;
  /** Invoice numbers stored more than once. */
  storedTwice: string[];
  control: {
    count: number;
    distinct: number;
    min: number | null;
    max: number | null;
    ledgerRows: number;
    /** The invoices' control numbers are exactly min…max with min = 1, and the ledger has one row each. */
    consecutive: boolean;
  };
  jobs: {
    /** Render jobs, all states (created, retry, active, completed, failed) and archived ones. */
    rows: number;
    documentsWithOne: number;
    documentsWithNone: number;
    documentsWithMore: number;
  };
  pdfs: { generated: number; pending: number; failed: number };
  timings: {
    burstBeforeKillMs: number;
    killToReadyMs: number;
    /** From the restarted server answering to the last invoice's answer (the resent ones and the rest). */
    readyToBurstDoneMs: number;
    /** From the restarted server answering to the last PDF generated (polled every 500 ms). */
    readyToLastPdfMs: number | null;
  };
  output: string;
}

/** Two lines (16 % and exempt), totals as a connector computes them; numbers CB000001… */
export function burstInvoice(n: number) {
  return {
    rif: 'J-123456789',
    nroFactura: `CB${String(n).padStart(6, '0')}`,
    importeTotal: '1560.00',
    subTotal: '1400.00',
    montoDescuento: '0',
    totalExento: '400.00',
    totalExonerado: '0',
    condicionPago: 'CONTADO',
    facturaDivisa: 'VEF',
    tipoColetilla: false,
    tipoVenta: 'INTERNA',
    modeloFactura: 'GENERAL',
    cliente: {
      tipoDocumento: 'V',
      numeroDocumento: String(20_000_000 + (n % 500)),
      identificacion: `Cliente ${n % 500}`,
    },
    lstDetallesFacturaGeneral: [
      {
        codigoProducto: 'P-001',
        descripcion: 'Resma de papel carta',
        cantidad: 4,
        precio: '250.00',
        alicuotaGravamen: 16,
        importe: '1000.00',
        montoGravamen: '160.00',
      },
      {
        codigoProducto: 'P-004',
        descripcion: 'Libro escolar',
        cantidad: 1,
        precio: '400.00',
        alicuotaGravamen: 0,
        exento: true,
        importe: '400.00',
        montoGravamen: '0',
      },
    ],
  };
}

export async function runCrashBurst(options: CrashBurstOptions): Promise<CrashBurstResult> {
  const { invoices, clients, killAfter, pdfWaitMs } = options;
  const log = options.log ?? (() => {});
  const home = await serverHome(options.serverUrl);
  const { driver, address, start, ready, login } = home;

  /** Posts one invoice: 'created', 'exists' (a duplicate: stored earlier), an error line, or throws. */
  const post = async (token: string, n: number): Promise<'created' | 'exists' | string> => {
    const res = await fetch(`${address}${INGEST}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify([burstInvoice(n)]),
    });
    const answer = await res.json();
    if (res.ok && answer.totalFacturasNew === 1) return 'created';
    const message = JSON.stringify(answer.DetalleErrorFacturas?.[0] ?? answer);
    return /ya existe/.test(message) ? 'exists' : message;
  };

  const acknowledged = new Set<number>();
  const unanswered: number[] = [];
  let server: ServerProcess = start();
  let killedAt = 0;
  let burstBeforeKillMs = 0;
  let inFlightAtKill = 0;
  const resendErrors: string[] = [];
  let resentAlreadyStored = 0;
  let readyToLastPdfMs: number | null = null;
  let killToReadyMs = 0;
  let readyToBurstDoneMs = 0;
  try {
    await ready(server);
    let token = await login();
    log(`${driver}: server ready on ${address}; burst of ${invoices} invoices from ${clients} clients`);

    // The burst, until the kill: every request still without an answer then is unacknowledged.
    let next = 1;
    let inFlight = 0;
    let killed = false;
    const burstStarted = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (!killed && next <= invoices) {
          const n = next++;
          inFlight++;
          try {
            const outcome = await post(token, n);
            if (outcome === 'created') acknowledged.add(n);
            else throw new Error(`invoice ${n} refused before the crash: ${outcome}`);
          } catch (error) {
            if (!killed) throw error;
            unanswered.push(n);
          } finally {
            inFlight--;
          }
          if (!killed && acknowledged.size >= killAfter) {
            killed = true;
            inFlightAtKill = inFlight;
            burstBeforeKillMs = performance.now() - burstStarted;
            server.child.kill('SIGKILL');
            killedAt = performance.now();
          }
        }
      }),
    );
    await server.exited;
    const acknowledgedBeforeKill = acknowledged.size;
    log(
      `${driver}: SIGKILL after ${acknowledgedBeforeKill} acknowledged (${(burstBeforeKillMs / 1000).toFixed(1)} s), ` +
        `${inFlightAtKill} requests in flight`,
    );

    // The restart, and the connector's retry of what got no answer, then the rest of the burst.
    server = start();
    await ready(server);
    const readyAt = performance.now();
    killToReadyMs = readyAt - killedAt;
    token = await login();
    const resend = [...unanswered.sort((a, b) => a - b)];
    for (let n = next; n <= invoices; n++) resend.push(n);
    log(`${driver}: restarted in ${(killToReadyMs / 1000).toFixed(1)} s; sending ${resend.length} invoices`);
    let cursor = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (cursor < resend.length) {
          const n = resend[cursor++];
          const outcome = await post(token, n);
          if (outcome === 'created') acknowledged.add(n);
          else if (outcome === 'exists') {
            acknowledged.add(n);
            resentAlreadyStored++;
          } else resendErrors.push(`${n}: ${outcome}`);
        }
      }),
    );
    readyToBurstDoneMs = performance.now() - readyAt;
    log(`${driver}: burst done ${(readyToBurstDoneMs / 1000).toFixed(1)} s after the restart`);

    // Every PDF, watched through the back-office list (the server owns a PGlite directory meanwhile).
    const until = readyAt + pdfWaitMs;
    let reported = performance.now();
    for (;;) {
      const pending = await pendingPdfs(address, token);
      if (performance.now() - reported > 5_000) {
        reported = performance.now();
        log(
          `${driver}: ${pending} PDFs pending ${((reported - readyAt) / 1000).toFixed(0)} s after the restart`,
        );
      }
      if (pending === 0) {
        readyToLastPdfMs = performance.now() - readyAt;
        break;
      }
      if (performance.now() > until) {
        log(`${driver}: ${pending} PDFs still pending after ${pdfWaitMs / 1000} s`);
        break;
      }
      await pause(500);
    }
    if (readyToLastPdfMs !== null)
      log(`${driver}: last PDF ${(readyToLastPdfMs / 1000).toFixed(1)} s after the restart`);

    server.child.kill('SIGTERM');
    await server.exited;
    const { database, close } = await home.open();
    try {
      const checks = await readChecks(database, acknowledged);
      return {
        driver,
        invoices,
        acknowledgedBeforeKill,
        inFlightAtKill,
        resentAlreadyStored,
        resendErrors,
        acknowledged: acknowledged.size,
        ...checks,
        timings: { burstBeforeKillMs, killToReadyMs, readyToBurstDoneMs, readyToLastPdfMs },
        output: home.output(),
      };
    } finally {
      await close();
    }
  } finally {
    await home.kill(server);
    await home.dispose();
  }
}

/** Documents whose PDF is not generated yet, over every page of the invoice list. */
async function pendingPdfs(address: string, token: string): Promise<number> {
  let pending = 0;
  for (let page = 1; ; page++) {
    const res = await fetch(`${address}/v2/facturas/queryfacturacion?limit=500&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`invoice list: ${res.status} ${await res.text()}`);
    const { results: rows } = (await res.json()) as { results: Array<{ pdfEstado: string }> };
    pending += rows.filter((r) => r.pdfEstado !== 'GENERADA').length;
    if (rows.length < 500) return pending;
  }
}

export async function readChecks(database: Database, acknowledged: Set<number>) {
  const stored = await database.query<{ nro: string; n: number }>(
    'select nro_factura as nro, count(*)::int as n from facturas group by nro_factura',
  );
  const storedNumbers = new Set(stored.map((r) => r.nro));
  const [control] = await database.query<{
    count: number;
    distinct: number;
    min: number | null;
    max: number | null;
  }>(
    `select count(numero_control)::int as count, count(distinct numero_control)::int as distinct,
            min(numero_control)::int as min, max(numero_control)::int as max from facturas`,
  );
  const [ledger] = await database.query<{ n: number }>(
    "select count(*)::int as n from control_numbers where tipo_doc = 'fact'",
  );
  const jobs = await database.query<{ key: string; n: number }>(
    `select singleton_key as key, count(*)::int as n from (
       select singleton_key from pgboss.job where name = $1
       union all select singleton_key from pgboss.archive where name = $1) j
     group by singleton_key`,
    [RENDER_QUEUE],
  );
  const jobsByKey = new Map(jobs.map((j) => [j.key, j.n]));
  const ids = await database.query<{ id: string }>('select id::text as id from facturas');
  const perDocument = ids.map((r) => jobsByKey.get(`pdf-fact-${r.id}`) ?? 0);
  const [pdfs] = await database.query<{ generated: number; pending: number; failed: number }>(
    `select count(*) filter (where pdf_estado = 'GENERADA')::int as generated,
            count(*) filter (where pdf_estado = 'PENDIENTE')::int as pending,
            count(*) filter (where pdf_estado = 'FALLIDA')::int as failed
       from control_numbers where tipo_doc = 'fact'`,
  );
  const count = stored.reduce((sum, r) => sum + r.n, 0);
  return {
    acknowledgedMissing: [...acknowledged]
      .map((n) => burstInvoice(n).nroFactura)
      .filter((nro) => !storedNumbers.has(nro)),
    stored: count,
    storedTwice: stored.filter((r) => r.n > 1).map((r) => r.nro),
    control: {
      ...control,
      ledgerRows: ledger.n,
      consecutive:
        control.count === count &&
        control.distinct === count &&
        control.min === 1 &&
        control.max === count &&
        ledger.n === count,
    },
    jobs: {
      rows: jobs.reduce((sum, j) => sum + j.n, 0),
      documentsWithOne: perDocument.filter((n) => n === 1).length,
      documentsWithNone: perDocument.filter((n) => n === 0).length,
      documentsWithMore: perDocument.filter((n) => n > 1).length,
    },
    pdfs,
  };
}
