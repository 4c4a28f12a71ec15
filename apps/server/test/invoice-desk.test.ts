// Payments recorded later against a credit invoice (POST/GET /v2/facturas/cobros/:id),
// the list's balance and payment chip, the annulment reason (record, audit, public page), an order freed by
// its invoice's annulment, a company user creating its products, and Home's dashboard (GET /v2/inicio/resumen).
// Happy path, bad input and a foreign tenant for each new route, on both drivers.
import { caracasDate, creditDueDate } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { generateInvoicePdf } from '../src/modules/invoices/pdf-job.ts';
import { describeWithApp } from './harness.ts';
import {
  companyIdByRif,
  createInvoice,
  DEMO_RIF,
  DEMO_USER,
  invoice,
  LIST_ACTIONS,
  LIST_MODULE,
  newCompany,
  unique,
  userWith,
} from './support/invoices.ts';

const F = '/v2/facturas';

describeWithApp('invoice desk: credit payments, annulment reason, products, dashboard', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = await ctx().adminToken();
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    ctx().request({ method, url, token, payload });
  // 2 × 50.00 at 16 %: 100.00 + 16.00 = 116.00 owed.
  const creditInvoice = (rif: string) =>
    invoice({
      rif,
      lines: [{ precio: 50, cantidad: 2, alicuota: 16 }],
      extra: { condicionPago: 'CREDITO', diasCredito: 30 },
    });
  const collectionCount = async (id: string) => {
    const [row] = await ctx().database.query<{ n: string }>(
      'select count(*)::text as n from factura_cobros where id_factura = $1',
      [id],
    );
    return Number(row.n);
  };

  it('a credit invoice carries its due day; payments bring its balance down to PAGADA, never above it', async () => {
    const company = await newCompany(ctx);
    const created = await createInvoice(ctx, admin, creditInvoice(company.rif));
    const detail = (await call('GET', `${F}/getfacturacion/${created.id}`, admin)).json().result;
    // Issued on the test clock's Caracas day; due 30 calendar days later (fiscal creditDueDate).
    expect(detail).toMatchObject({
      condicionPago: 'CREDITO',
      diasCredito: 30,
      fechaVencimiento: creditDueDate(caracasDate(), 30),
    });

    const start = await call('GET', `${F}/cobros/${created.id}`, admin);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().result).toMatchObject({
      importeTotal: '116.00',
      saldo: '116.00',
      estadoPago: 'CREDITO',
    });

    const today = caracasDate();
    const first = await call('POST', `${F}/cobros/${created.id}`, admin, {
      fecha: today,
      monto: '16',
      modoPago: 'TRANSFERENCIA',
      referencia: 'REF-1',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toMatch(/^Pago registrado en la Factura N°: /);
    expect(first.json().result).toMatchObject({ cobrado: '16.00', saldo: '100.00', estadoPago: 'PARCIAL' });
    expect(first.json().result.cobros).toEqual([
      expect.objectContaining({
        fecha: today,
        monto: '16.00',
        modoPago: 'TRANSFERENCIA',
        referencia: 'REF-1',
      }),
    ]);

    // Above the balance: refused, nothing stored.
    const over = await call('POST', `${F}/cobros/${created.id}`, admin, {
      fecha: today,
      monto: '100.01',
      modoPago: 'EFECTIVO',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('El monto excede el saldo pendiente (100.00 VEF)');
    expect(await collectionCount(created.id)).toBe(1);

    const rest = await call('POST', `${F}/cobros/${created.id}`, admin, {
      fecha: today,
      monto: 100,
      modoPago: 'EFECTIVO',
    });
    expect(rest.json().result).toMatchObject({ saldo: '0.00', estadoPago: 'PAGADA' });
    const list = await call('GET', `${F}/queryfacturacion?id_localidad=${company.id}`, admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results[0]).toMatchObject({
      condicionPago: 'CREDITO',
      saldo: '0.00',
      estadoPago: 'PAGADA',
      facturaDivisa: 'VEF',
      importeTotal: '116.00',
    });
    const [audit] = await ctx().database.query<{ after: { monto: string; saldo: string } }>(
      `select after from audit_log where entity = 'factura' and entity_id = $1 and action = 'collect' order by id desc limit 1`,
      [created.id],
    );
    expect(audit.after).toMatchObject({ monto: '100.00', saldo: '0.00' });
  });

  it('the chip says VENCIDA once the due day has passed with a balance; a cash invoice is PAGADA', async () => {
    const company = await newCompany(ctx);
    const credit = await createInvoice(ctx, admin, creditInvoice(company.rif));
    await ctx().database.query(`update facturas set fecha_vencimiento = '2020-01-31' where id = $1`, [
      credit.id,
    ]);
    const cash = await createInvoice(ctx, admin, invoice({ rif: company.rif }));
    const rows = (await call('GET', `${F}/queryfacturacion?id_localidad=${company.id}`, admin)).json()
      .results;
    const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(credit.id)).toMatchObject({
      estadoPago: 'VENCIDA',
      saldo: '116.00',
      fechaVencimiento: '2020-01-31',
    });
    expect(byId.get(cash.id)).toMatchObject({
      estadoPago: 'PAGADA',
      saldo: '0.00',
      condicionPago: 'CONTADO',
    });
  });

  it('cobros refuses bad input with a Spanish message and stores nothing', async () => {
    const company = await newCompany(ctx);
    const credit = await createInvoice(ctx, admin, creditInvoice(company.rif));
    const cash = await createInvoice(ctx, admin, invoice({ rif: company.rif }));
    const today = caracasDate();
    const cases: Array<[string, object, string | RegExp]> = [
      [credit.id, { fecha: today, monto: 'diez', modoPago: 'EFECTIVO' }, /monto debe ser un número/],
      [credit.id, { fecha: today, monto: '-5', modoPago: 'EFECTIVO' }, /mayor que cero/],
      [credit.id, { fecha: '10/06/2026', monto: '5', modoPago: 'EFECTIVO' }, /AAAA-MM-DD/],
      [
        credit.id,
        { fecha: creditDueDate(today, 1), monto: '5', modoPago: 'EFECTIVO' },
        'La fecha del pago no puede ser futura',
      ],
      [credit.id, { fecha: today, monto: '5', modoPago: 'X'.repeat(31) }, /Maximo 30/],
      [cash.id, { fecha: today, monto: '5', modoPago: 'EFECTIVO' }, /es de contado/],
    ];
    for (const [id, body, message] of cases) {
      const res = await call('POST', `${F}/cobros/${id}`, admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(message);
    }
    expect(await collectionCount(credit.id)).toBe(0);
    expect(await collectionCount(cash.id)).toBe(0);
  });

  it("cobros: a user of another company neither reads nor pays this company's invoice", async () => {
    const company = await newCompany(ctx);
    const other = await newCompany(ctx);
    const credit = await createInvoice(ctx, admin, creditInvoice(company.rif));
    const foreign = await userWith(ctx, { [LIST_MODULE]: LIST_ACTIONS }, [other.id]);
    const read = await call('GET', `${F}/cobros/${credit.id}`, foreign);
    expect(read.statusCode).toBe(403);
    const pay = await call('POST', `${F}/cobros/${credit.id}`, foreign, {
      fecha: caracasDate(),
      monto: '1',
      modoPago: 'EFECTIVO',
    });
    expect(pay.statusCode).toBe(403);
    expect(await collectionCount(credit.id)).toBe(0);
    // Their own company's user may.
    const own = await userWith(ctx, { [LIST_MODULE]: LIST_ACTIONS }, [company.id]);
    const ok = await call('POST', `${F}/cobros/${credit.id}`, own, {
      fecha: caracasDate(),
      monto: '1',
      modoPago: 'EFECTIVO',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('annulment keeps its reason in the record, the audit and the public page; without a body it still works', async () => {
    const company = await newCompany(ctx);
    const a = await createInvoice(ctx, admin, invoice({ rif: company.rif }));
    const b = await createInvoice(ctx, admin, invoice({ rif: company.rif }));
    await generateInvoicePdf(ctx().app.deps, a.id);
    await generateInvoicePdf(ctx().app.deps, b.id);

    const tooLong = await call('PUT', `${F}/anularfactura/${a.id}`, admin, {
      motivoAnulacion: 'x'.repeat(251),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/motivo de anulación admite hasta 250/);
    const still = (await call('GET', `${F}/getfacturacion/${a.id}`, admin)).json().result;
    expect(still.logEstatusRegistro).toBe('ACTIVO');

    const res = await call('PUT', `${F}/anularfactura/${a.id}`, admin, {
      motivoAnulacion: '  Cliente equivocado ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await call('GET', `${F}/getfacturacion/${a.id}`, admin)).json().result;
    expect(detail).toMatchObject({ logEstatusRegistro: 'INACTIVO', motivoAnulacion: 'Cliente equivocado' });
    const publicPage = await ctx().request({ method: 'GET', url: `${F}/getfacturacion/${a.id}` });
    expect(publicPage.json().factura).toMatchObject({
      estatus: 'Anulada',
      motivoAnulacion: 'Cliente equivocado',
    });
    const [audit] = await ctx().database.query<{ after: { motivoAnulacion: string } }>(
      `select after from audit_log where entity = 'factura' and entity_id = $1 and action = 'annul'`,
      [a.id],
    );
    expect(audit.after.motivoAnulacion).toBe('Cliente equivocado');

    // The screens always send one; a caller without a body (as before) still annuls.
    const bare = await ctx().request({ method: 'PUT', url: `${F}/anularfactura/${b.id}`, token: admin });
    expect(bare.statusCode, bare.body).toBe(200);

    const other = await newCompany(ctx);
    const c = await createInvoice(ctx, admin, invoice({ rif: company.rif }));
    await generateInvoicePdf(ctx().app.deps, c.id);
    const foreign = await userWith(ctx, { [LIST_MODULE]: LIST_ACTIONS }, [other.id]);
    const refused = await call('PUT', `${F}/anularfactura/${c.id}`, foreign, { motivoAnulacion: 'x' });
    expect(refused.statusCode).toBe(403);
  });

  it("a company user (role 'user') creates products of its own company only", async () => {
    const usuario = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    const demo = await companyIdByRif(ctx, DEMO_RIF);
    const other = await newCompany(ctx);
    const body = (id_localidad: string) => ({
      id_localidad,
      descripcion: 'Servicio de instalación',
      codigo: unique('U'),
      unidadMedida: 'unidad',
      tipoVenta: 'Interna',
      precio: '10',
      divisaPrecio: '',
      PrecioPtr: '',
      PrecioEur: '',
      stock: '0',
      exento: true,
      exonerado: false,
    });
    const mine = await call('POST', '/v2/mantenimiento/producto/addproducto', usuario, body(demo));
    expect(mine.statusCode, mine.body).toBe(200);
    const foreign = await call('POST', '/v2/mantenimiento/producto/addproducto', usuario, body(other.id));
    expect(foreign.statusCode).toBe(403);
  });

  it("the dashboard: this month's invoiced amount per currency, lots, today's rate and the checklist, scoped", async () => {
    const company = await newCompany(ctx, { lot: 20 });
    const other = await newCompany(ctx);
    await createInvoice(ctx, admin, invoice({ rif: company.rif }));
    await createInvoice(
      ctx,
      admin,
      invoice({ rif: company.rif, lines: [{ precio: 10, cantidad: 1, alicuota: 16 }] }),
    );
    await createInvoice(ctx, admin, invoice({ rif: other.rif }));
    const token = await userWith(ctx, { [LIST_MODULE]: LIST_ACTIONS }, [company.id]);
    const res = await call('GET', '/v2/inicio/resumen', token);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().result;
    // 116.00 + 11.60, both issued on the test clock's day, of this company only.
    expect(d.mes).toBe(caracasDate().slice(0, 7));
    expect(d.facturadoMes).toEqual([{ divisa: 'VEF', total: '127.60', cantidad: 2 }]);
    expect(d.pdfPendientes).toBe(2);
    expect(d.pdfFallidos).toBe(0);
    // A lot of 20 with 2 used: 18 left, not under 10 %.
    expect(d.lotes).toEqual([
      expect.objectContaining({ familia: 'FACTURA', cantidad: 20, restantes: 18, bajo: false }),
    ]);
    expect(d.tasaBcv.fecha).toBe(caracasDate());
    expect(d.checklist).toEqual([
      {
        id: company.id,
        nombre: company.nombre,
        certificado: false,
        lotes: { FACTURA: true, ORDEN: false, RETENCION: false },
        productos: false,
        usuarios: true,
        correo: false,
      },
    ]);
    // The provider sees the other company too, to which no user is granted yet.
    const provider = (await call('GET', '/v2/inicio/resumen', admin)).json().result;
    expect(provider.checklist.find((c: { id: string }) => c.id === other.id)).toMatchObject({
      usuarios: false,
    });
    // Unauthenticated: refused.
    const anonymous = await ctx().request({ method: 'GET', url: '/v2/inicio/resumen' });
    expect(anonymous.statusCode).toBe(401);
    // 19 of 20 used: 1 left is under 10 %.
    await ctx().database.query(
      `update control_lots set actual = desde + 19 where id_localidad = $1 and familia = 'FACTURA'`,
      [company.id],
    );
    const low = (await call('GET', '/v2/inicio/resumen', token)).json().result;
    expect(low.lotes[0]).toMatchObject({ restantes: 1, bajo: true });
  });
});
