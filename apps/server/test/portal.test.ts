// The tax authority's read access: a SENIAT portal user (USUARIO_PORTAL / ADMIN_PORTAL)
// reads every company's numbered documents of every family and their signed PDFs, each read audited; every
// write route of the application (all of /docs/json) answers 403 for them and writes nothing; the portal's
// administrator creates portal users, nobody else does; company users do not reach the portal.
import { PORTAL_MESSAGES } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { PORTAL_WRITES } from '../src/http/portal.ts';
import { requestLogOf } from '../src/modules/integration/request-log.ts';
import { describeWithApp } from './harness.ts';
import { type Ctx, newCompany } from './support/invoices.ts';
import { generatedInvoice, ingestNotes, noteItem } from './support/notes.ts';
import { ingestOrders, orderItem } from './support/orders.ts';
import { createUser, PASSWORD, userPayload, userWith } from './support/users.ts';
import { issueIvaVoucher, makeWithholdingAgent } from './support/withholdings.ts';

const DOCS = '/v2/portal/documentos';
const READS = new Set(['get', 'head', 'options']);

interface Row {
  id: string;
  tipoDoc: string;
  tipo: string;
  nroControl: string;
  id_localidad: string;
  emisorRif: string;
  clienteRif: string;
  baseImponible: string;
  impuesto: string;
  total: string;
  estatus: string;
  pdf: boolean;
}

/**
 * Every table's content, hashed: a refused request must leave all of it as it was. The integration
 * request log is the one record a refused call leaves by design (every call to an
 * integration route, refused ones included); the test checks its rows instead. A partitioned table's
 * rows are read through it, not through its partitions (the log's monthly ones among them).
 */
async function databaseFingerprint(ctx: Ctx): Promise<Record<string, string>> {
  // The log is written half a second after the answers (request-log.ts): flushed first, so that no
  // call of the setup lands between the two fingerprints.
  await requestLogOf(ctx().database.db).flush();
  const tables = await ctx().database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'integration_requests'
        and table_name not in (select relname from pg_class where relispartition)
      order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await ctx().database.query<{ h: string }>(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
    );
    out[name] = row.h;
  }
  return out;
}

