// Integration tests of the purchase invoices (spec 001 §2.5, §3.10, §4.6, §5.7, §7.4, §8.5):
// every call under /v2/facturaCompra with its happy path, a bad input and a foreign tenant, totals
// against figures worked by hand, the supplier found or created among the company's third parties, and
// no control number taken (a record, not an issued document), and the withholding vouchers issued against
// each purchase: counted in the list, listed through getRetencionesIva's purchase filter.
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { lotActual, newCompany, userWith } from './support/invoices.ts';
import { ivaVoucher, RET, withholdingAgent } from './support/withholdings.ts';

const BASE = '/v2/facturaCompra';
const MODULES = { '/facturacion/compras': [], '/facturacion/facturaCompra': [] };

let supplierSeq = 0;
const supplierDocument = () => String(300_000_000 + (process.pid % 1000) * 1000 + ++supplierSeq);

function form(companyId: string, overrides: Record<string, unknown> = {}) {
  return {
    id_localidad: companyId,
    proveedor: {
      tipoDocumento: 'J',
      numeroDocumento: supplierDocument(),
      identificacion: 'Suministros Andinos, C.A.',
      direccion: 'Calle 5, Mérida',
    },
    nroControl: '00-000481',
    nroFactura: '000981',
    fechaFactura: '2026-03-10',
    tipoCompra: 'INTERNA',
    lstDetalles: [
      // 10 × 12.50 = 125.00 at 16 % (20.00)
      {
        concepto: 'Resmas de papel',
        cantidad: '10',
        unidadMedida: 'UNIDAD',
        precio: '12.50',
        alicuota: '16',
      },
      // (80 − 8) × 3 = 216.00 at 16 % (34.56), discount 24.00
      {
        concepto: 'Tóner',
        cantidad: '3',
        unidadMedida: 'UNIDAD',
        precio: '80',
        descuento: '10',
        alicuota: '16',
      },
      // 2.5 × 36.20 = 90.50 at 8 % (7.24)
      { concepto: 'Café', cantidad: '2.5', unidadMedida: 'KILOGRAMO', precio: '36.20', alicuota: '8' },
      // 1 × 300 = 300.00 exempt
      {
        concepto: 'Libros',
        cantidad: '1',
        unidadMedida: 'UNIDAD',
        precio: '300',
        exento: true,
        alicuota: '16',
      },
    ],
    lstPagos: [{ modoPago: 'TRANSFERENCIA', monto: '793.30', divisa: 'VEF', nro: '00012345' }],
    ...overrides,
  };
}

