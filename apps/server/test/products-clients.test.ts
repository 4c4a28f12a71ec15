import { randomUUID } from 'node:crypto';
import { dec, money } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import {
  companyIdByRif,
  DEMO_RIF,
  DEMO_USER,
  SECOND_RIF,
  snapshot,
  unique,
  userWith,
} from './maintenance-support.ts';

const P = '/v2/mantenimiento/producto';
const C = '/v2/mantenimiento/cliente';
const FORBIDDEN = 'No tiene permiso para realizar esta acción';
const TENANCY = 'No tiene acceso a esta razón social o sucursal';

describeWithApp('products and clients of a company', (ctx) => {
  let admin: string;
  let usuario: string;
  let demo: string;
  let second: string;
  let tipoG: { idgravamen: string; concepto: string };

  const product = (overrides: Record<string, unknown> = {}) => ({
    id_localidad: demo,
    descripcion: 'Cuaderno universitario 100 hojas',
    codigo: unique('C'),
    unidadMedida: 'unidad',
    tipoVenta: 'Interna',
    precio: '120,50',
    divisaPrecio: 3.1,
    PrecioPtr: '',
    PrecioEur: '2.90',
    stock: '80',
    exento: false,
    exonerado: false,
    tipoGravamen: { ...tipoG, ivaGeneral: true, lstValores: [] },
    ...overrides,
  });

  const client = (overrides: Record<string, unknown> = {}) => ({
    id_localidad: demo,
    tipoDocumento: 'V',
    numeroDocumento: String(20_000_000 + Math.floor(Math.random() * 9_000_000)),
    identificacion: 'Ana Rodríguez',
    correo: 'Ana.Rodriguez@Example.com',
    ccCorreo: '',
    direccion: 'Av. Andrés Bello, Caracas',
    telefonoMovil: '(414) 5551234',
    ...overrides,
  });

  beforeAll(async () => {
    admin = await ctx().adminToken();
    usuario = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    demo = await companyIdByRif(ctx, DEMO_RIF);
    second = await companyIdByRif(ctx, SECOND_RIF);
    const [g] = await ctx().database.query<{ idgravamen: string; concepto: string }>(
      `select id::text as idgravamen, concepto from tipos_gravamen where codigo = 'G'`,
    );
    tipoG = g;
  });

  // --- products -------------------------------------------------------------------------------------

  it('getproductos: the demo products, paged on the server, searchable, with their tax type', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${P}/getproductos?localidad=${demo}&limit=2`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, limit: 2, totalResults: 4, totalPages: 2 });
    const all = await ctx().request({
      method: 'GET',
      url: `${P}/getproductos?localidad=${demo}&limit=10`,
      token: admin,
    });
    const byCode = Object.fromEntries(all.json().results.map((p: { codigo: string }) => [p.codigo, p]));
    expect(Object.keys(byCode).sort()).toEqual(['P-001', 'P-002', 'P-003', 'P-004']);
    expect(byCode['P-001']).toMatchObject({
      id_localidad: { id: demo, nombre: 'Demo Comercial, C.A.' },
      descripcion: 'Resma de papel carta 75 g',
      precio: '1545.39',
      divisaPrecio: '6.50',
      PrecioEur: '5.59',
      tipoAlicuota: 'Alícuota general',
      tipoGravamen: { codigo: 'G', valor: '16.00' },
    });
    expect(byCode['P-003'].tipoGravamen).toMatchObject({ codigo: 'R', valor: '8.00' });
    // The demo's prices agree at the demo's rates: Bs. = USD × the USD rate, EUR = Bs. ÷ the EUR rate.
    const rates = Object.fromEntries(
      (
        await ctx().database.query<{ iso: string; valor: string }>(
          `select iso, valor::text as valor from tasas_cambio where fuente = 'DEMO'`,
        )
      ).map((r) => [r.iso, r.valor]),
    );
    for (const p of Object.values(byCode) as Array<Record<string, string>>) {
      expect(p.precio, p.codigo).toBe(money(dec(p.divisaPrecio).times(rates.USD)));
      expect(p.PrecioEur, p.codigo).toBe(money(dec(p.precio).div(rates.EUR)));
      expect(p.stock, p.codigo).toMatch(/^\d+\.000$/);
    }
    expect(byCode['P-004']).toMatchObject({ exento: true, tipoAlicuota: 'Exento', tipoGravamen: null });
    const search = await ctx().request({
      method: 'GET',
      url: `${P}/getproductos?search=tóner`,
      token: admin,
    });
    expect(search.json().results.map((p: { codigo: string }) => p.codigo)).toEqual(['P-002']);
    const byCodeSearch = await ctx().request({
      method: 'GET',
      url: `${P}/getproductos?search=P-00`,
      token: admin,
    });
    expect(byCodeSearch.json().totalResults).toBe(4);
  });

  it("getproductos is tenant-scoped: usuario sees Demo Comercial's products only", async () => {
    const foreign = await ctx().request({
      method: 'POST',
      url: `${P}/addproducto`,
      token: admin,
      payload: product({ id_localidad: second, codigo: 'S-001', descripcion: 'Servicio de mantenimiento' }),
    });
    expect(foreign.statusCode, foreign.body).toBe(200);
    const mine = await ctx().request({ method: 'GET', url: `${P}/getproductos?limit=100`, token: usuario });
    expect(mine.statusCode).toBe(200);
    const companies = new Set(
      mine.json().results.map((p: { id_localidad: { id: string } }) => p.id_localidad.id),
    );
    expect(companies).toEqual(new Set([demo]));
    expect(mine.json().results.map((p: { codigo: string }) => p.codigo)).not.toContain('S-001');
    const asked = await ctx().request({
      method: 'GET',
      url: `${P}/getproductos?localidad=${second}`,
      token: usuario,
    });
    expect(asked.json().totalResults).toBe(0);
    const adminView = await ctx().request({
      method: 'GET',
      url: `${P}/getproductos?localidad=${second}`,
      token: admin,
    });
    expect(adminView.json().results.map((p: { codigo: string }) => p.codigo)).toContain('S-001');
  });

  it('addproducto: "Producto Registrado!!!", the product stored with its prices and tax type, audited', async () => {
    const before = await snapshot(ctx, 'productos');
    const body = product({ codigo: 'N-100' });
    const res = await ctx().request({ method: 'POST', url: `${P}/addproducto`, token: admin, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Producto Registrado!!!');
    expect(res.json().result).toMatchObject({
      codigo: 'N-100',
      descripcion: 'Cuaderno universitario 100 hojas',
      unidadMedida: 'UNIDAD',
      precio: '120.50',
      divisaPrecio: '3.10',
      PrecioEur: '2.90',
      PrecioPtr: '0.00000000',
      stock: '80.000',
      tipoVenta: 'Interna',
      tipoAlicuota: tipoG.concepto,
      tipoGravamen: { idgravamen: tipoG.idgravamen, valor: '16.00' },
      logEstatusRegistro: 'ACTIVO',
    });
    expect(await snapshot(ctx, 'productos')).toEqual({
      productos: before.productos + 1,
      audit_log: before.audit_log + 1,
    });
    const [row] = await ctx().database.query<{ precio: string; tipo: string }>(
      'select precio::text as precio, tipo_gravamen_id::text as tipo from productos where id = $1',
      [res.json().result.id],
    );
    expect(row).toEqual({ precio: '120.50', tipo: tipoG.idgravamen });
    // Exonerado carries no tax type even if one is sent.
    const exonerado = await ctx().request({
      method: 'POST',
      url: `${P}/addproducto`,
      token: admin,
      payload: product({ codigo: 'N-101', exonerado: true }),
    });
    expect(exonerado.json().result).toMatchObject({
      exonerado: true,
      tipoAlicuota: 'Exonerado',
      tipoGravamen: null,
    });
  });

  it('addproducto: the spec messages, exento with exonerado refused, tax type required; nothing written', async () => {
    const zero = { precio: '0', divisaPrecio: 0, PrecioEur: '', PrecioPtr: null };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ descripcion: undefined }, 'Debe Ingresar la descripción del producto'],
      [{ descripcion: '   ' }, 'Debe Ingresar la descripción del producto'],
      [{ descripcion: 'd'.repeat(201) }, 'Maximo 200 caracteres permitidos, para la descripcion'],
      [zero, 'Debe Ingresar el precio del producto'],
      [{ precio: 'mucho' }, 'Debe Ingresar el precio del producto'],
      [{ exento: true, exonerado: true }, 'Un producto no puede ser exento y exonerado a la vez'],
      [{ tipoGravamen: null }, 'Debe seleccionar el tipo de alícuota'],
      [{ codigo: '' }, 'Es requerido'],
      [{ tipoVenta: 'Mayor' }, 'Es requerido'],
      [{ stock: undefined }, 'Es requerido'],
    ];
    for (const [overrides, message] of cases) {
      const before = await snapshot(ctx, 'productos');
      const res = await ctx().request({
        method: 'POST',
        url: `${P}/addproducto`,
        token: admin,
        payload: product(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await snapshot(ctx, 'productos')).toEqual(before);
    }
    // 200 characters and a single price in another currency are enough.
    const edge = await ctx().request({
      method: 'POST',
      url: `${P}/addproducto`,
      token: admin,
      payload: product({ ...zero, descripcion: 'd'.repeat(200), PrecioEur: '1' }),
    });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('addproducto: a taken code in the same company is 409; an inactive tax type or an unknown company is 400', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ codigo: 'P-001' }, 409, 'Ya existe un producto con el código P-001'],
      [{ id_localidad: randomUUID() }, 400, 'La razón social no existe'],
      [{ tipoGravamen: { idgravamen: randomUUID() } }, 400, 'El tipo de alícuota no existe o está inactivo'],
    ];
    for (const [overrides, status, message] of cases) {
      const before = await snapshot(ctx, 'productos');
      const res = await ctx().request({
        method: 'POST',
        url: `${P}/addproducto`,
        token: admin,
        payload: product(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await snapshot(ctx, 'productos')).toEqual(before);
    }
    const type = await ctx().request({
      method: 'POST',
      url: '/v2/mantenimiento/gravamen/addgravemen',
      token: admin,
      payload: {
        codigo: 'Z',
        concepto: 'Tipo inactivo',
        lstValores: [{ valor: '9', fechaDesde: '2020-01-01', fechaHasta: '2040-01-01' }],
      },
    });
    const typeId = type.json().result.id;
    await ctx().request({
      method: 'PUT',
      url: '/v2/mantenimiento/gravamen/ActDesGravamen',
      token: admin,
      payload: { id: typeId },
    });
    const inactive = await ctx().request({
      method: 'POST',
      url: `${P}/addproducto`,
      token: admin,
      payload: product({ tipoGravamen: { idgravamen: typeId } }),
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('El tipo de alícuota no existe o está inactivo');
    // The same code in another company is another product.
    const other = await ctx().request({
      method: 'POST',
      url: `${P}/addproducto`,
      token: admin,
      payload: product({ id_localidad: second, codigo: 'P-001' }),
    });
    expect(other.statusCode).toBe(200);
  });

  it('updateproducto: "Producto Actualizado!!!" with the changes stored; a code of another product is 409', async () => {
    const created = (
      await ctx().request({
        method: 'POST',
        url: `${P}/addproducto`,
        token: admin,
        payload: product({ codigo: 'U-1' }),
      })
    ).json().result;
    const update = product({
      idProducto: created.id,
      codigo: 'U-1',
      descripcion: 'Cuaderno de 200 hojas',
      precio: '199.99',
      exento: true,
      tipoGravamen: null,
      stock: 5,
    });
    const res = await ctx().request({
      method: 'POST',
      url: `${P}/updateproducto`,
      token: admin,
      payload: update,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Producto Actualizado!!!');
    expect(res.json().result).toMatchObject({
      id: created.id,
      descripcion: 'Cuaderno de 200 hojas',
      precio: '199.99',
      exento: true,
      tipoAlicuota: 'Exento',
      tipoGravamen: null,
      stock: '5.000',
    });
    const [row] = await ctx().database.query<{ descripcion: string; tipo: string | null; m: string | null }>(
      'select descripcion, tipo_gravamen_id::text as tipo, log_fecha_modificacion::text as m from productos where id = $1',
      [created.id],
    );
    expect(row.descripcion).toBe('Cuaderno de 200 hojas');
    expect(row.tipo).toBeNull();
    expect(row.m).not.toBeNull();
    for (const [overrides, status, message] of [
      [{ codigo: 'P-002' }, 409, 'Ya existe un producto con el código P-002'],
      [{ idProducto: randomUUID() }, 404, 'Producto no encontrado'],
      [{ idProducto: undefined }, 400, 'Es requerido'],
      [{ descripcion: 'd'.repeat(201) }, 400, 'Maximo 200 caracteres permitidos, para la descripcion'],
    ] as const) {
      const before = await snapshot(ctx, 'productos');
      const bad = await ctx().request({
        method: 'POST',
        url: `${P}/updateproducto`,
        token: admin,
        payload: { ...update, ...overrides },
      });
      expect(bad.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(bad.json().message).toBe(message);
      expect(await snapshot(ctx, 'productos')).toEqual(before);
    }
  });

  it('ActDesProducto toggles Inactivado/Activado; the currency list shows only active products with a price', async () => {
    const list = async (divisa: string, token = usuario) =>
      ctx().request({ method: 'GET', url: `${P}/prductosbylocalidad/${demo}/divisa/${divisa}`, token });
    const created = (
      await ctx().request({
        method: 'POST',
        url: `${P}/addproducto`,
        token: admin,
        payload: product({
          codigo: 'T-1',
          descripcion: 'Artículo solo en bolívares',
          divisaPrecio: 0,
          PrecioEur: 0,
          precio: '10',
        }),
      })
    ).json().result;

    const usd = await list('USD');
    expect(usd.statusCode).toBe(200);
    const prices = Object.fromEntries(
      usd.json().results.map((p: { codigo: string; precioDivisa: string }) => [p.codigo, p.precioDivisa]),
    );
    expect(prices['P-001']).toBe('6.50');
    expect(prices['P-002']).toBe('48.00');
    expect(prices['P-003']).toBe('1.20');
    expect(prices['P-004']).toBe('10.00');
    expect(prices).not.toHaveProperty('T-1');
    for (const p of usd.json().results) {
      expect(p.id_localidad.id).toBe(demo);
      expect(p.logEstatusRegistro).toBe('ACTIVO');
      expect(Number(p.precioDivisa)).toBeGreaterThan(0);
    }
    const names = usd.json().results.map((p: { descripcion: string }) => p.descripcion);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'es')));
    const eur = await list('EUR');
    expect(eur.json().results.find((p: { codigo: string }) => p.codigo === 'P-001').precioDivisa).toBe(
      '5.59',
    );
    const ves = await list('VEF');
    expect(ves.json().results.find((p: { codigo: string }) => p.codigo === 'T-1').precioDivisa).toBe('10.00');

    const p002 = usd.json().results.find((p: { codigo: string }) => p.codigo === 'P-002');
    const off = await ctx().request({
      method: 'PUT',
      url: `${P}/ActDesProducto`,
      token: admin,
      payload: { ...p002 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Inactivado', result: { logEstatusRegistro: 'INACTIVO' } });
    expect((await list('USD')).json().results.map((p: { codigo: string }) => p.codigo)).not.toContain(
      'P-002',
    );
    const on = await ctx().request({
      method: 'PUT',
      url: `${P}/ActDesProducto`,
      token: admin,
      payload: { idProducto: p002.id },
    });
    expect(on.json()).toMatchObject({ message: 'Activado', result: { logEstatusRegistro: 'ACTIVO' } });
    expect((await list('USD')).json().results.map((p: { codigo: string }) => p.codigo)).toContain('P-002');
    const missing = await ctx().request({
      method: 'PUT',
      url: `${P}/ActDesProducto`,
      token: admin,
      payload: { id: randomUUID() },
    });
    expect(missing.statusCode).toBe(404);
    const unknownCurrency = await list('JPY');
    expect(unknownCurrency.statusCode).toBe(400);
    expect(unknownCurrency.json().message).toBe('Divisa no admitida');
    expect(created.id).toBeTruthy();
  });

  it("products: 401 without a token; usuario reads and writes Demo Comercial's (a company's own staff make its products), not another company's", async () => {
    const foreign = await ctx().request({
      method: 'GET',
      url: `${P}/prductosbylocalidad/${second}/divisa/USD`,
      token: usuario,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(TENANCY);
    expect((await ctx().request({ method: 'GET', url: `${P}/getproductos` })).statusCode).toBe(401);
    expect(
      (await ctx().request({ method: 'GET', url: `${P}/prductosbylocalidad/${demo}/divisa/USD` })).statusCode,
    ).toBe(401);
    const [p001] = await ctx().database.query<{ id: string }>(
      `select id::text as id from productos where id_localidad = $1 and codigo = 'P-001'`,
      [demo],
    );
    for (const [method, url, payload] of [
      ['POST', `${P}/addproducto`, product()],
      ['POST', `${P}/updateproducto`, product({ idProducto: p001.id, codigo: 'P-001' })],
      ['PUT', `${P}/ActDesProducto`, { id: p001.id }],
    ] as const) {
      const before = await snapshot(ctx, 'productos');
      expect((await ctx().request({ method, url, payload })).statusCode).toBe(401);
      expect(await snapshot(ctx, 'productos')).toEqual(before);
      const res = await ctx().request({ method, url, token: usuario, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    // P-001 switched back on: the other tests invoice it.
    const again = await ctx().request({
      method: 'PUT',
      url: `${P}/ActDesProducto`,
      token: usuario,
      payload: { id: p001.id },
    });
    expect(again.statusCode, again.body).toBe(200);
    const [{ estatus }] = await ctx().database.query<{ estatus: string }>(
      'select log_estatus_registro as estatus from productos where id = $1',
      [p001.id],
    );
    expect(estatus).toBe('ACTIVO');
    // Servicios Ejemplo's products stay out of reach.
    const before = await snapshot(ctx, 'productos');
    const elsewhere = await ctx().request({
      method: 'POST',
      url: `${P}/addproducto`,
      token: usuario,
      payload: product({ id_localidad: second }),
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(TENANCY);
    expect(await snapshot(ctx, 'productos')).toEqual(before);
  });

  it("products: a user with the product module but only Demo Comercial is refused Servicios Ejemplo's products", async () => {
    const token = await userWith(ctx, { '/mantenimiento/Producto': ['add', 'update', 'cancel'] }, [demo]);
    const [foreign] = await ctx().database.query<{ id: string; codigo: string }>(
      `select id::text as id, codigo from productos where id_localidad = $1 limit 1`,
      [second],
    );
    for (const [method, url, payload] of [
      ['POST', `${P}/addproducto`, product({ id_localidad: second })],
      [
        'POST',
        `${P}/updateproducto`,
        product({ idProducto: foreign.id, codigo: foreign.codigo, id_localidad: second }),
      ],
      [
        'POST',
        `${P}/updateproducto`,
        product({ idProducto: foreign.id, codigo: unique('M'), id_localidad: demo }),
      ],
      ['PUT', `${P}/ActDesProducto`, { id: foreign.id }],
    ] as const) {
      const before = await snapshot(ctx, 'productos');
      const res = await ctx().request({ method, url, token, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(TENANCY);
      expect(await snapshot(ctx, 'productos')).toEqual(before);
    }
    const own = await ctx().request({ method: 'POST', url: `${P}/addproducto`, token, payload: product() });
    expect(own.statusCode, own.body).toBe(200);
  });

  // --- clients --------------------------------------------------------------------------------------

  it("getclientes: paged and searchable; usuario sees Demo Comercial's clients only", async () => {
    const adminAll = await ctx().request({ method: 'GET', url: `${C}/getclientes?limit=100`, token: admin });
    const seeded = adminAll.json().results.map((c: { etiqueta: string }) => c.etiqueta);
    expect(seeded).toContain('J-401234567 / Constructora Valencia, C.A.');
    const res = await ctx().request({
      method: 'GET',
      url: `${C}/getclientes?limit=2&page=1`,
      token: usuario,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, limit: 2, totalResults: 3, totalPages: 2 });
    const all = await ctx().request({ method: 'GET', url: `${C}/getclientes?limit=100`, token: usuario });
    expect(all.json().results.map((c: { identificacion: string }) => c.identificacion)).toEqual([
      'Inversiones Caribe, C.A.',
      'María González',
      'Pedro Pérez',
    ]);
    expect(new Set(all.json().results.map((c: { id_localidad: string }) => c.id_localidad))).toEqual(
      new Set([demo]),
    );
    const foreign = await ctx().request({
      method: 'GET',
      url: `${C}/getclientes?localidad=${second}`,
      token: usuario,
    });
    expect(foreign.json().totalResults).toBe(0);
    const search = await ctx().request({
      method: 'GET',
      url: `${C}/getclientes?search=caribe`,
      token: usuario,
    });
    expect(search.json().results.map((c: { numeroDocumento: string }) => c.numeroDocumento)).toEqual([
      '305678901',
    ]);
    expect((await ctx().request({ method: 'GET', url: `${C}/getclientes` })).statusCode).toBe(401);
  });

  it('addcliente: "Guardado", stored with e-mails lowercased and PNR by default; duplicate document 409', async () => {
    const before = await snapshot(ctx, 'clientes');
    const body = client({ numeroDocumento: '23456789' });
    const res = await ctx().request({ method: 'POST', url: `${C}/addcliente`, token: admin, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Guardado');
    expect(res.json().result).toMatchObject({
      id_localidad: demo,
      tipoDocumento: 'V',
      numeroDocumento: '23456789',
      identificacion: 'Ana Rodríguez',
      correo: 'ana.rodriguez@example.com',
      ccCorreo: null,
      telefonoMovil: '(414) 5551234',
      contribuyenteEspecial: false,
      tipoProveedor: 'PNR',
      etiqueta: 'V-23456789 / Ana Rodríguez',
      logEstatusRegistro: 'ACTIVO',
    });
    expect(await snapshot(ctx, 'clientes')).toEqual({
      clientes: before.clientes + 1,
      audit_log: before.audit_log + 1,
    });
    const dup = await ctx().request({
      method: 'POST',
      url: `${C}/addcliente`,
      token: admin,
      payload: { ...body, identificacion: 'Otra' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('El cliente V-23456789 ya existe');
    expect(await snapshot(ctx, 'clientes')).toEqual({
      clientes: before.clientes + 1,
      audit_log: before.audit_log + 1,
    });
    // Same number, other type or other company: another client.
    expect(
      (
        await ctx().request({
          method: 'POST',
          url: `${C}/addcliente`,
          token: admin,
          payload: { ...body, tipoDocumento: 'E' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx().request({
          method: 'POST',
          url: `${C}/addcliente`,
          token: admin,
          payload: { ...body, id_localidad: second },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('addcliente: the spec messages (type, name 100, e-mail, phone format) and document digits; nothing written', async () => {
    const phone = 'El teléfono debe tener el formato (###) #######';
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ tipoDocumento: undefined }, 'tipoDocumento', 'Debe Seleccionarun tipo'],
      [{ tipoDocumento: 'X' }, 'tipoDocumento', 'Debe Seleccionarun tipo'],
      [{ identificacion: 'n'.repeat(101) }, 'identificacion', 'Maximo son 100 Catacteres'],
      [{ correo: 'ana.example.com' }, 'correo', 'Debe ser un Email válido'],
      [{ ccCorreo: 'copia@' }, 'ccCorreo', 'Debe ser un Email válido'],
      [{ telefonoMovil: '4145551234' }, 'telefonoMovil', phone],
      [{ telefonoMovil: '(414) 555123' }, 'telefonoMovil', phone],
      [{ telefonoMovil: '(414)5551234' }, 'telefonoMovil', phone],
      [{ numeroDocumento: '1234567890' }, 'numeroDocumento', 'El número de documento admite hasta 9 dígitos'],
      [{ numeroDocumento: '12.345.678' }, 'numeroDocumento', 'El número de documento admite hasta 9 dígitos'],
      [{ direccion: 'd'.repeat(201) }, 'direccion', 'Maximo 200 caracteres permitidos, para la descripcion'],
      [{ identificacion: '' }, 'identificacion', 'Es requerido'],
      [{ correo: undefined }, 'correo', 'Es requerido'],
    ];
    for (const [overrides, path, message] of cases) {
      const before = await snapshot(ctx, 'clientes');
      const res = await ctx().request({
        method: 'POST',
        url: `${C}/addcliente`,
        token: admin,
        payload: client(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toContainEqual({ path, message });
      expect(await snapshot(ctx, 'clientes')).toEqual(before);
    }
    const edge = await ctx().request({
      method: 'POST',
      url: `${C}/addcliente`,
      token: admin,
      payload: client({ identificacion: 'n'.repeat(100), tipoDocumento: 'C', ccCorreo: 'Copia@Example.com' }),
    });
    expect(edge.statusCode, edge.body).toBe(200);
    expect(edge.json().result.ccCorreo).toBe('copia@example.com');
  });

  it('updatecliente "Actualizado" and ActDesCliente; usuario adds clients to Demo Comercial only', async () => {
    const created = (
      await ctx().request({ method: 'POST', url: `${C}/addcliente`, token: admin, payload: client() })
    ).json().result;
    const updated = await ctx().request({
      method: 'PUT',
      url: `${C}/updatecliente/${created.id}`,
      token: admin,
      payload: client({
        numeroDocumento: created.numeroDocumento,
        identificacion: 'Ana R. Rodríguez',
        telefonoMovil: '(424) 5550000',
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Actualizado',
      result: { identificacion: 'Ana R. Rodríguez', telefonoMovil: '(424) 5550000' },
    });
    const moved = await ctx().request({
      method: 'PUT',
      url: `${C}/updatecliente/${created.id}`,
      token: admin,
      payload: client({ numeroDocumento: created.numeroDocumento, id_localidad: second }),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('El cliente pertenece a otra razón social');

    const byUsuario = await ctx().request({
      method: 'POST',
      url: `${C}/addcliente`,
      token: usuario,
      payload: client(),
    });
    expect(byUsuario.statusCode, byUsuario.body).toBe(200);
    const before = await snapshot(ctx, 'clientes');
    const foreign = await ctx().request({
      method: 'POST',
      url: `${C}/addcliente`,
      token: usuario,
      payload: client({ id_localidad: second }),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(TENANCY);
    const toggle = await ctx().request({
      method: 'PUT',
      url: `${C}/ActDesCliente/${created.id}`,
      token: usuario,
    });
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().message).toBe(FORBIDDEN);
    expect(await snapshot(ctx, 'clientes')).toEqual(before);

    const off = await ctx().request({ method: 'PUT', url: `${C}/ActDesCliente/${created.id}`, token: admin });
    expect(off.json()).toMatchObject({ message: 'Inactivado', result: { logEstatusRegistro: 'INACTIVO' } });
    const on = await ctx().request({ method: 'PUT', url: `${C}/ActDesCliente/${created.id}`, token: admin });
    expect(on.json()).toMatchObject({ message: 'Activado', result: { logEstatusRegistro: 'ACTIVO' } });
  });

  // --- the client picker (spec 002 §2.11) -----------------------------------------------------------

  it('buscar: prefix matches on the document number, labelled "tipo-numero / name"', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${demo}&q=123`,
      token: usuario,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((c: { etiqueta: string }) => c.etiqueta)).toEqual([
      'V-12345678 / Pedro Pérez',
    ]);
    expect(res.json().results[0]).toMatchObject({
      tipoDocumento: 'V',
      numeroDocumento: '12345678',
      identificacion: 'Pedro Pérez',
    });
    // Typed with the type letter and dash: only the digits count.
    const typed = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${demo}&q=V-1234`,
      token: usuario,
    });
    expect(typed.json().results.map((c: { numeroDocumento: string }) => c.numeroDocumento)).toEqual([
      '12345678',
    ]);
    // Matching is from the start only: "456" is inside 12345678 and 84123456 but starts neither.
    const inside = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${demo}&q=456`,
      token: usuario,
    });
    expect(inside.json().results).toEqual([]);
    const none = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${demo}&q=999999999`,
      token: usuario,
    });
    expect(none.json()).toEqual({ code: 200, results: [] });
  });

  it('buscar: at most 10 suggestions in document order, active clients of that company only', async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await ctx().request({
        method: 'POST',
        url: `${C}/addcliente`,
        token: admin,
        payload: client({
          numeroDocumento: `7770${String(i).padStart(4, '0')}`,
          identificacion: `Cliente ${i}`,
        }),
      });
      expect(res.statusCode).toBe(200);
    }
    await ctx().request({
      method: 'POST',
      url: `${C}/addcliente`,
      token: admin,
      payload: client({ numeroDocumento: '5557770' }),
    });
    await ctx().request({
      method: 'POST',
      url: `${C}/addcliente`,
      token: admin,
      payload: client({ numeroDocumento: '77700000', id_localidad: second }),
    });
    const res = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${demo}&q=777`,
      token: usuario,
    });
    const numbers = res.json().results.map((c: { numeroDocumento: string }) => c.numeroDocumento);
    expect(numbers).toHaveLength(10);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `7770${String(i + 1).padStart(4, '0')}`));
    expect(res.json().results[0].etiqueta).toBe('V-77700001 / Cliente 1');
    // Inactivating the first one brings the 11th into the ten.
    const first = res.json().results[0];
    await ctx().request({ method: 'PUT', url: `${C}/ActDesCliente/${first.id}`, token: admin });
    const after = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${demo}&q=777`,
      token: usuario,
    });
    const afterNumbers = after.json().results.map((c: { numeroDocumento: string }) => c.numeroDocumento);
    expect(afterNumbers).not.toContain('77700001');
    expect(afterNumbers.at(-1)).toBe('77700011');
    expect(afterNumbers).toHaveLength(10);
    const narrow = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${demo}&q=7770001`,
      token: usuario,
    });
    expect(narrow.json().results.map((c: { numeroDocumento: string }) => c.numeroDocumento)).toEqual([
      '77700010',
      '77700011',
      '77700012',
    ]);
  });

  it('buscar: 403 for another company, 400 without the company, 401 without a token', async () => {
    const foreign = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${second}&q=4`,
      token: usuario,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(TENANCY);
    const adminForeign = await ctx().request({
      method: 'GET',
      url: `${C}/buscar?localidad=${second}&q=4012`,
      token: admin,
    });
    expect(adminForeign.json().results.map((c: { etiqueta: string }) => c.etiqueta)).toEqual([
      'J-401234567 / Constructora Valencia, C.A.',
    ]);
    const noCompany = await ctx().request({ method: 'GET', url: `${C}/buscar?q=123`, token: usuario });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().message).toBe('Seleccione la razón social');
    const anonymous = await ctx().request({ method: 'GET', url: `${C}/buscar?localidad=${demo}&q=123` });
    expect(anonymous.statusCode).toBe(401);
  });
});
