// The look-up by the ERP's own number (found, 404, foreign tenant, bad input),
// the per-caller rate limit (headers, 429 with Retry-After past a low configured limit) and the
// integrators' request log (rows per call, secrets masked, tenant scope, filters).
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { createInvoice, INGEST, invoice, newCompany, userWith } from './support/invoices.ts';

const BUSCAR = '/v2/documentos/buscar';
const REGISTRO = '/v2/integracion/registro';
const INVOICE_GRANTS = {
  '/facturacion/generales': ['add', 'search'],
  '/facturacion/generales/facturaGeneral': [],
};

describeWithApp('look-up by the ERP’s number and the request log', (ctx) => {
  const get = async (url: string, token?: string) =>
    ctx().request({ method: 'GET', url, token: token ?? (await ctx().adminToken()) });

  it('finds an invoice by RIF, type, number and series', async () => {
    const company = await newCompany(ctx);
    const inv = invoice({ rif: company.rif, extra: { serieNrofactura: 'B' } });
    const done = await createInvoice(ctx, await ctx().adminToken(), inv);
    const res = await get(`${BUSCAR}?rif=${company.rif}&tipo=fact&numero=${inv.nroFactura}&serie=B`);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json();
    expect(found).toMatchObject({
      tipo: 'fact',
      numero: inv.nroFactura,
      serie: 'B',
      nroControl: done.NroControl,
      estatus: 'ACTIVO',
      pdfFirmado: false,
      pdfSha256: null,
    });
    expect(found.urlVerificacion).toBe(`${ctx().config.publicUrl}/certificar/${found.id}/fact`);
    expect(Number.isNaN(Date.parse(found.fechaAsignacionControl))).toBe(false);
    expect(res.headers['ratelimit-limit']).toBe('6000');
  });

  it('answers 404 in Spanish when there is none, and for a foreign company', async () => {
    const company = await newCompany(ctx);
    const inv = invoice({ rif: company.rif });
    await createInvoice(ctx, await ctx().adminToken(), inv);
    const none = await get(`${BUSCAR}?rif=${company.rif}&tipo=fact&numero=NOEXISTE`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No se encontró un documento con esa razón social, tipo y número');
    const other = await newCompany(ctx);
    const stranger = await userWith(ctx, INVOICE_GRANTS, [other.id]);
    const foreign = await get(`${BUSCAR}?rif=${company.rif}&tipo=fact&numero=${inv.nroFactura}`, stranger);
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a Spanish message', async () => {
    const res = await get(`${BUSCAR}?rif=XYZ&tipo=factura&numero=1`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/rif debe tener el formato|tipo debe ser uno de/);
  });

  it('logs each integration call with its counts, key and masked secrets, for its company only', async () => {
    const company = await newCompany(ctx);
    const token = await ctx().adminToken();
    const key = `registro-${Date.now()}`;
    const secretToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijk';
    const good = invoice({
      rif: company.rif,
      extra: { password: 'super-secreta', notas: `Bearer ${secretToken}` },
    });
    const bad = invoice({ rif: company.rif, extra: { importeTotal: 1 } });
    const res = await ctx().request({
      method: 'POST',
      url: INGEST,
      token,
      headers: { 'idempotency-key': key },
      payload: [good, bad],
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await get(`${REGISTRO}?idempotencyKey=${key}`);
    expect(page.statusCode, page.body).toBe(200);
    const { results, totalResults } = page.json();
    expect(totalResults).toBe(1);
    const [row] = results;
    expect(row).toMatchObject({
      id_localidad: company.id,
      rif: company.rif,
      metodo: 'POST',
      ruta: INGEST,
      status: 200,
      aceptados: 1,
      rechazados: 1,
      idempotencyKey: key,
      llamante: 'admin@sigece.local',
    });
    expect(row.cuerpo).toContain('••••••••');
    expect(row.cuerpo).not.toContain('super-secreta');
    expect(row.cuerpo).not.toContain(secretToken);
    expect(row.duracionMs).toBeGreaterThanOrEqual(0);

    // The company's administrator sees it (filters: errors, route); another company's user does not.
    const filtered = await get(`${REGISTRO}?errores=true&ruta=masivafacturacion&id_localidad=${company.id}`);
    expect(filtered.json().results.map((r: { idempotencyKey: string }) => r.idempotencyKey)).toContain(key);
    const other = await newCompany(ctx);
    const stranger = await userWith(ctx, INVOICE_GRANTS, [other.id]);
    const theirs = await get(`${REGISTRO}?idempotencyKey=${key}`, stranger);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().totalResults).toBe(0);
    // Their own calls are theirs to read.
    await ctx().request({
      method: 'POST',
      url: INGEST,
      token: stranger,
      payload: [invoice({ rif: other.rif })],
    });
    const own = (await get(REGISTRO, stranger)).json();
    expect(own.totalResults).toBeGreaterThanOrEqual(1);
    expect(own.results.every((r: { rif: string | null }) => r.rif === other.rif || r.rif === null)).toBe(
      true,
    );
  });

  it('refuses a bad filter with 400', async () => {
    const res = await get(`${REGISTRO}?status=abc`);
    expect(res.statusCode).toBe(400);
  });
});

describeWithApp(
  'rate limit of the integration routes',
  (ctx) => {
    it('announces the limit and answers 429 with Retry-After past it', async () => {
      const company = await newCompany(ctx);
      const token = await userWith(ctx, INVOICE_GRANTS, [company.id]);
      const url = `${BUSCAR}?rif=${company.rif}&tipo=fact&numero=X1`;
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await ctx().request({ method: 'GET', url, token }));
      expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([404, 404, 404]);
      expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      for (const r of answers) expect(r.headers['ratelimit-limit']).toBe('3');
      const refused = answers[3];
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Demasiadas solicitudes a la API de integración/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(Number(refused.headers['ratelimit-reset'])).toBe(retryAfter);
      // Nothing is written past the limit, and another caller has a limit of their own.
      const invoices = await ctx().database.query<{ n: string }>('select count(*)::text as n from facturas');
      const post = await ctx().request({
        method: 'POST',
        url: INGEST,
        token,
        payload: [invoice({ rif: company.rif })],
      });
      expect(post.statusCode).toBe(429);
      expect(await ctx().database.query<{ n: string }>('select count(*)::text as n from facturas')).toEqual(
        invoices,
      );
      const admin = await ctx().request({ method: 'GET', url, token: await ctx().adminToken() });
      expect(admin.statusCode).toBe(404);
      expect(admin.headers['ratelimit-remaining']).toBe('2');
    });
  },
  { config: { integrationRateLimit: 3, integrationRateWindowSeconds: 3600 } },
);
