// A mass-load job interrupted and resumed: a worker stores a chunk and dies before
// recording its outcomes (as with kill -9); the load is picked up again when a process with workers
// starts, and every invoice is stored exactly once with consecutive control numbers.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { seedDemo, seedDemoCompanies, seedModules } from '../src/cli/seed.ts';
import type { Database } from '../src/db/client.ts';
import { seedReference } from '../src/db/reference-seed.ts';
import { massLoadSettings } from '../src/modules/mass-load/job.ts';
import { invoiceFileType } from '../src/modules/mass-load/types/invoice.ts';
import { ADMIN, DRIVERS, freshDatabase, type TestApp, testConfig } from './harness.ts';
import { newCompany, waitFor } from './support/invoices.ts';
import { addProducts, invoiceRow, sheetOf, status, uploadOk } from './support/mass-load.ts';

describe.each(DRIVERS)('mass load: a job interrupted and resumed [%s]', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const apps: FastifyInstance[] = [];

  /** An app on the shared database: `workers` false queues jobs without running them (a stopped worker). */
  // One configuration (secrets included) for both processes: a token of the first is valid in the second.
  const shared = testConfig({ jobs: true });
  async function start(workers: boolean): Promise<TestApp> {
    const config = { ...shared, jobWorkers: workers };
    const app = await buildApp({ config, database, jobPollingSeconds: 1 });
    await app.ready();
    apps.push(app);
    const request: TestApp['request'] = ({ token, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const login = async (email: string, password: string) => {
      const res = await request({ method: 'POST', url: '/v2/auth/login', payload: { email, password } });
      return res.json().tokens.access.token as string;
    };
    return {
      driver,
      app,
      database,
      config,
      request,
      login,
      adminToken: () => login(ADMIN.email, ADMIN.password),
    };
  }

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(driver));
    await seedModules(database.db);
    await seedReference(database.db);
    await seedDemo(database.db, { adminPassword: ADMIN.password });
    await seedDemoCompanies(database.db);
  });

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    massLoadSettings.chunkSize = 250;
    await drop?.();
  });

  it('stores every document once, with consecutive control numbers, and reports the ones stored before the stop', async () => {
    massLoadSettings.chunkSize = 2;

    // First process: HTTP and queue, no worker running the job.
    const first = await start(false);
    const ctx = () => first;
    const admin = await first.adminToken();
    const company = await newCompany(ctx);
    await addProducts(ctx, company.id, ['P-001', 'P-002']);
    const numbers = ['R1', 'R2', 'R3', 'R4', 'R5'];
    const rows = numbers.flatMap((n) => [invoiceRow(n, 'P-001'), invoiceRow(n, 'P-002')]);
    const { carga } = await uploadOk(ctx, admin, company.id, 'factura', await sheetOf(rows));
    const asked = await first.request({
      method: 'POST',
      url: `/v2/mantenimiento/localidad/cargaMasiva/${carga.id}/procesar`,
      token: admin,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().result.estado).toBe('EN_COLA');

    // A worker took the load, stored its first chunk through the family pipeline, and was killed before
    // recording the outcomes: the chunk is stored, the load still says PENDIENTE for it, and its hold
    // has run out.
    const [load] = await database.query<{ solicitante: { scope: never; audit: never } }>(
      'select solicitante from cargas_masivas where id = $1',
      [carga.id],
    );
    const chunk = await database.query<{ documento: unknown }>(
      'select documento from cargas_masivas_documentos where id_carga = $1 order by posicion limit 2',
      [carga.id],
    );
    const outcomes = await invoiceFileType.process(
      first.app.deps,
      load.solicitante,
      chunk.map((c) => c.documento),
      { localidadId: company.id },
    );
    expect(outcomes.map((o) => o.estado)).toEqual(['NUEVO', 'NUEVO']);
    await database.query(
      `update cargas_masivas set estado = 'PROCESANDO', reservada_hasta = $2, iniciada_en = $2 where id = $1`,
      [carga.id, new Date(Date.now() - 1000)],
    );
    await first.app.close();

    // A process with workers starts: the queued job (and the start-up resume) finish the load.
    const second = await start(true);
    const done = await waitFor(
      'la carga reanudada',
      async () => {
        const s = await status(() => second, admin, carga.id);
        return s.estado === 'TERMINADO' ? s : undefined;
      },
      60_000,
    );
    expect(done).toMatchObject({ total: 5, procesados: 5, nuevos: 3, existentes: 2 });
    expect(done.detalleErrores.map((e) => e.numero)).toEqual(['R1', 'R2']);
    const stored = await database.query<{ nro_factura: string; nro_control: string }>(
      'select nro_factura, nro_control from facturas where id_localidad = $1 order by numero_control',
      [company.id],
    );
    expect(stored).toEqual(numbers.map((n, i) => ({ nro_factura: n, nro_control: `00-0000000${i + 1}` })));
  }, 180_000);
});
