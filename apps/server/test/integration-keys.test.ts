// Integration tests of the API keys and the sandbox: create, list and revoke a
// key (the secret shown once, only its SHA-256 stored); `Authorization: Bearer <key>` issues invoices of its
// company and nothing else (another company, a back-office route, an action it lacks, once revoked); a test
// key's invoice is numbered 'PR-…' apart from the real lot and ledger (the next real invoice takes the next
// real number), marked on its PDF (pdftotext), absent from the sales book, verified publicly as a test.
import { createHash } from 'node:crypto';
import { SANDBOX_MARK } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { renderDocument } from '../src/modules/issuance/render/render.ts';
import { countRows, describeWithApp } from './harness.ts';
import {
  createInvoice,
  DEMO_RIF,
  ingest,
  invoice,
  lotActual,
  newCompany,
  nextNumber,
  userWith,
  verifyChecksum,
} from './support/invoices.ts';
import { pdfToText } from './support/pdf-text.ts';

const KEYS = '/v2/integracion/claves';
const KEYS_MODULE = '/integracion/claves';
const control = (n: number) => `00-${String(n).padStart(8, '0')}`;

describeWithApp('integration API keys and sandbox', (ctx) => {
  const admin = () => ctx().adminToken();
  let a: { id: string; rif: string; nombre: string };
  let b: { id: string; rif: string; nombre: string };

  async function createKey(
    body: Record<string, unknown>,
    token?: string,
  ): Promise<{ id: string; clave: string; prefijo: string }> {
    const res = await ctx().request({
      method: 'POST',
      url: KEYS,
      token: token ?? (await admin()),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const ledgerCount = (localidadId: string) =>
    countRows(ctx().database, 'control_numbers', `id_localidad = '${localidadId}'`);

  beforeAll(async () => {
    a = await newCompany(ctx);
    b = await newCompany(ctx);
  });

  it('creates a key shown once (sgc_live_<prefix>_<secret>), stores only its SHA-256, lists it without the secret', async () => {
    const before = await countRows(ctx().database, 'audit_log', "entity = 'clave_api'");
    const key = await createKey({
      localidad: a.id,
      nombre: 'ERP central',
      acciones: ['emitir', 'consultar'],
    });
    expect(key.clave).toMatch(/^sgc_live_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(key.clave.startsWith(`${key.prefijo}_`)).toBe(true);
    const secret = key.clave.slice(key.prefijo.length + 1);
    const [row] = await ctx().database.query<Record<string, unknown>>(
      'select * from api_keys where id = $1',
      [key.id],
    );
    expect(row.secreto_sha256).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await countRows(ctx().database, 'audit_log', "entity = 'clave_api'")).toBe(before + 1);
    const audit = await ctx().database.query<{ after: unknown }>(
      "select after from audit_log where entity = 'clave_api' and entity_id = $1",
      [key.id],
    );
    expect(JSON.stringify(audit)).not.toContain(secret);

    const list = await ctx().request({
      method: 'GET',
      url: `${KEYS}?localidad=${a.id}&search=ERP`,
      token: await admin(),
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json();
    expect(page.totalResults).toBe(1);
    expect(page.results[0]).toMatchObject({
      id: key.id,
      prefijo: key.prefijo,
      nombre: 'ERP central',
      acciones: ['emitir', 'consultar'],
      prueba: false,
      revocadaEn: null,
      ultimoUso: null,
      localidadNombre: a.nombre,
    });
    expect(list.body).not.toContain(secret);
  });

  it('bad input is a Spanish 400 and writes nothing; a foreign company is 403; no permission is 403', async () => {
    const count = () => countRows(ctx().database, 'api_keys');
    const before = await count();
    for (const payload of [
      { localidad: a.id, nombre: '', acciones: ['emitir'] },
      { localidad: a.id, nombre: 'x', acciones: [] },
      { localidad: a.id, nombre: 'x', acciones: ['borrar'] },
      { localidad: 'no-uuid', nombre: 'x', acciones: ['emitir'] },
      { localidad: a.id, nombre: 'x', acciones: ['emitir'], prueba: 'quizás' },
    ]) {
      const res = await ctx().request({ method: 'POST', url: KEYS, token: await admin(), payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/[a-záéíóú]/);
    }
    const unknown = await ctx().request({
      method: 'POST',
      url: KEYS,
      token: await admin(),
      payload: { localidad: '00000000-0000-4000-8000-000000000000', nombre: 'x', acciones: ['emitir'] },
    });
    expect(unknown.statusCode).toBe(400);
    const adminOfA = await userWith(ctx, { [KEYS_MODULE]: ['add', 'revoke'] }, [a.id]);
    const foreign = await ctx().request({
      method: 'POST',
      url: KEYS,
      token: adminOfA,
      payload: { localidad: b.id, nombre: 'x', acciones: ['emitir'] },
    });
    expect(foreign.statusCode, foreign.body).toBe(403);
    const reader = await userWith(ctx, { [KEYS_MODULE]: [] }, [a.id]);
    const noRight = await ctx().request({
      method: 'POST',
      url: KEYS,
      token: reader,
      payload: { localidad: a.id, nombre: 'x', acciones: ['emitir'] },
    });
    expect(noRight.statusCode).toBe(403);
    expect(await count()).toBe(before);
    // The company's own administrator creates and sees its keys, never another company's.
    await createKey({ localidad: b.id, nombre: 'de B', acciones: ['emitir'] });
    const own = await createKey({ localidad: a.id, nombre: 'propia', acciones: ['consultar'] }, adminOfA);
    const list = await ctx().request({ method: 'GET', url: KEYS, token: adminOfA });
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().results.map((r: { id: string; localidad: string }) => r.localidad);
    expect(ids).not.toContain(b.id);
    expect(list.body).toContain(own.id);
    const [keyOfB] = await ctx().database.query<{ id: string }>(
      'select id::text from api_keys where id_localidad = $1',
      [b.id],
    );
    const revokeForeign = await ctx().request({
      method: 'DELETE',
      url: `${KEYS}/${keyOfB.id}`,
      token: adminOfA,
    });
    expect(revokeForeign.statusCode).toBe(403);
    expect(await countRows(ctx().database, 'api_keys', 'revocada_en is not null')).toBe(0);
  });

  it("a live key issues its company's invoices, never another company's, never a back-office route; revoked it is 401", async () => {
    const key = await createKey({ localidad: a.id, nombre: 'ERP', acciones: ['emitir', 'consultar'] });
    const lot = await lotActual(ctx, a.id);
    const done = await createInvoice(ctx, key.clave, invoice({ rif: a.rif }));
    expect(done.NroControl).toBe(control(lot + 1));
    const [stored] = await ctx().database.query<{ log_username: string; sandbox: boolean }>(
      'select log_username, sandbox from facturas where id = $1',
      [done.id],
    );
    expect(stored).toEqual({ log_username: `clave:${key.prefijo}`, sandbox: false });
    const [used] = await ctx().database.query<{ ultimo_uso: unknown }>(
      'select ultimo_uso from api_keys where id = $1',
      [key.id],
    );
    // Written in the background, at most once a minute.
    await new Promise((r) => setTimeout(r, 200));
    const [usedAfter] = await ctx().database.query<{ ultimo_uso: unknown }>(
      'select ultimo_uso from api_keys where id = $1',
      [key.id],
    );
    expect(used.ultimo_uso ?? usedAfter.ultimo_uso).not.toBeNull();

    // Company B (and the demo company) are not the key's: the invoice is refused, nothing is written.
    const ledgerB = await ledgerCount(b.id);
    const foreign = await ingest(ctx, key.clave, [invoice({ rif: b.rif }), invoice({ rif: DEMO_RIF })]);
    expect(foreign.code).toBe(203);
    expect(foreign.totalFacturasNew).toBe(0);
    expect(JSON.stringify(foreign.DetalleErrorFacturas)).toContain('No tiene acceso');
    expect(await ledgerCount(b.id)).toBe(ledgerB);

    // Back-office routes: the users list, the invoice list, the key list itself.
    for (const url of ['/v2/users/allUser', '/v2/facturas/queryfacturacion', KEYS, '/v2/auth/me']) {
      const res = await ctx().request({ method: 'GET', url, token: key.clave });
      expect([401, 403, 404], `${url}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 403)
        expect(res.json().message).toBe('Las claves de API solo pueden usarse en las rutas de integración');
    }
    const users = await ctx().request({ method: 'GET', url: '/v2/users/allUser', token: key.clave });
    expect(users.statusCode).toBe(403);

    // Its PDF, with 'consultar'.
    await renderDocument(ctx().app.deps, 'fact', done.id);
    const pdf = await ctx().request({ method: 'GET', url: `/v2/facturas/pdf/${done.id}`, token: key.clave });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);

    // A wrong secret with a real prefix, a malformed key: 401.
    const wrong = `${key.prefijo}_${'A'.repeat(43)}`;
    for (const token of [wrong, 'sgc_live_nada']) {
      const res = await ctx().request({
        method: 'POST',
        url: '/v2/facturas/masivafacturacion',
        token,
        payload: [invoice({ rif: a.rif })],
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Clave de API inválida o revocada');
    }

    const revoke = await ctx().request({ method: 'DELETE', url: `${KEYS}/${key.id}`, token: await admin() });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const count = await countRows(ctx().database, 'facturas', `id_localidad = '${a.id}'`);
    const after = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/masivafacturacion',
      token: key.clave,
      payload: [invoice({ rif: a.rif })],
    });
    expect(after.statusCode).toBe(401);
    expect(await countRows(ctx().database, 'facturas', `id_localidad = '${a.id}'`)).toBe(count);
    const listed = await ctx().request({
      method: 'GET',
      url: `${KEYS}?localidad=${a.id}`,
      token: await admin(),
    });
    const row = listed.json().results.find((r: { id: string }) => r.id === key.id);
    expect(row.revocadaEn).not.toBeNull();
    const unknown = await ctx().request({
      method: 'DELETE',
      url: `${KEYS}/00000000-0000-4000-8000-000000000000`,
      token: await admin(),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an action the key does not allow is 403 and writes nothing', async () => {
    const reader = await createKey({ localidad: a.id, nombre: 'solo lectura', acciones: ['consultar'] });
    const count = await countRows(ctx().database, 'facturas');
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/masivafacturacion',
      token: reader.clave,
      payload: [invoice({ rif: a.rif })],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("La clave de API no permite la acción 'emitir'");
    const annul = await ctx().request({
      method: 'PUT',
      url: '/v2/ordenes/anular',
      token: reader.clave,
      payload: [],
    });
    expect(annul.statusCode).toBe(403);
    expect(await countRows(ctx().database, 'facturas')).toBe(count);
  });

  it("a test key's invoice: 'PR-' numbers, no real number nor ledger row, marked PDF, not in the sales book, verified as a test", async () => {
    const key = await createKey({
      localidad: a.id,
      nombre: 'pruebas',
      acciones: ['emitir', 'consultar'],
      prueba: true,
    });
    expect(key.clave).toMatch(/^sgc_test_[0-9a-f]{8}_/);
    const lot = await lotActual(ctx, a.id);
    const ledger = await ledgerCount(a.id);
    const number = nextNumber('T');
    const test = await createInvoice(ctx, key.clave, invoice({ rif: a.rif, nroFactura: number }));
    expect(test.NroControl).toMatch(/^PR-\d{8}$/);
    const second = await createInvoice(ctx, key.clave, invoice({ rif: a.rif }));
    expect(Number(second.NroControl.slice(3))).toBe(Number(test.NroControl.slice(3)) + 1);
    // The same number again in the sandbox is 'ya existe', as in the real world.
    const again = await ingest(ctx, key.clave, [invoice({ rif: a.rif, nroFactura: number })]);
    expect(JSON.stringify(again.DetalleErrorFacturas)).toContain('ya existe');
    expect(await lotActual(ctx, a.id)).toBe(lot);
    expect(await ledgerCount(a.id)).toBe(ledger);
    expect(await countRows(ctx().database, 'control_numbers', `id_documento = '${test.id}'`)).toBe(0);

    // The next real invoice takes the next real number; the ERP's number may be reused for real.
    const real = await createInvoice(ctx, await admin(), invoice({ rif: a.rif, nroFactura: number }));
    expect(real.NroControl).toBe(control(lot + 1));
    expect(await ledgerCount(a.id)).toBe(ledger + 1);

    // A test key reaches no route that would touch real documents (annulments, other families).
    const annul = await createKey({
      localidad: a.id,
      nombre: 'p2',
      acciones: ['anular', 'emitir'],
      prueba: true,
    });
    // (Notes, orders and withholdings have their sandbox too: integration-sandbox.test.ts.)
    for (const [method, url] of [['POST', '/v2/facturas/masivaAnularfacturacionXls']] as const) {
      const res = await ctx().request({ method, url, token: annul.clave, payload: [] });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Una clave de prueba no puede usarse en esta ruta: use una clave real');
    }

    // The PDF says it is a test document (rendered as the job does; no ledger row to mark).
    await renderDocument(ctx().app.deps, 'fact', test.id);
    await renderDocument(ctx().app.deps, 'fact', real.id);
    const pdf = await ctx().request({ method: 'GET', url: `/v2/facturas/pdf/${test.id}`, token: key.clave });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = await pdfToText(pdf.rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain(SANDBOX_MARK);
    const realPdf = await ctx().request({
      method: 'GET',
      url: `/v2/facturas/pdf/${real.id}`,
      token: await admin(),
    });
    expect(await pdfToText(realPdf.rawPayload)).not.toContain('DOCUMENTO DE PRUEBA');

    // Public verification (no token) says so.
    const pub = await ctx().request({ method: 'GET', url: `/v2/facturas/getfacturacion/${test.id}` });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().factura).toMatchObject({ prueba: true, aviso: SANDBOX_MARK });
    const checked = await verifyChecksum(ctx, [
      { name: 'tipoDocumento', value: 'fact' },
      { name: 'id', value: test.id },
      { name: 'checkSum', value: '' },
      { name: 'file', filename: 'factura.pdf', contentType: 'application/pdf', data: pdf.rawPayload },
    ]);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      code: 200,
      message: `Correcto: Documento verificado (${SANDBOX_MARK})`,
      prueba: true,
    });
    const pubReal = await ctx().request({ method: 'GET', url: `/v2/facturas/getfacturacion/${real.id}` });
    expect(pubReal.json().factura.prueba).toBeUndefined();

    // Not in the sales book (PDF and lines), not in the working list.
    const book = await ctx().request({
      method: 'GET',
      url: `/v2/mantenimiento/reportes/getlibroVentas?${new URLSearchParams({ fechaInicio: '2026-06-01', fechaFin: '2026-06-30', id_localidad: a.id })}`,
      token: await admin(),
    });
    expect(book.statusCode, book.body.slice(0, 300)).toBe(200);
    const bookText = await pdfToText(Buffer.from(book.json().libro.reporteVenta, 'base64'));
    expect(bookText).toContain(real.NroControl);
    expect(bookText).not.toContain(test.NroControl);
    expect(book.body).not.toContain(test.NroControl);
    const list = await ctx().request({
      method: 'GET',
      url: `/v2/facturas/queryfacturacion?id_localidad=${a.id}&limit=100`,
      token: await admin(),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(real.id);
    expect(list.body).not.toContain(test.id);
  });

  it('/docs describes the keys and the sandbox, with an example', async () => {
    const docs = await ctx().request({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    const spec = docs.json();
    const create = spec.paths['/v2/integracion/claves'].post;
    expect(create.description).toContain('sgc_test_');
    expect(create.description).toContain(SANDBOX_MARK);
    // The sandbox covers the four families' intakes.
    for (const route of [
      'masivafacturacion',
      'nota/masivanotas',
      'ordenes/masivaordenes',
      'createRetencionIvaMasiva',
    ])
      expect(create.description).toContain(route);
    expect(create.description).toContain('"acciones": ["emitir", "consultar"]');
    expect(spec.paths['/v2/integracion/claves/{id}'].delete).toBeDefined();
    expect(spec.components.securitySchemes.bearerAuth.description).toContain('clave de API');
  });
});