describeWithApp('purchase invoices: /v2/facturaCompra', (ctx) => {
  const setting = async () => {
    const company = await newCompany(ctx);
    const token = await userWith(ctx, MODULES, [company.id]);
    return { company, token };
  };
  const crear = (token: string, body: unknown) =>
    ctx().request({ method: 'POST', url: `${BASE}/crear`, token, payload: body as object });

  it('crear: records the purchase with totals per rate worked by hand, the supplier among the third parties, no control number', async () => {
    const { company, token } = await setting();
    const lotBefore = await lotActual(ctx, company.id);
    const body = form(company.id);
    const res = await crear(token, body);
    expect(res.statusCode, res.body).toBe(200);
    const { message, result } = res.json();
    expect(message).toBe('Guardado');
    // base 16 % = 125 + 216 = 341.00 → 54.56; base 8 % = 90.50 → 7.24; IVA 61.80
    // subtotal 125 + 216 + 90.50 + 300 = 731.50; total 731.50 + 61.80 = 793.30
    expect(result).toMatchObject({
      cliente: company.nombre,
      nroControl: '00-000481',
      nroFactura: '000981',
      fechaFactura: '2026-03-10',
      tipoCompra: 'INTERNA',
      subTotal: '731.50',
      totalExento: '300.00',
      montoDescuento: '24.00',
      totalIva: '61.80',
      importeTotal: '793.30',
      logEstatusRegistro: 'ACTIVO',
      lstGravamenes: [
        { alicuota: '8.00', baseImponible: '90.50', montoAlicuota: '7.24' },
        { alicuota: '16.00', baseImponible: '341.00', montoAlicuota: '54.56' },
      ],
    });
    expect(result.lstDetalles.map((l: { importe: string }) => l.importe)).toEqual([
      '125.00',
      '216.00',
      '90.50',
      '300.00',
    ]);
    expect(result.proveedor.rif).toBe(`J-${body.proveedor.numeroDocumento}`);
    expect(typeof result.id).toBe('number');
    // The supplier is one of the company's third parties now.
    const [client] = await ctx().database.query<{ identificacion: string; id: string }>(
      'select id, identificacion from clientes where id_localidad = $1 and numero_documento = $2',
      [company.id, body.proveedor.numeroDocumento],
    );
    expect(client).toEqual({ id: result.proveedor.id, identificacion: 'Suministros Andinos, C.A.' });
    // A record: no control number is consumed.
    expect(await lotActual(ctx, company.id)).toBe(lotBefore);
    const [audit] = await ctx().database.query<{ n: string }>(
      "select count(*)::text as n from audit_log where entity = 'factura_compra' and entity_id = $1 and action = 'create'",
      [String(result.id)],
    );
    expect(audit?.n).toBe('1');

    // The same supplier again is found, not duplicated.
    const again = await crear(token, {
      ...form(company.id),
      proveedor: body.proveedor,
      nroFactura: '000982',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.proveedor.id).toBe(result.proveedor.id);
  });

  it('crear: bad input is a Spanish 400 naming the field, and nothing is written', async () => {
    const { company, token } = await setting();
    const count = async () =>
      (
        await ctx().database.query<{ n: string }>(
          'select count(*)::text as n from facturas_compra where id_localidad = $1',
          [company.id],
        )
      )[0]?.n;
    // §5.7: a blank control number shows the spec's message.
    const blank = await crear(token, form(company.id, { nroControl: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('El nombre debe contener al menos 2 caracteres');
    const noLines = await crear(token, form(company.id, { lstDetalles: [] }));
    expect(noLines.statusCode).toBe(400);
    expect(noLines.body).toContain('La factura de compra debe tener al menos una línea');
    const unit = await crear(
      token,
      form(company.id, {
        lstDetalles: [{ concepto: 'x', cantidad: '1', unidadMedida: 'CAJA', precio: '1', alicuota: '16' }],
      }),
    );
    expect(unit.statusCode).toBe(400);
    expect(unit.body).toContain('unidadMedida debe ser uno de');
    // An amount beyond numeric(20,2) once multiplied is refused as bad input, never a 500.
    const huge = await crear(
      token,
      form(company.id, {
        lstDetalles: [
          {
            concepto: 'x',
            cantidad: '9999999999999999',
            unidadMedida: 'UNIDAD',
            precio: '99999999999',
            alicuota: '16',
          },
        ],
      }),
    );
    expect(huge.statusCode, huge.body).toBe(400);
    const first = await crear(token, form(company.id));
    expect(first.statusCode).toBe(200);
    // The same number from another supplier is another document.
    const otherSupplier = await crear(token, form(company.id));
    expect(otherSupplier.statusCode).toBe(200);
    const same = await crear(token, {
      ...form(company.id),
      proveedor: {
        tipoDocumento: 'J',
        numeroDocumento: first.json().result.proveedor.numeroDocumento,
        identificacion: 'X',
      },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('La factura N° 000981 de este proveedor ya existe');
    expect(await count()).toBe('2');
  });

  it('crear: a user of another company gets 403 and nothing is written', async () => {
    const { company } = await setting();
    const other = await setting();
    const res = await crear(other.token, form(company.id));
    expect(res.statusCode).toBe(403);
    const [row] = await ctx().database.query<{ n: string }>(
      'select count(*)::text as n from facturas_compra where id_localidad = $1',
      [company.id],
    );
    expect(row?.n).toBe('0');
  });

  it("listar: server paging by id, search, and only the user's companies", async () => {
    const { company, token } = await setting();
    for (const nro of ['L-1', 'L-2', 'L-3'])
      expect((await crear(token, form(company.id, { nroFactura: nro }))).statusCode).toBe(200);
    const page1 = await ctx().request({ method: 'GET', url: `${BASE}/listar?limit=2&page=1`, token });
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json()).toMatchObject({ totalResults: 3, totalPages: 2, page: 1, limit: 2 });
    expect(page1.json().results.map((r: { nroFactura: string }) => r.nroFactura)).toEqual(['L-1', 'L-2']);
    const page2 = await ctx().request({ method: 'GET', url: `${BASE}/listar?limit=2&page=2`, token });
    expect(page2.json().results.map((r: { nroFactura: string }) => r.nroFactura)).toEqual(['L-3']);
    const search = await ctx().request({ method: 'GET', url: `${BASE}/listar?search=L-2`, token });
    expect(search.json().results.map((r: { nroFactura: string }) => r.nroFactura)).toEqual(['L-2']);
    const bad = await ctx().request({ method: 'GET', url: `${BASE}/listar?limit=0`, token });
    expect(bad.statusCode).toBe(400);
    const other = await setting();
    const foreign = await ctx().request({
      method: 'GET',
      url: `${BASE}/listar?id_localidad=${company.id}`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().totalResults).toBe(0);
    const anonymous = await ctx().request({ method: 'GET', url: `${BASE}/listar` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('editar: recomputes the totals; bad input, an inactive record and a foreign tenant are refused', async () => {
    const { company, token } = await setting();
    const created = (await crear(token, form(company.id))).json().result;
    const url = `${BASE}/editar/${created.id}`;
    const edited = await ctx().request({
      method: 'PUT',
      url,
      token,
      payload: form(company.id, {
        proveedor: {
          tipoDocumento: 'J',
          numeroDocumento: created.proveedor.numeroDocumento,
          identificacion: 'Suministros Andinos, C.A.',
        },
        nroControl: '00-000482',
        // 4 × 25 = 100.00 at 31 % → 31.00; total 131.00
        lstDetalles: [
          { concepto: 'Licor', cantidad: '4', unidadMedida: 'LITRO', precio: '25', alicuota: '31' },
        ],
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Actualizado',
      result: {
        id: created.id,
        nroControl: '00-000482',
        subTotal: '100.00',
        totalIva: '31.00',
        importeTotal: '131.00',
      },
    });
    const bad = await ctx().request({
      method: 'PUT',
      url,
      token,
      payload: form(company.id, { fechaFactura: '10/03/2026' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('fechaFactura debe ser una fecha AAAA-MM-DD');
    const badId = await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/abc`,
      token,
      payload: form(company.id),
    });
    expect(badId.statusCode).toBe(400);
    const missing = await ctx().request({
      method: 'PUT',
      url: `${BASE}/editar/999999999`,
      token,
      payload: form(company.id),
    });
    expect(missing.statusCode).toBe(404);
    const other = await setting();
    const foreign = await ctx().request({
      method: 'PUT',
      url,
      token: other.token,
      payload: form(other.company.id),
    });
    expect(foreign.statusCode).toBe(403);
    await ctx().request({ method: 'PUT', url: `${BASE}/eliminar/${created.id}`, token });
    const inactive = await ctx().request({ method: 'PUT', url, token, payload: form(company.id) });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('No se puede editar una factura de compra INACTIVO');
  });

  it('eliminar and activar: §4.6 ACTIVO ↔ INACTIVO, each returning the record; repeats and foreign tenants refused', async () => {
    const { company, token } = await setting();
    const created = (await crear(token, form(company.id))).json().result;
    const off = await ctx().request({ method: 'PUT', url: `${BASE}/eliminar/${created.id}`, token });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Inactivado',
      result: { id: created.id, logEstatusRegistro: 'INACTIVO' },
    });
    const again = await ctx().request({ method: 'PUT', url: `${BASE}/eliminar/${created.id}`, token });
    expect(again.statusCode).toBe(400);
    const other = await setting();
    const foreignOn = await ctx().request({
      method: 'PUT',
      url: `${BASE}/activar/${created.id}`,
      token: other.token,
    });
    expect(foreignOn.statusCode).toBe(403);
    const on = await ctx().request({ method: 'PUT', url: `${BASE}/activar/${created.id}`, token });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ message: 'Activado', result: { logEstatusRegistro: 'ACTIVO' } });
    const badOn = await ctx().request({ method: 'PUT', url: `${BASE}/activar/0`, token });
    expect(badOn.statusCode).toBe(400);
    const badOff = await ctx().request({ method: 'PUT', url: `${BASE}/eliminar/abc`, token });
    expect(badOff.statusCode).toBe(400);
    expect(badOff.json().message).toContain('Identificador no válido');
    const missingOff = await ctx().request({ method: 'PUT', url: `${BASE}/eliminar/999999999`, token });
    expect(missingOff.statusCode).toBe(404);
    const foreignOff = await ctx().request({
      method: 'PUT',
      url: `${BASE}/eliminar/${created.id}`,
      token: other.token,
    });
    expect(foreignOff.statusCode).toBe(403);
    const [audit] = await ctx().database.query<{ actions: string }>(
      "select string_agg(action, ',' order by id) as actions from audit_log where entity = 'factura_compra' and entity_id = $1",
      [String(created.id)],
    );
    expect(audit?.actions).toBe('create,inactivate,activate');
  });

  it('the vouchers issued against a purchase: counted (active ones, its own company) in the list, listed by its filter', async () => {
    const company = await withholdingAgent(ctx);
    const other = await withholdingAgent(ctx);
    const token = await userWith(
      ctx,
      { ...MODULES, '/retenciones/iva-islr': ['search', 'add', 'print', 'delete'] },
      [company.id],
    );
    const withheld = (await crear(token, form(company.id, { nroFactura: 'R-1' }))).json().result;
    const plain = (await crear(token, form(company.id, { nroFactura: 'R-2' }))).json().result;
    const admin = await ctx().adminToken();
    const issued = await ctx().request({
      method: 'POST',
      url: `${RET}/createRetencionIvaMasiva`,
      token: admin,
      payload: [
        ivaVoucher(company.rif, { facturaCompraId: withheld.id }),
        ivaVoucher(company.rif, { facturaCompraId: withheld.id }),
        // Another company's voucher naming the same id is not this purchase's.
        ivaVoucher(other.rif, { facturaCompraId: withheld.id }),
      ],
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const vouchers = issued.json().DetalleretencionesProcesadas as Array<{ id: string }>;
    expect(vouchers).toHaveLength(3);
    const annul = await ctx().request({
      method: 'PUT',
      url: `${RET}/anularRetencionIva/${vouchers[1].id}`,
      token,
    });
    expect(annul.statusCode, annul.body).toBe(200);

    const list = await ctx().request({ method: 'GET', url: `${BASE}/listar?limit=50`, token });
    expect(list.statusCode, list.body).toBe(200);
    const count = (id: number) =>
      list.json().results.find((r: { id: number }) => r.id === id)?.retenciones as number | undefined;
    expect(count(withheld.id)).toBe(1);
    expect(count(plain.id)).toBe(0);

    // The detail lists them through getRetencionesIva, annulled one included, company's own only.
    const detail = await ctx().request({
      method: 'GET',
      url: `${RET}/getRetencionesIva?facturaCompraId=${withheld.id}&id_localidad=${company.id}&limit=50`,
      token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const states = Object.fromEntries(
      detail
        .json()
        .results.map((r: { id: string; logEstatusRegistro: string }) => [r.id, r.logEstatusRegistro]),
    );
    expect(states).toEqual({ [vouchers[0].id]: 'ACTIVO', [vouchers[1].id]: 'INACTIVO' });
    const none = await ctx().request({
      method: 'GET',
      url: `${RET}/getRetencionesIva?facturaCompraId=${plain.id}`,
      token,
    });
    expect(none.json().totalResults).toBe(0);
    const bad = await ctx().request({
      method: 'GET',
      url: `${RET}/getRetencionesIva?facturaCompraId=abc`,
      token,
    });
    expect(bad.statusCode).toBe(400);
  });
});
