// Idempotency-Key on the intake and annulment routes of the integration API. A retry with
// the same key and body gets the first answer (status and bytes) and creates nothing — also after the first
// request was cut between its commit and its answer (the answer is kept in the documents' transaction);
// 16 clients racing one key create one document; the same key with another body answers 422; without the
// header the contract's behaviour ('ya existe') is unchanged.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ADMIN, countRows, DRIVERS, describeWithApp, freshDatabase, testConfig } from './harness.ts';
import { DEMO_RIF, INGEST, invoice, newCompany, userWith } from './support/invoices.ts';
import { annulOrdersBy, ORDERS, orderCompany, orderItem } from './support/orders.ts';

const MISMATCH = 'La clave de idempotencia ya se usó con otro cuerpo o en otra ruta';
let keySeq = 0;
const newKey = () => `idem-${process.pid}-${Date.now().toString(36)}-${++keySeq}`;
const invoicesOf = (ctx: () => { database: Parameters<typeof countRows>[0] }, nro: string) =>
  countRows(ctx().database, 'facturas', `nro_factura = '${nro}'`);

describeWithApp('Idempotency-Key on the integration API', (ctx) => {
  const post = async (body: unknown, key?: string, token?: string) =>
    ctx().request({
      method: 'POST',
      url: INGEST,
      token: token ?? (await ctx().adminToken()),
      headers: key ? { 'idempotency-key': key } : {},
      payload: body as object,
    });

  it('answers a retry with the first answer, byte for byte, and creates nothing', async () => {
    const inv = invoice();
    const key = newKey();
    const first = await post([inv], key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().totalFacturasNew).toBe(1);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const ledger = await countRows(ctx().database, 'control_numbers');
    const retry = await post([inv], key);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await invoicesOf(ctx, inv.nroFactura as string)).toBe(1);
    expect(await countRows(ctx().database, 'control_numbers')).toBe(ledger);
  });

  it('keeps today’s behaviour without the header: a repeated number is "ya existe"', async () => {
    const inv = invoice();
    expect((await post([inv])).json().totalFacturasNew).toBe(1);
    const again = (await post([inv])).json();
    expect(again.code).toBe(203);
    expect(again.DetalleErrorFacturas[0][0].Msg).toMatch(/ya existe/i);
  });

  it('refuses the same key with another body (422, Spanish) and writes nothing', async () => {
    const key = newKey();
    expect((await post([invoice()], key)).statusCode).toBe(200);
    const other = invoice();
    const before = await countRows(ctx().database, 'facturas');
    const res = await post([other], key);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(MISMATCH);
    expect(await countRows(ctx().database, 'facturas')).toBe(before);
  });

  it('refuses a malformed key with 400', async () => {
    const res = await post([invoice()], 'clave con espacios');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Idempotency-Key/);
  });

  it('keeps keys per caller: another user’s same key is another request', async () => {
    const company = await newCompany(ctx);
    const token = await userWith(
      ctx,
      { '/facturacion/generales': ['add', 'search'], '/facturacion/generales/facturaGeneral': [] },
      [company.id],
    );
    const key = newKey();
    expect((await post([invoice()], key)).statusCode).toBe(200);
    const mine = invoice({ rif: company.rif });
    const res = await post([mine], key, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalFacturasNew).toBe(1);
    // And a foreign company's invoice under a key is refused as before, its refusal kept as the answer.
    const foreign = invoice({ rif: DEMO_RIF });
    const refusedKey = newKey();
    const refused = await post([foreign], refusedKey, token);
    expect(refused.json().totalFacturaconError).toBe(1);
    expect((await post([foreign], refusedKey, token)).body).toBe(refused.body);
    expect(await invoicesOf(ctx, foreign.nroFactura as string)).toBe(0);
  });

  it('creates one document when 16 clients race with one key, and all get its answer', async () => {
    const inv = invoice();
    const key = newKey();
    const token = await ctx().adminToken();
    const answers = await Promise.all(Array.from({ length: 16 }, () => post([inv], key, token)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers[0].json().totalFacturasNew).toBe(1);
    expect(await invoicesOf(ctx, inv.nroFactura as string)).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
  });

  it('replays an annulment (orders) with its first answer', async () => {
    const company = await orderCompany(ctx);
    const token = await ctx().adminToken();
    const item = orderItem({ rif: company.rif });
    const created = await ctx().request({
      method: 'POST',
      url: `${ORDERS}/masivaordenes`,
      token,
      headers: { 'idempotency-key': newKey() },
      payload: [item],
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = newKey();
    const body = [{ rif: company.rif, nroOrden: item.nroOrden, motivoAnulacion: 'Error de despacho' }];
    const annul = () =>
      ctx().request({
        method: 'PUT',
        url: `${ORDERS}/anular`,
        token,
        headers: { 'idempotency-key': key },
        payload: body,
      });
    const first = await annul();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.totalOrdenesAnuladas).toBe(1);
    const audits = await countRows(ctx().database, 'audit_log', `action = 'annul'`);
    const retry = await annul();
    expect(retry.body).toBe(first.body);
    expect(await countRows(ctx().database, 'audit_log', `action = 'annul'`)).toBe(audits);
    // Without the key, the second annulment is refused as today.
    const plain = await annulOrdersBy(ctx, token, body);
    expect(plain.result.totalOrdenesconError).toBe(1);
  });
});

// The first request's answer never reaches the client: an onSend hook of the first server breaks it after
// the commit (as a kill -9 between the commit and the answer would). A fresh server on the same database —
// nothing of the first in memory — receives the retry.
describe.each(DRIVERS)('Idempotency-Key after a crash between commit and answer [%s]', (driver) => {
  it('answers the retry with the first answer and creates nothing', { timeout: 400_000 }, async () => {
    const fresh = await freshDatabase(driver, 'demo');
    try {
      const config = testConfig();
      const first = await buildApp({ config, database: fresh.database, logger: false });
      first.addHook('onSend', async (request) => {
        if (request.url.startsWith(INGEST)) throw new Error('conexión cortada');
      });
      await first.ready();
      const login = async (app: typeof first) =>
        (await app.inject({ method: 'POST', url: '/v2/auth/login', payload: ADMIN })).json().tokens.access
          .token as string;
      const inv = invoice();
      const key = newKey();
      const send = (app: typeof first, token: string) =>
        app.inject({
          method: 'POST',
          url: INGEST,
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
          payload: [inv],
        });
      const cut = await send(first, await login(first));
      expect(cut.statusCode).toBe(500);
      const stored = await countRows(fresh.database, 'facturas', `nro_factura = '${inv.nroFactura}'`);
      expect(stored).toBe(1);
      const ledger = await countRows(fresh.database, 'control_numbers');
      await first.close();

      const second = await buildApp({ config, database: fresh.database, logger: false });
      await second.ready();
      const retry = await send(second, await login(second));
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      const answer = retry.json();
      expect(answer.totalFacturasNew).toBe(1);
      const [row] = await fresh.database.query<{ nro_control: string }>(
        `select nro_control from facturas where nro_factura = $1`,
        [inv.nroFactura],
      );
      expect(answer.DetalleFacturaProcesadas[0][0].NroControl).toBe(row.nro_control);
      expect(await countRows(fresh.database, 'facturas', `nro_factura = '${inv.nroFactura}'`)).toBe(1);
      expect(await countRows(fresh.database, 'control_numbers')).toBe(ledger);
      await second.close();
    } finally {
      await fresh.drop();
    }
  });
});
