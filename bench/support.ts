// What every benchmark needs: a fresh database (on DATABASE_URL's server, else in-memory PGlite) and the
// server's configuration for an in-process app.
import { randomBytes, randomUUID } from 'node:crypto';
import { seedDemo, seedDemoCompanies, seedModules } from '../apps/server/src/cli/seed.ts';
import type { AppConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/reference-seed.ts';
import { scratchPostgres } from '../apps/server/test/scratch-database.ts';

export async function openBenchDatabase(
  prefix: string,
  poolSize = 20,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite('memory://');
    return { database, drop: () => database.close() };
  }
  return scratchPostgres(serverUrl, `sigece_bench_${prefix}_${Date.now()}`, poolSize);
}

/** Migrated, with the modules, the reference data and the demo (admin, usuario, Demo Comercial). */
export async function seedBenchDatabase(database: Database): Promise<void> {
  await database.migrate();
  await seedModules(database.db);
  await seedReference(database.db);
  await seedDemo(database.db, { adminPassword: 'admin123' });
  await seedDemoCompanies(database.db);
}

/** An in-process server: no background jobs, no daily rate refresh, no log. */
export function benchConfig(): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp/sigece-bench',
    demo: true,
    adminPassword: 'admin123',
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKey: randomBytes(32).toString('hex'),
    mailFrom: 'bench@sigece.local',
    publicUrl: 'http://localhost',
    logLevel: 'silent',
    bcvUrl: 'http://127.0.0.1:9/',
    bcvDaily: false,
    jobs: false,
    printer: { nombre: 'Bench', rif: 'J-000000001', providencia: 'X', fechaProvidencia: '2026-01-01' },
  };
}

let counter = 0;
/** Five lines: three at 16 %, one at 8 %, one exempt; totals computed as a connector would. */
export function benchInvoice() {
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

/** The demo master administrator's access token, by logging in over HTTP. */
export async function benchLogin(address: string): Promise<string> {
  const login = await fetch(`${address}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@sigece.local', password: 'admin123' }),
  });
  return (await login.json()).tokens.access.token;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  created: number;
  failed: number;
  p50: number;
  p99: number;
}

/**
 * `clients` connections each posting `batch` invoices per request to POST /v2/facturas/masivafacturacion
 * for `seconds`, one request after another: requests per second, invoices stored, p50/p99 latency.
 */
export async function invoiceLoad(options: {
  address: string;
  token: string;
  clients: number;
  seconds: number;
  batch?: number;
  /** Send each request with an Idempotency-Key of its own: its cost, compared. */
  idempotency?: boolean;
}): Promise<LoadResult> {
  const { address, token, clients, seconds, batch = 1 } = options;
  const latencies: number[] = [];
  let created = 0;
  let failed = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const body = JSON.stringify(Array.from({ length: batch }, benchInvoice));
        const started = performance.now();
        const res = await fetch(`${address}/v2/facturas/masivafacturacion`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            ...(options.idempotency ? { 'idempotency-key': randomUUID() } : {}),
          },
          body,
        });
        const answer = await res.json();
        latencies.push(performance.now() - started);
        created += answer.totalFacturasNew ?? 0;
        failed += answer.totalFacturaconError ?? (res.ok ? 0 : batch);
        if (answer.totalFacturaconError) console.error(JSON.stringify(answer.DetalleErrorFacturas[0]));
        else if (!res.ok) console.error(JSON.stringify(answer));
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    created,
    failed,
    p50: pct(50),
    p99: pct(99),
  };
}

/** How many of a company's invoices still wait for their PDF, read over HTTP (the server may own a PGlite directory). */
export async function pendingInvoicePdfs(address: string, token: string, companyId: string): Promise<number> {
  let pending = 0;
  for (let page = 1; ; page++) {
    const res = await fetch(
      `${address}/v2/facturas/queryfacturacion?limit=500&page=${page}&id_localidad=${companyId}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (!res.ok) throw new Error(`facturas: ${res.status} ${await res.text()}`);
    const { results: rows } = (await res.json()) as { results: Array<{ pdfEstado: string }> };
    pending += rows.filter((r) => r.pdfEstado !== 'GENERADA').length;
    if (rows.length < 500) return pending;
  }
}
