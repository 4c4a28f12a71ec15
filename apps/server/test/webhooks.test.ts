// Integration tests of the webhooks for integrators: a receiver on 127.0.0.1 (node:http,
// random port) gets signed events in order, checked by a verifier written here from the Standard Webhooks
// spec (not the server's signer); 500 three times then 200 gives the event once more each time (the clock
// passed to the delivery handler, never waited); 3 days of failures disable the endpoint and e-mail the
// company's administrators; a foreign tenant is refused; a bad URL is a Spanish 400; the secret is shown once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendDocumentMail } from '../src/modules/issuance/render/mail-job.ts';
import { renderDocument } from '../src/modules/issuance/render/render.ts';
import { deliverDue } from '../src/modules/webhooks/delivery.ts';
import { countRows, describeWithApp } from './harness.ts';
import { createInvoice, invoice, newCompany } from './support/invoices.ts';
import { userWith } from './support/users.ts';
import { Receiver, verify } from './support/webhook-receiver.ts';

const HOOKS = '/v2/integracion/webhooks';
const ADMIN_GRANTS = { '/mantenimiento/Localidad': ['update', 'view'] };
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

describeWithApp('webhooks: endpoints, signed deliveries in order, retries, give-up, tenancy', (ctx) => {
  const receiver = new Receiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const admin = () => ctx().adminToken();
  const post = async (url: string, payload?: object, token?: string) =>
    ctx().request({ method: 'POST', url, payload, token: token ?? (await admin()) });
  const get = async (url: string, token?: string) =>
    ctx().request({ method: 'GET', url, token: token ?? (await admin()) });
  const deps = () => ctx().app.deps;
  const deliveries = (endpoint: string) =>
    ctx().database.query<{ estado: string; intentos: number; tipo: string; proximo: string }>(
      `select d.estado, d.intentos, e.tipo, d.proximo_intento::text as proximo from webhook_deliveries d
        join webhook_events e on e.id = d.id_evento where d.id_endpoint = $1 order by d.seq`,
      [endpoint],
    );
  const register = async (localidad: string, eventos: string[] = ['documento.numerado']) => {
    const res = await post(HOOKS, { localidad, url: receiver.url, eventos });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secreto: string; message: string };
  };
  /** Runs the delivery handler until nothing more is due at `now`. */
  const drain = async (now: Date) => {
    let total = 0;
    for (let i = 0; i < 10; i++) {
      const n = await deliverDue(deps(), { now });
      total += n;
      if (n === 0) break;
    }
    return total;
  };

  it('bad input: a Spanish 400 and nothing written; https only outside development and test', async () => {
    const company = await newCompany(ctx, { lot: 0 });
    const before = await countRows(ctx().database, 'webhook_endpoints');
    const cases: Array<[object, string]> = [
      [
        { localidad: company.id, url: 'no es una url', eventos: ['documento.numerado'] },
        'La URL no es válida',
      ],
      [
        { localidad: company.id, url: 'ftp://erp.example.com/x', eventos: ['documento.numerado'] },
        'La URL no es válida',
      ],
      [{ localidad: company.id, url: receiver.url, eventos: [] }, 'Seleccione al menos un evento'],
      [{ localidad: company.id, url: receiver.url, eventos: ['factura.creada'] }, 'Evento no válido'],
      [{ localidad: 'x', url: receiver.url, eventos: ['documento.numerado'] }, 'Razón social no válida'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(HOOKS, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const config = ctx().config;
    config.webhookAnyUrl = false;
    try {
      const res = await post(HOOKS, {
        localidad: company.id,
        url: receiver.url,
        eventos: ['documento.numerado'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La URL debe usar HTTPS');
    } finally {
      config.webhookAnyUrl = undefined;
    }
    expect(await countRows(ctx().database, 'webhook_endpoints')).toBe(before);
  });

  it('the secret is shown once: in the creation answer (whsec_), never in the list, stored sealed', async () => {
    const company = await newCompany(ctx, { lot: 0 });
    const created = await register(company.id);
    expect(created.secreto).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.message).toContain('no se volverá a mostrar');
    const list = await get(`${HOOKS}?localidad=${company.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secreto);
    expect(list.json().results).toEqual([
      expect.objectContaining({
        id: created.id,
        url: receiver.url,
        activo: true,
        razonSocial: company.nombre,
      }),
    ]);
    const [row] = await ctx().database.query<{ s: string }>(
      `select encode(secreto, 'escape') as s from webhook_endpoints where id = $1`,
      [created.id],
    );
    expect(row.s).not.toContain(created.secreto.slice(6, 20));
    const [audit] = await ctx().database.query<{ after: unknown }>(
      `select after from audit_log where entity = 'webhook' and entity_id = $1`,
      [created.id],
    );
    expect(JSON.stringify(audit.after)).not.toContain(created.secreto);
  });

  it("a foreign tenant is refused: another company's administrator can neither add, see, test nor delete", async () => {
    const mine = await newCompany(ctx, { lot: 0 });
    const theirs = await newCompany(ctx, { lot: 0 });
    const created = await register(mine.id);
    const other = await userWith(ctx, ADMIN_GRANTS, [theirs.id]);
    const before = await countRows(ctx().database, 'webhook_endpoints');
    const add = await post(
      HOOKS,
      { localidad: mine.id, url: receiver.url, eventos: ['documento.numerado'] },
      other.token,
    );
    expect(add.statusCode).toBe(403);
    expect(await countRows(ctx().database, 'webhook_endpoints')).toBe(before);
    const list = await get(HOOKS, other.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((r: { id: string }) => r.id)).not.toContain(created.id);
    for (const [method, url] of [
      ['DELETE', `${HOOKS}/${created.id}`],
      ['POST', `${HOOKS}/${created.id}/prueba`],
      ['POST', `${HOOKS}/${created.id}/secreto`],
      ['POST', `${HOOKS}/${created.id}/desactivar`],
      ['GET', `${HOOKS}/${created.id}/entregas`],
    ] as const) {
      const res = await ctx().request({ method, url, token: other.token });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(receiver.requests.length).toBe(0);
    // A user without the company administrator's permission does not reach the routes at all.
    const plain = await userWith(ctx, { '/facturacion/generales': ['search'] }, [mine.id]);
    expect((await get(HOOKS, plain.token)).statusCode).toBe(403);
    // Its own company's administrator does.
    const own = await userWith(ctx, ADMIN_GRANTS, [mine.id]);
    expect((await get(`${HOOKS}/${created.id}/entregas`, own.token)).statusCode).toBe(200);
  });

  it("a document's events arrive signed and in order; 500 three times then 200 sends the same event each time", async () => {
    receiver.requests.length = 0;
    const company = await newCompany(ctx);
    const created = await register(company.id, [
      'documento.numerado',
      'documento.firmado',
      'documento.anulado',
      'correo.enviado',
    ]);
    const doc = await createInvoice(ctx, await admin(), invoice({ rif: company.rif }));
    const t0 = new Date();
    receiver.plan = [500, 500, 500];
    expect(await deliverDue(deps(), { now: t0 })).toBe(1);
    let rows = await deliveries(created.id);
    expect(rows).toEqual([
      expect.objectContaining({ estado: 'PENDIENTE', intentos: 1, tipo: 'documento.numerado' }),
    ]);
    expect(new Date(rows[0].proximo).getTime()).toBe(t0.getTime() + 10 * SECOND);

    // The PDF is signed while the first event waits for its retry: the later event waits behind it.
    await renderDocument(deps(), 'fact', doc.id);
    expect(await drain(new Date(t0.getTime() + 5 * SECOND))).toBe(0);
    expect(receiver.requests.length).toBe(1);

    // 10 s, 20 s, 40 s of back-off: the clock is passed, not waited.
    expect(await deliverDue(deps(), { now: new Date(t0.getTime() + 10 * SECOND) })).toBe(1);
    expect(await deliverDue(deps(), { now: new Date(t0.getTime() + 30 * SECOND) })).toBe(1);
    expect(await deliverDue(deps(), { now: new Date(t0.getTime() + 69 * SECOND) })).toBe(0);
    expect(await deliverDue(deps(), { now: new Date(t0.getTime() + 70 * SECOND) })).toBe(1);
    expect(receiver.requests.length).toBe(4);
    const first = receiver.requests.slice(0, 4);
    expect(new Set(first.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(first.map((r) => r.body)).size).toBe(1);

    // Then the signed PDF's event, the e-mail's and the annulment's, in that order.
    await drain(new Date(t0.getTime() + 71 * SECOND));
    await sendDocumentMail(deps(), { tipoDoc: 'fact', id: doc.id });
    await drain(new Date(t0.getTime() + 72 * SECOND));
    const annul = await ctx().request({
      method: 'PUT',
      url: `/v2/facturas/anularfactura/${doc.id}`,
      token: await admin(),
    });
    expect(annul.statusCode, annul.body).toBe(200);
    await drain(new Date(t0.getTime() + 73 * SECOND));

    const events = receiver.events();
    expect(events.map((e) => e.type)).toEqual([
      'documento.numerado',
      'documento.numerado',
      'documento.numerado',
      'documento.numerado',
      'documento.firmado',
      'correo.enviado',
      'documento.anulado',
    ]);
    for (const r of receiver.requests) expect(verify(created.secreto, r)).toBe(true);
    const tampered = {
      ...receiver.requests[0],
      body: receiver.requests[0].body.replace('numerado', 'anulado'),
    };
    expect(verify(created.secreto, tampered)).toBe(false);
    expect(events[0]).toMatchObject({
      id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      type: 'documento.numerado',
      company: { id: company.id, rif: company.rif, nombre: company.nombre },
      data: { tipoDoc: 'fact', id: doc.id, nroControl: doc.NroControl },
    });
    expect(events[4].data).toMatchObject({ id: doc.id, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(receiver.requests[0].headers['webhook-id']).toBe(events[0].id);

    // The log: 4 attempts, the last answer's code and first kilobyte.
    const log = await get(`${HOOKS}/${created.id}/entregas?limit=10`);
    expect(log.statusCode, log.body).toBe(200);
    const numbered = log.json().results.find((r: { tipo: string }) => r.tipo === 'documento.numerado');
    expect(numbered).toMatchObject({
      estado: 'ENTREGADA',
      intentos: 4,
      ultimoCodigo: 200,
      ultimaRespuesta: 'recibido',
    });
    rows = await deliveries(created.id);
    expect(rows.every((r) => r.estado === 'ENTREGADA')).toBe(true);

    // 'Reenviar' one: the same event again, with its same id.
    const again = await post(`${HOOKS}/${created.id}/entregas/reenviar`, { ids: [numbered.id] });
    expect(again.statusCode, again.body).toBe(200);
    await drain(new Date(t0.getTime() + 80 * SECOND));
    expect(receiver.requests.at(-1)!.headers['webhook-id']).toBe(events[0].id);
    const bad = await post(`${HOOKS}/${created.id}/entregas/reenviar`, { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Seleccione al menos una entrega');
  }, 240_000); // renders and signs a PDF: slow on a loaded machine

  it('a test event is sent at once; a rotated secret is shown once and signs from then on', async () => {
    receiver.requests.length = 0;
    const company = await newCompany(ctx, { lot: 0 });
    const created = await register(company.id);
    const test = await post(`${HOOKS}/${created.id}/prueba`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().result).toMatchObject({
      tipo: 'webhook.prueba',
      estado: 'ENTREGADA',
      intentos: 1,
      ultimoCodigo: 200,
    });
    expect(receiver.events()[0].type).toBe('webhook.prueba');
    expect(verify(created.secreto, receiver.requests[0])).toBe(true);

    const rotated = await post(`${HOOKS}/${created.id}/secreto`);
    expect(rotated.statusCode).toBe(200);
    const secreto = rotated.json().secreto as string;
    expect(secreto).toMatch(/^whsec_/);
    expect(secreto).not.toBe(created.secreto);
    await post(`${HOOKS}/${created.id}/prueba`);
    expect(verify(secreto, receiver.requests[1])).toBe(true);
    expect(verify(created.secreto, receiver.requests[1])).toBe(false);
    expect((await get(`${HOOKS}?localidad=${company.id}`)).body).not.toContain(secreto);

    // Disabled: nothing is recorded for it, and a test is refused; deleted: gone with its log.
    expect((await post(`${HOOKS}/${created.id}/desactivar`)).statusCode).toBe(200);
    expect((await post(`${HOOKS}/${created.id}/prueba`)).statusCode).toBe(400);
    expect((await post(`${HOOKS}/${created.id}/activar`)).statusCode).toBe(200);
    const del = await ctx().request({
      method: 'DELETE',
      url: `${HOOKS}/${created.id}`,
      token: await admin(),
    });
    expect(del.statusCode).toBe(200);
    expect(await countRows(ctx().database, 'webhook_deliveries', `id_endpoint = '${created.id}'`)).toBe(0);
    expect((await get(`${HOOKS}/${created.id}/entregas`)).statusCode).toBe(404);
  });

  it("3 days of failures disable the endpoint and e-mail the company's administrators", async () => {
    receiver.requests.length = 0;
    const company = await newCompany(ctx);
    const owner = await userWith(ctx, ADMIN_GRANTS, [company.id]);
    const created = await register(company.id);
    await createInvoice(ctx, await admin(), invoice({ rif: company.rif }));
    const t0 = new Date();
    receiver.plan = Array(100).fill(503);
    expect(await deliverDue(deps(), { now: t0 })).toBe(1);
    expect(await deliverDue(deps(), { now: new Date(t0.getTime() + 2 * DAY) })).toBe(1);
    let [endpoint] = await ctx().database.query<{ activo: boolean }>(
      'select activo from webhook_endpoints where id = $1',
      [created.id],
    );
    expect(endpoint.activo).toBe(true);
    expect(await deliverDue(deps(), { now: new Date(t0.getTime() + 3 * DAY + SECOND) })).toBe(1);
    [endpoint] = await ctx().database.query<{ activo: boolean }>(
      'select activo from webhook_endpoints where id = $1',
      [created.id],
    );
    expect(endpoint.activo).toBe(false);
    expect(await deliveries(created.id)).toEqual([
      expect.objectContaining({ estado: 'FALLIDA', intentos: 3 }),
    ]);
    const mails = await ctx().database.query<{ to: string[]; subject: string }>(
      `select to_addresses as to, subject from mail_messages where subject like 'Webhook desactivado%' and $1 = any(to_addresses)`,
      [owner.email],
    );
    expect(mails).toEqual([{ to: [owner.email], subject: `Webhook desactivado: ${receiver.url}` }]);
    const list = await get(`${HOOKS}?localidad=${company.id}`);
    expect(list.json().results[0]).toMatchObject({
      activo: false,
      motivoDesactivacion: expect.stringContaining('3 días'),
    });
    // Disabled: the company's next documents record nothing for it.
    await createInvoice(ctx, await admin(), invoice({ rif: company.rif }));
    expect(await deliveries(created.id)).toHaveLength(1);
  });

  it('/docs describes the routes, with the signature and an example', async () => {
    const res = await ctx().request({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { description?: string }>>;
    for (const path of [
      '/v2/integracion/webhooks',
      '/v2/integracion/webhooks/{id}',
      '/v2/integracion/webhooks/{id}/prueba',
      '/v2/integracion/webhooks/{id}/entregas',
      '/v2/integracion/webhooks/{id}/entregas/reenviar',
      '/v2/integracion/webhooks/{id}/secreto',
    ])
      expect(paths[path], path).toBeDefined();
    expect(paths['/v2/integracion/webhooks'].post.description).toContain('webhook-signature');
  });
});