describeWithApp('portal SENIAT: read access for the tax authority', (ctx: Ctx) => {
  let A: { id: string; rif: string; nombre: string };
  let B: { id: string; rif: string; nombre: string };
  let invoiceA: { id: string; nroControl: string };
  let invoiceB: { id: string; nroControl: string };
  let portalAdmin: { id: string; token: string };
  let portalUser: { id: string; email: string; token: string };
  let companyUser: string;

  beforeAll(async () => {
    const admin = await ctx().adminToken();
    A = await newCompany(ctx, { lot: 100 });
    B = await newCompany(ctx, { lot: 100 });
    const a1 = await generatedInvoice(ctx, admin, {
      rif: A.rif,
      lines: [{ precio: 100, cantidad: 1, alicuota: 16 }],
    });
    const b1 = await generatedInvoice(ctx, admin, {
      rif: B.rif,
      lines: [{ precio: 50, cantidad: 2, alicuota: 16 }],
    });
    invoiceA = a1;
    invoiceB = b1;
    await ingestNotes(ctx, admin, [
      noteItem({
        rif: A.rif,
        nroFactura: a1.nroFactura,
        lines: [{ codigo: 'P-001', precio: 10, cantidad: 1, alicuota: 16 }],
      }),
    ]);
    const orderLot = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/addcontrolOrdenGuiaLoc',
      token: admin,
      payload: {
        id_localidad: B.id,
        tipo: 'Global',
        serie: '00',
        nroControl: 0,
        nroControlDesde: 0,
        nroControlHasta: 100,
        cantidadFacturas: 100,
        logEstatusRegistro: 'ACTIVO',
      },
    });
    expect(orderLot.statusCode, orderLot.body).toBe(200);
    await ingestOrders(ctx, admin, [orderItem({ rif: B.rif })]);
    await makeWithholdingAgent(ctx, A.id);
    await issueIvaVoucher(ctx, {
      rif: A.rif,
      rifProveedor: 'J-000000019',
      lines: [
        {
          nroDocumento: '000123',
          nroControlDocumento: '00-00168441',
          montoTotalDocumento: '1160.00',
          baseImponible: '1000.00',
          impuestoCausado: '160.00',
          impuestoRetenido: '120.00',
        },
      ],
    });

    // The master admin's users screen gives the type; a portal user needs no role and no company.
    const adminUser = await createUser(ctx, { userPortal: 'ADMIN_PORTAL' });
    portalAdmin = { id: adminUser.id, token: await ctx().login(adminUser.email, PASSWORD) };
    const plain = await createUser(ctx, { userPortal: 'USUARIO_PORTAL' });
    portalUser = { id: plain.id, email: plain.email, token: await ctx().login(plain.email, PASSWORD) };
    companyUser = (
      await userWith(ctx, { '/facturacion/generales': ['search', 'print'], '/seguridad/usuarios': ['add'] }, [
        A.id,
      ])
    ).token;
    // Documents of four families on two companies: slow on a loaded machine.
  }, 300_000);

  const get = (url: string, token: string) => ctx().request({ method: 'GET', url, token });

  it('a portal user reads the numbered documents of every company and every family', async () => {
    const res = await get(`${DOCS}?limit=500`, portalUser.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().results as Row[];
    const ours = rows.filter((r) => r.id_localidad === A.id || r.id_localidad === B.id);
    expect(new Set(ours.map((r) => r.id_localidad))).toEqual(new Set([A.id, B.id]));
    expect(new Set(ours.map((r) => r.tipoDoc))).toEqual(new Set(['fact', 'nota', 'orden', 'ret']));
    const a = ours.find((r) => r.id === invoiceA.id);
    expect(a).toMatchObject({
      tipo: 'Factura',
      nroControl: invoiceA.nroControl,
      emisorRif: A.rif,
      clienteRif: expect.any(String),
      baseImponible: '100.00',
      impuesto: '16.00',
      total: '116.00',
      estatus: 'ACTIVO',
      pdf: true,
    });
    const voucher = ours.find((r) => r.tipoDoc === 'ret');
    expect(voucher).toMatchObject({
      clienteRif: 'J-000000019',
      baseImponible: '1000.00',
      impuesto: '120.00',
    });
  });

  it('searches by RIF, control number, type, company and dates; pages on the server', async () => {
    const byRif = (await get(`${DOCS}?rif=${B.rif}&limit=50`, portalUser.token)).json();
    expect(byRif.results.every((r: Row) => r.emisorRif === B.rif)).toBe(true);
    expect(byRif.results.map((r: Row) => r.id)).toContain(invoiceB.id);
    const digits = (await get(`${DOCS}?rif=${B.rif.slice(2)}&tipoDoc=fact`, portalUser.token)).json();
    expect(digits.results.map((r: Row) => r.id)).toEqual([invoiceB.id]);
    const byControl = (
      await get(
        `${DOCS}?nroControl=${invoiceA.nroControl}&id_localidad=${A.id}&tipoDoc=fact`,
        portalUser.token,
      )
    ).json();
    expect(byControl.results.map((r: Row) => r.id)).toEqual([invoiceA.id]);
    const page = (await get(`${DOCS}?id_localidad=${A.id}&limit=1&page=2`, portalUser.token)).json();
    expect(page).toMatchObject({ page: 2, limit: 1, totalResults: 3 });
    expect(page.results).toHaveLength(1);
    const none = (
      await get(`${DOCS}?id_localidad=${A.id}&fechaInicio=2000-01-01&fechaFin=2000-01-31`, portalUser.token)
    ).json();
    expect(none.totalResults).toBe(0);
  });

  it('answers bad input with a Spanish 400', async () => {
    for (const query of [
      'fechaInicio=2026-02-01&fechaFin=2026-01-01',
      'tipoDoc=xx',
      'rif=ABC',
      'id_localidad=1',
      'fechaFin=ayer',
    ]) {
      const res = await get(`${DOCS}?${query}`, portalUser.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/[a-záéíóú]/i);
    }
    expect(
      (await get(`${DOCS}?fechaInicio=2026-02-01&fechaFin=2026-01-01`, portalUser.token)).json().message,
    ).toContain(PORTAL_MESSAGES.dateOrder);
  });

  it("downloads any company's signed PDF, and every read is in the audit log", async () => {
    for (const doc of [invoiceA, invoiceB]) {
      const res = await get(`${DOCS}/fact/${doc.id}/pdf`, portalUser.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const missing = await get(`${DOCS}/fact/${crypto.randomUUID()}/pdf`, portalUser.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PORTAL_MESSAGES.documentMissing);
    const audit = await ctx().database.query<{ route: string; entity_id: string | null; action: string }>(
      `select route, entity_id, action from audit_log where entity = 'portal' and user_id = $1 order by id`,
      [portalUser.id],
    );
    expect(audit.map((a) => a.entity_id)).toEqual(expect.arrayContaining([invoiceA.id, invoiceB.id]));
    expect(audit.filter((a) => a.route === DOCS).length).toBeGreaterThanOrEqual(5);
    expect(audit.every((a) => a.action === 'consulta')).toBe(true);
    // The refused download (404) read nothing: not recorded.
    expect(
      audit.filter((a) => a.entity_id !== null && a.entity_id !== invoiceA.id && a.entity_id !== invoiceB.id),
    ).toEqual([]);
  });

  it('sees no other back-office route: their role opens nothing else', async () => {
    for (const url of [
      '/v2/facturas/queryfacturacion?limit=5',
      `/v2/facturas/pdf/${invoiceA.id}`,
      '/v2/users/allUser',
      '/v2/mantenimiento/roles/getroles',
    ]) {
      const res = await get(url, portalUser.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(PORTAL_MESSAGES.notPortalRoute);
    }
    const me = await get('/v2/auth/me', portalUser.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().userPortal).toBe('USUARIO_PORTAL');
  });

  it('is refused every write route of the application (all of /docs/json) and nothing is written', async () => {
    const spec = (await ctx().request({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => !READS.has(m))
        .map((m) => ({ method: m.toUpperCase(), path })),
    );
    expect(writes.length).toBeGreaterThan(60);
    const before = await databaseFingerprint(ctx);
    const [{ last }] = await ctx().database.query<{ last: number }>(
      'select coalesce(max(id), 0)::int as last from integration_requests',
    );
    const tried: string[] = [];
    for (const { method, path } of writes) {
      const route = `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      if (PORTAL_WRITES.has(route)) continue;
      // A real document's id wherever an id goes: a write that slipped through would change it.
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        name === 'tipoDoc' ? 'fact' : invoiceA.id,
      );
      for (const token of [portalUser.token, portalAdmin.token]) {
        const res = await ctx().request({
          method: method as 'POST',
          url,
          token,
          payload: { id_localidad: A.id, rif: A.rif, userPortal: 'ADMIN_PORTAL' },
        });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe(PORTAL_MESSAGES.readOnly);
      }
      tried.push(route);
    }
    expect(tried).toContain('PUT /v2/facturas/anularfactura/:id');
    expect(tried).toContain('POST /v2/users/addUser');
    expect(await databaseFingerprint(ctx)).toEqual(before);
    // What the log kept of them: refused calls, nothing accepted.
    const logged = await ctx().database.query<{
      status: number;
      accepted: number | null;
      route: string;
      caller: string;
    }>('select status, accepted, route, caller from integration_requests where id > $1', [last]);
    expect(logged.length).toBeGreaterThan(0);
    for (const row of logged) {
      expect(row.status, row.route).toBe(403);
      expect(row.accepted ?? 0).toBe(0);
      // Each refusal names the portal user who was refused, not 'anonimo'.
      expect([`user:${portalUser.id}`, `user:${portalAdmin.id}`], row.route).toContain(row.caller);
    }
  });

  it('ADMIN_PORTAL creates a USUARIO_PORTAL user; USUARIO_PORTAL and company users cannot', async () => {
    const body = userPayload();
    delete (body as Record<string, unknown>).userPortal;
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/portal/usuarios',
      token: portalAdmin.token,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ email: body.email, userPortal: 'USUARIO_PORTAL' });
    const [row] = await ctx().database.query<{
      master_admin: boolean;
      id_rol: string | null;
      user_portal: string;
    }>('select master_admin, role_id, user_portal from users where email = $1', [body.email]);
    expect(row).toEqual({ master_admin: false, role_id: null, user_portal: 'USUARIO_PORTAL' });
    const created = await ctx().login(body.email, PASSWORD);
    expect((await get(`${DOCS}?limit=1`, created)).statusCode).toBe(200);
    const audited = await ctx().database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where entity = 'user' and action = 'create' and user_id = $1`,
      [portalAdmin.id],
    );
    expect(audited[0].n).toBe('1');

    for (const token of [portalUser.token, companyUser]) {
      const refused = await ctx().request({
        method: 'POST',
        url: '/v2/portal/usuarios',
        token,
        payload: userPayload(),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PORTAL_MESSAGES.adminOnly);
    }
    // Bad input: a Spanish 400, nothing created.
    const bad = await ctx().request({
      method: 'POST',
      url: '/v2/portal/usuarios',
      token: portalAdmin.token,
      payload: { ...userPayload(), email: 'no-es-correo' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/email/i);
    const list = (await get('/v2/portal/usuarios?limit=100', portalAdmin.token)).json();
    expect(list.results.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([body.email, portalUser.email]),
    );
    expect((await get('/v2/portal/usuarios', portalUser.token)).statusCode).toBe(403);
  });

  it('a company user reaches no portal route and cannot make a portal user through the users screen', async () => {
    for (const url of [
      DOCS,
      `${DOCS}/fact/${invoiceA.id}/pdf`,
      '/v2/portal/empresas',
      '/v2/portal/usuarios',
    ]) {
      const res = await get(url, companyUser);
      expect(res.statusCode, url).toBe(403);
    }
    const payload = userPayload({ userPortal: 'USUARIO_PORTAL', id_localidad: [A.id] });
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/users/addUser',
      token: companyUser,
      payload,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(PORTAL_MESSAGES.masterOnlyPortal);
    const [{ n }] = await ctx().database.query<{ n: string }>(
      'select count(*)::text as n from users where email = $1',
      [payload.email],
    );
    expect(n).toBe('0');
  });

  it('the portal user changes their own password and logs out (their only writes)', async () => {
    const login = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: portalUser.email, password: PASSWORD },
    });
    const { refresh } = login.json().tokens;
    const out = await ctx().request({
      method: 'POST',
      url: '/v2/auth/logout',
      token: login.json().tokens.access.token,
      payload: { refreshToken: refresh.token },
    });
    expect(out.statusCode, out.body).toBe(204);
  });
});
