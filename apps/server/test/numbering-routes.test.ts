// Integration tests of the numbering API (numbering/routes.ts): control lots of a company (Global or
// Individual) and of its branches, withholding voucher numbers, automatic invoice numbers and the
// control blocks of the company detail (spec 000 §2–§5, §7 "Control ranges" and "Automatic
// numbering", §8, §9).
import { formatVoucherNumber } from '@sigece/fiscal';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { localidades, sucursales } from '../src/db/schema.ts';
import {
  allocateControlNumbers,
  allocateInvoiceNumber,
  allocateVoucherSequence,
} from '../src/modules/numbering/engine.ts';
import { describeWithApp } from './harness.ts';
import { ALL_COMPANY_ACTIONS, DEMO_USER } from './maintenance-support.ts';
import { userWith as newUser, unique } from './support/users.ts';

type Family = 'FACTURA' | 'ORDEN' | 'RETENCION';

const CONTROL = '/v2/mantenimiento/control';
const AUTO = '/v2/mantenimiento/nroFacturaAuto';
const COMPANY_MODULE = '/mantenimiento/Localidad';
const BRANCH_MODULE = '/mantenimiento/Sucursal';
const DEMO_RIF = '123456789';
const SECOND_RIF = '987654321';

const M = {
  invoiceLot: 'Control De factura registrada',
  orderLot: 'Control De Ordenes/Guias registrada',
  withholdingLot: 'Control De Retenciones registrada',
  branchLot: 'Control de  Sucursal registrada con exito',
  withholdingNumbers: 'Nro de Retenciones Actualizado con Exito',
  params: 'Parametros actualizados con exito !!!',
  autoAssigned: 'Se asigna el numero de factura automatico',
  autoFailed: 'No pudo ser asignado nro de Factura',
  noActive: 'No hay Razon social con Numero de control asiganda o no tiene ACTIVA',
  global: 'No puede asignar Numero De control a una Razón Social con Nro. de control Global',
  notANumber: 'debe ser un numero',
  serieMax2: 'Maximo de Caracter es 2',
  greaterThanZero: 'debe ser mayor a 0',
  required: 'Es requerido',
  overlap: 'El rango se solapa con un lote ya asignado de la misma serie',
  quotaUsed: 'El lote de la Razón Social ya fue asignado en su totalidad',
  quotaTooSmall: 'La cantidad supera los números disponibles del lote de la Razón Social',
  forbiddenTenant: 'No tiene acceso a esta razón social o sucursal',
};

/** Every row a numbering write may touch: a refused request must leave all counts as they were. */
const TABLES = [
  'control_lots',
  'control_sublots',
  'invoice_number_ranges',
  'withholding_number_ranges',
  'audit_log',
];

let documentSeq = 0;
const uniqueDocument = () => String(400_000_000 + (process.pid % 1000) * 10_000 + ++documentSeq);

describeWithApp('numbering routes: control lots, withholding and automatic numbers', (ctx) => {
  const admin = () => ctx().adminToken();
  const call = (method: InjectOptions['method'], url: string, token?: string, payload?: unknown) =>
    ctx().request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
  const post = (url: string, payload: unknown, token?: string) => call('POST', url, token, payload);
  const get = (url: string, token?: string) => call('GET', url, token);

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = await ctx().database.query<{ n: string }>(`select count(*)::text as n from ${table}`);
      out[table] = Number(row.n);
    }
    return out;
  }

  async function companyId(rif: string): Promise<string> {
    const [row] = await ctx()
      .database.db.select({ id: localidades.id })
      .from(localidades)
      .where(eq(localidades.numeroDocumento, rif));
    if (!row) throw new Error(`no company ${rif}`);
    return row.id;
  }

  async function branchesOf(localidadId: string): Promise<string[]> {
    const rows = await ctx()
      .database.db.select({ id: sucursales.id })
      .from(sucursales)
      .where(eq(sucursales.localidadId, localidadId));
    return rows.map((r) => r.id);
  }

  /** A company of the test's own, with no lots: rules that depend on the queue start from nothing. */
  async function newCompany(status = 'ACTIVO'): Promise<string> {
    const [row] = await ctx()
      .database.db.insert(localidades)
      .values({
        nombre: unique('Empresa'),
        tipoDocumento: 'J',
        numeroDocumento: uniqueDocument(),
        direccion: 'Av. Bolívar, Caracas',
        telefono: '(212) 5550000',
        correo: 'empresa@example.com',
        tipoProveedor: 'PJD',
        status,
      })
      .returning({ id: localidades.id });
    return row.id;
  }

  async function newBranch(localidadId: string, code = '001'): Promise<string> {
    const [row] = await ctx()
      .database.db.insert(sucursales)
      .values({
        localidadId,
        codigoSucursal: code,
        nombre: unique('Sucursal'),
        direccion: 'Calle 1',
        telefono: '(212) 5550001',
        correo: 'sucursal@example.com',
      })
      .returning({ id: sucursales.id });
    return row.id;
  }

  async function lotRows(localidadId: string, familia?: Family) {
    return ctx().database.query<{
      id: string;
      tipo: string;
      serie: string;
      cantidad: string;
      desde: string;
      hasta: string;
      actual: string;
      sub_asignado: string;
      status: string;
    }>(
      `select id::text, tipo, serie, cantidad::text, desde::text, hasta::text, actual::text,
              sub_asignado::text, status
         from control_lots where id_localidad = $1 and ($2::text is null or familia = $2) order by seq`,
      [localidadId, familia ?? null],
    );
  }

  async function sublotRows(lotId: string) {
    return ctx().database.query<{
      id_sucursal: string | null;
      desde: string;
      hasta: string;
      actual: string;
      status: string;
    }>(
      `select id_sucursal::text, desde::text, hasta::text, actual::text, status
         from control_sublots where id_control_localidad = $1 order by seq`,
      [lotId],
    );
  }

  async function auditCount(entity: string, entityId: string): Promise<number> {
    const [row] = await ctx().database.query<{ n: string }>(
      'select count(*)::text as n from audit_log where entity = $1 and entity_id = $2',
      [entity, entityId],
    );
    return Number(row.n);
  }

  /** Takes control numbers the way a document does: inside its own transaction. */
  const consume = (localidadId: string, familia: Family, count = 1, sucursalId: string | null = null) =>
    ctx().database.db.transaction((tx) =>
      allocateControlNumbers(tx, { localidadId, sucursalId, familia, count }),
    );

  /** A user with a new role made of `grants`, granted `companies`, logged in: returns the token. */
  const userWith = async (grants: Record<string, string[]>, companies: string[]) =>
    (await newUser(ctx, grants, companies)).token;

  const globalLot = (id_localidad: string, nroControl: number, cantidadFacturas: number, serie = '00') => ({
    id_localidad,
    tipo: 'Global',
    serie,
    nroControl,
    nroControlDesde: nroControl,
    nroControlHasta: nroControl + cantidadFacturas,
    cantidadFacturas,
    logEstatusRegistro: 'ACTIVO',
  });
  const individualLot = (
    id_localidad: string,
    nroControl: number,
    cantidadFacturas: number,
    serie = '00',
  ) => ({
    ...globalLot(id_localidad, nroControl, cantidadFacturas, serie),
    tipo: 'Individual',
  });
  const branchLot = (id_sucursal: string, IDControlFacturalocalidad: string, cantidadFacturas: number) => ({
    id_sucursal,
    IDControlFacturalocalidad,
    tipo: 'Sucursal',
    cantidadFacturas,
    serie: '00',
    logEstatusRegistro: 'ACTIVO',
  });

  const COMPANY_LOT_ROUTES: Array<{ url: string; familia: Family; message: string; reader: string }> = [
    {
      url: '/v2/facturas/addcontrolLoc',
      familia: 'FACTURA',
      message: M.invoiceLot,
      reader: 'getcontrolesSucursaleLocalidad',
    },
    {
      url: '/v2/facturas/addcontrolOrdenGuiaLoc',
      familia: 'ORDEN',
      message: M.orderLot,
      reader: 'getcontrolesOrdenesSucursaleLocalidad',
    },
    {
      url: `${CONTROL}/AddControlRetencion`,
      familia: 'RETENCION',
      message: M.withholdingLot,
      reader: 'getcontrolesRetenciones',
    },
  ];

  async function addLot(
    url: string,
    payload: Record<string, unknown>,
  ): Promise<{ id: string; logEstatusRegistro: string; nroControlHasta: number }> {
    const res = await post(url, payload, await admin());
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result;
  }

  /** A refused request: status and message, and not one row written anywhere. */
  async function expectRefused(
    request: () => Promise<LightMyRequestResponse>,
    status: number,
    message?: string | RegExp,
  ) {
    const before = await counts();
    const res = await request();
    expect(res.statusCode, res.body).toBe(status);
    if (message instanceof RegExp) expect(res.json().message).toMatch(message);
    else if (message !== undefined) expect(res.json().message).toBe(message);
    expect(await counts()).toEqual(before);
    return res;
  }

  // --- Access: token, role, tenant ---------------------------------------------------------------

  it('answers 401 without a token on every numbering route', async () => {
    const id = await companyId(DEMO_RIF);
    const routes: Array<[InjectOptions['method'], string, unknown?]> = [
      ['POST', '/v2/facturas/addcontrolLoc', globalLot(id, 900_000, 10)],
      ['POST', '/v2/facturas/addcontrolOrdenGuiaLoc', globalLot(id, 900_000, 10)],
      ['POST', `${CONTROL}/AddControlRetencion`, globalLot(id, 900_000, 10)],
      ['POST', `${CONTROL}/addcontrolsucur`, branchLot(id, id, 1)],
      ['POST', `${CONTROL}/addcontrolsucurOrdenGuia`, branchLot(id, id, 1)],
      ['POST', `${CONTROL}/getcontrolesSucursaleLocalidad`, { razonSocial: id, tipo: 'Localidad' }],
      ['POST', `${CONTROL}/getcontrolesOrdenesSucursaleLocalidad`, { razonSocial: id }],
      ['POST', `${CONTROL}/getcontrolesRetenciones`, { _id: id }],
      ['GET', `${CONTROL}/getcontrolesfacturasByLocalidad/${id}`],
      ['GET', `${CONTROL}/getcontrolesSucursalesByIDControlFacturalocalidad/${id}`],
      ['POST', `${CONTROL}/getcontrolesSucursaleLocalidadOrdenesGuia`, { id_sucursal: id, tipo: 'Sucursal' }],
      ['POST', `${CONTROL}/AddNroRetenciones`, { id_localidad: id, serie: '00', nroDesde: 0, cantidad: 1 }],
      ['GET', `${CONTROL}/getnroRetenciones/${id}`],
      ['POST', `${AUTO}/getConsultaNroFacturaAuto`, { id, tipo: 'Localidad' }],
      ['POST', `${AUTO}/updateActivityNroFactura`, { id_localidad: id, asignaNroFacturas: 'GLOBAL' }],
      ['POST', `${AUTO}/AddUpdateControlfacturaAuto`, { id, nroFacturaDesde: 0, cantidadFacturas: 1 }],
      [
        'POST',
        `${AUTO}/AddUpdateControlfacturaAutoSucursal`,
        { id, nroFacturaDesde: 0, cantidadFacturas: 1 },
      ],
      ['POST', `${AUTO}/deleteAsignaNroFactura`, { id }],
      ['GET', `/v2/facturas/asignanrofactura/?id=${id}&tipo=Localidad`],
    ];
    const before = await counts();
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 403 to the demo user (role `user`, no /mantenimiento modules) on every write, writing nothing', async () => {
    const id = await companyId(DEMO_RIF);
    const [lot] = await lotRows(id, 'FACTURA');
    const [branch] = await branchesOf(id);
    const token = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    const writes: Array<[string, unknown]> = [
      ['/v2/facturas/addcontrolLoc', globalLot(id, 900_000, 10)],
      ['/v2/facturas/addcontrolOrdenGuiaLoc', globalLot(id, 900_000, 10)],
      [`${CONTROL}/AddControlRetencion`, globalLot(id, 900_000, 10)],
      [`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.id, 1)],
      [`${CONTROL}/addcontrolsucurOrdenGuia`, branchLot(branch, lot.id, 1)],
      [`${CONTROL}/AddNroRetenciones`, { id_localidad: id, serie: '00', nroDesde: 900_000, cantidad: 1 }],
      [`${AUTO}/updateActivityNroFactura`, { id_localidad: id, asignaNroFacturas: 'GLOBAL' }],
      [`${AUTO}/AddUpdateControlfacturaAuto`, { id, nroFacturaDesde: 0, cantidadFacturas: 1 }],
      [
        `${AUTO}/AddUpdateControlfacturaAutoSucursal`,
        { id: branch, nroFacturaDesde: 0, cantidadFacturas: 1 },
      ],
      [`${AUTO}/deleteAsignaNroFactura`, { id }],
    ];
    for (const [url, payload] of writes) {
      await expectRefused(() => post(url, payload, token), 403);
    }
    const [mode] = await ctx()
      .database.db.select({ mode: localidades.asignaNroFacturas })
      .from(localidades)
      .where(eq(localidades.id, id));
    expect(mode.mode).toBe('INACTIVO');
  });

  it('answers 403 to a role with the company module but without addControl, addControlsucusal or params', async () => {
    const id = await newCompany();
    const branch = await newBranch(id);
    const token = await userWith({ [COMPANY_MODULE]: ['view', 'update'] }, [id]);
    const lot = await addLot('/v2/facturas/addcontrolLoc', individualLot(id, 0, 100));
    const writes: Array<[string, unknown]> = [
      ['/v2/facturas/addcontrolLoc', globalLot(id, 1000, 10)],
      ['/v2/facturas/addcontrolOrdenGuiaLoc', globalLot(id, 1000, 10)],
      [`${CONTROL}/AddControlRetencion`, globalLot(id, 1000, 10)],
      [`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.id, 1)],
      [`${CONTROL}/addcontrolsucurOrdenGuia`, branchLot(branch, lot.id, 1)],
      [`${CONTROL}/AddNroRetenciones`, { id_localidad: id, serie: '00', nroDesde: 0, cantidad: 1 }],
      [`${AUTO}/updateActivityNroFactura`, { id_localidad: id, asignaNroFacturas: 'GLOBAL' }],
      [`${AUTO}/AddUpdateControlfacturaAuto`, { id, nroFacturaDesde: 0, cantidadFacturas: 1 }],
      [
        `${AUTO}/AddUpdateControlfacturaAutoSucursal`,
        { id: branch, nroFacturaDesde: 0, cantidadFacturas: 1 },
      ],
      [`${AUTO}/deleteAsignaNroFactura`, { id }],
    ];
    for (const [url, payload] of writes) {
      const res = await expectRefused(() => post(url, payload, token), 403);
      expect(res.json().code, url).toBe(403);
    }
    // Reading needs only a token and the company granted.
    const read = await post(`${CONTROL}/getcontrolesSucursaleLocalidad`, { razonSocial: id }, token);
    expect(read.statusCode).toBe(200);
    expect(read.json().results).toHaveLength(1);
  });

  it('each action opens exactly its own routes: addControl, addControlsucusal, params, Sucursal module', async () => {
    const id = await newCompany();
    const branch = await newBranch(id);
    const withAddControl = await userWith({ [COMPANY_MODULE]: ['addControl'] }, [id]);
    // addControl: invoice and order lots, branch lots; not the withholding lot nor the parameters.
    const lot = await post('/v2/facturas/addcontrolLoc', individualLot(id, 0, 50), withAddControl);
    expect(lot.statusCode, lot.body).toBe(200);
    expect(lot.json().result.logUsername).toMatch(/@example\.com$/);
    const order = await post('/v2/facturas/addcontrolOrdenGuiaLoc', individualLot(id, 0, 50), withAddControl);
    expect(order.statusCode, order.body).toBe(200);
    const carve = await post(
      `${CONTROL}/addcontrolsucur`,
      branchLot(branch, lot.json().result.id, 5),
      withAddControl,
    );
    expect(carve.statusCode, carve.body).toBe(200);
    await expectRefused(
      () => post(`${CONTROL}/AddControlRetencion`, globalLot(id, 0, 10), withAddControl),
      403,
    );
    await expectRefused(
      () =>
        post(
          `${AUTO}/updateActivityNroFactura`,
          { id_localidad: id, asignaNroFacturas: 'GLOBAL' },
          withAddControl,
        ),
      403,
    );
    // addControlsucusal on the company module: the withholding lot and its voucher numbers.
    const withWithholding = await userWith({ [COMPANY_MODULE]: ['addControlsucusal'] }, [id]);
    expect(
      (await post(`${CONTROL}/AddControlRetencion`, globalLot(id, 0, 10), withWithholding)).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          `${CONTROL}/AddNroRetenciones`,
          { id_localidad: id, serie: '00', nroDesde: 0, cantidad: 10 },
          withWithholding,
        )
      ).statusCode,
    ).toBe(200);
    await expectRefused(
      () => post('/v2/facturas/addcontrolLoc', globalLot(id, 5000, 10), withWithholding),
      403,
    );
    // The branch module's addControlsucusal carves branch lots; its params switch automatic numbering.
    const branchUser = await userWith({ [BRANCH_MODULE]: ['addControlsucusal', 'params'] }, [id]);
    expect(
      (await post(`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.json().result.id, 5), branchUser))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          `${AUTO}/updateActivityNroFactura`,
          { id_localidad: id, id_sucursal: branch, asignaNroFacturas: 'GLOBAL', tipo: 'Sucursal' },
          branchUser,
        )
      ).statusCode,
    ).toBe(200);
    await expectRefused(() => post('/v2/facturas/addcontrolLoc', globalLot(id, 5000, 10), branchUser), 403);
  });

  it("the demo user reads Demo Comercial's numbering but gets 403 on every reader of Servicios Ejemplo", async () => {
    const demo = await companyId(DEMO_RIF);
    const second = await companyId(SECOND_RIF);
    const [secondLot] = await lotRows(second, 'FACTURA');
    const [secondBranch] = await branchesOf(second);
    const token = await ctx().login(DEMO_USER.email, DEMO_USER.password);

    const own = await post(`${CONTROL}/getcontrolesSucursaleLocalidad`, { razonSocial: demo }, token);
    expect(own.statusCode).toBe(200);
    expect(own.json().results[0]).toMatchObject({ tipo: 'Global', tipoFacturaOrden: 'FACTURA', serie: '00' });
    expect((await get(`${CONTROL}/getnroRetenciones/${demo}`, token)).statusCode).toBe(200);
    expect((await get(`/v2/mantenimiento/localidad/getlocalidad/${demo}`, token)).statusCode).toBe(200);

    const foreign: Array<[InjectOptions['method'], string, unknown?]> = [
      ['POST', `${CONTROL}/getcontrolesSucursaleLocalidad`, { razonSocial: second, tipo: 'Localidad' }],
      ['POST', `${CONTROL}/getcontrolesOrdenesSucursaleLocalidad`, { razonSocial: second }],
      ['POST', `${CONTROL}/getcontrolesRetenciones`, { _id: second, tipo: 'Localidad' }],
      ['GET', `${CONTROL}/getcontrolesfacturasByLocalidad/${second}`],
      ['GET', `${CONTROL}/getcontrolesSucursalesByIDControlFacturalocalidad/${secondLot.id}`],
      [
        'POST',
        `${CONTROL}/getcontrolesSucursaleLocalidadOrdenesGuia`,
        { id_sucursal: secondBranch, tipo: 'Sucursal', tipoFacturaOrden: 'FACTURA' },
      ],
      ['GET', `${CONTROL}/getnroRetenciones/${second}`],
      ['POST', `${AUTO}/getConsultaNroFacturaAuto`, { id: second, tipo: 'Localidad' }],
      ['POST', `${AUTO}/getConsultaNroFacturaAuto`, { id: secondBranch, tipo: 'Sucursal' }],
      ['GET', `/v2/facturas/asignanrofactura/?id=${second}`],
      ['GET', `/v2/mantenimiento/localidad/getlocalidad/${second}`],
    ];
    for (const [method, url, payload] of foreign) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().results).toBeUndefined();
    }
  });

  it("a role holding every numbering action but granted only Demo Comercial cannot write Servicios Ejemplo's", async () => {
    const demo = await companyId(DEMO_RIF);
    const second = await companyId(SECOND_RIF);
    const [secondLot] = await lotRows(second, 'FACTURA');
    const [secondBranch] = await branchesOf(second);
    const token = await userWith(
      {
        [COMPANY_MODULE]: ALL_COMPANY_ACTIONS,
        [BRANCH_MODULE]: ['add', 'params', 'view', 'update', 'addControlsucusal'],
      },
      [demo],
    );
    const writes: Array<[string, unknown]> = [
      ['/v2/facturas/addcontrolLoc', globalLot(second, 900_000, 10)],
      ['/v2/facturas/addcontrolOrdenGuiaLoc', globalLot(second, 900_000, 10)],
      [`${CONTROL}/AddControlRetencion`, globalLot(second, 900_000, 10)],
      [`${CONTROL}/addcontrolsucur`, branchLot(secondBranch, secondLot.id, 1)],
      [`${CONTROL}/addcontrolsucurOrdenGuia`, branchLot(secondBranch, secondLot.id, 1)],
      [`${CONTROL}/AddNroRetenciones`, { id_localidad: second, serie: '00', nroDesde: 0, cantidad: 5 }],
      [`${AUTO}/updateActivityNroFactura`, { id_localidad: second, asignaNroFacturas: 'GLOBAL' }],
      [
        `${AUTO}/updateActivityNroFactura`,
        { id_localidad: second, id_sucursal: secondBranch, asignaNroFacturas: 'GLOBAL' },
      ],
      [`${AUTO}/AddUpdateControlfacturaAuto`, { id: second, nroFacturaDesde: 0, cantidadFacturas: 5 }],
      [
        `${AUTO}/AddUpdateControlfacturaAutoSucursal`,
        { id: secondBranch, nroFacturaDesde: 0, cantidadFacturas: 5 },
      ],
    ];
    for (const [url, payload] of writes) {
      await expectRefused(() => post(url, payload, token), 403, M.forbiddenTenant);
    }
    // A range of Servicios Ejemplo made by the admin cannot be deleted by this user either.
    const range = await post(
      `${AUTO}/AddUpdateControlfacturaAuto`,
      { id: second, serie: 'Z9', nroFacturaDesde: 0, cantidadFacturas: 5 },
      await admin(),
    );
    expect(range.statusCode, range.body).toBe(200);
    await expectRefused(
      () => post(`${AUTO}/deleteAsignaNroFactura`, { id: range.json().result.id }, token),
      403,
      M.forbiddenTenant,
    );
    expect(
      (await post(`${AUTO}/deleteAsignaNroFactura`, { id: range.json().result.id }, await admin()))
        .statusCode,
    ).toBe(200);
    // The same user writes its own company.
    const own = await post(
      `${AUTO}/AddUpdateControlfacturaAuto`,
      { id: demo, nroFacturaDesde: 0, cantidadFacturas: 5 },
      token,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(
      (await post(`${AUTO}/deleteAsignaNroFactura`, { id: own.json().result.id }, token)).statusCode,
    ).toBe(200);
  });

  // --- Company lots ------------------------------------------------------------------------------

  for (const route of COMPANY_LOT_ROUTES) {
    it(`${route.url.split('/').at(-1)}: a Global lot with initial N and quantity Q covers N+1…N+Q, stored and read back`, async () => {
      const id = await newCompany();
      const before = await counts();
      const res = await post(
        route.url,
        {
          id_localidad: id,
          tipo: 'Global',
          tipoFacturaOrden: route.familia,
          serie: 'a1',
          nroControl: '168440',
          nroControlDesde: 168_440,
          nroControlHasta: 169_440,
          cantidadFacturas: 1000,
          logEstatusRegistro: 'ACTIVO',
        },
        await admin(),
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.code).toBe(200);
      expect(body.message).toBe(route.message);
      expect(body.result).toMatchObject({
        id_localidad: id,
        tipo: 'Global',
        tipoFacturaOrden: route.familia,
        serie: 'A1',
        cantidadFacturas: 1000,
        nroControl: 168_440,
        nroControlDesde: 168_440,
        nroControlHasta: 169_440,
        nroControlActual: 168_440,
        asignadas: 1000,
        disponibles: 1000,
        siguiente: 168_441,
        logEstatusRegistro: 'ACTIVO',
        logUsername: 'admin@sigece.local',
      });
      expect(body.result._id).toBe(body.result.id);
      const after = await counts();
      expect(after.control_lots).toBe(before.control_lots + 1);
      expect(after.control_sublots).toBe(before.control_sublots);
      expect(await auditCount('controlLote', body.result.id)).toBe(1);
      expect(await lotRows(id, route.familia)).toEqual([
        {
          id: body.result.id,
          tipo: 'GLOBAL',
          serie: 'A1',
          cantidad: '1000',
          desde: '168440',
          hasta: '169440',
          actual: '168440',
          sub_asignado: '0',
          status: 'ACTIVO',
        },
      ]);
      // Only this family's reader lists it; every spelling of the company id works.
      for (const other of COMPANY_LOT_ROUTES) {
        for (const key of ['razonSocial', '_id', 'id_localidad', 'id']) {
          const read = await post(
            `${CONTROL}/${other.reader}`,
            { [key]: id, tipo: 'Localidad' },
            await admin(),
          );
          expect(read.statusCode).toBe(200);
          expect(read.json().results.map((l: { id: string }) => l.id)).toEqual(
            other.familia === route.familia ? [body.result.id] : [],
          );
        }
      }
      // The first number it hands out is N+1, printed SERIE-NUMBER with 8 digits.
      const [first] = await consume(id, route.familia);
      expect(first.nroControl).toBe('A1-00168441');
    });
  }

  it('getcontrolesfacturasByLocalidad/{id} lists the invoice lots only, in order of arrival', async () => {
    const id = await newCompany();
    const a = await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 0, 10));
    await addLot('/v2/facturas/addcontrolOrdenGuiaLoc', globalLot(id, 0, 10));
    const b = await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 10, 10));
    const res = await get(`${CONTROL}/getcontrolesfacturasByLocalidad/${id}`, await admin());
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(200);
    expect(
      res.json().results.map((l: { id: string; logEstatusRegistro: string }) => [l.id, l.logEstatusRegistro]),
    ).toEqual([
      [a.id, 'ACTIVO'],
      [b.id, 'ENCOLA'],
    ]);
    const none = await get(`${CONTROL}/getcontrolesfacturasByLocalidad/${await newCompany()}`, await admin());
    expect(none.json().results).toEqual([]);
    const bad = await get(`${CONTROL}/getcontrolesfacturasByLocalidad/not-a-uuid`, await admin());
    expect(bad.statusCode).toBe(400);
  });

  it('a second lot while one is live waits ENCOLA; numbers pass to the queued lots in order of arrival', async () => {
    const id = await newCompany();
    const first = await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 0, 3, 'A1'));
    const second = await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 1000, 2, 'B2'));
    const third = await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 500, 2, 'A1'));
    expect([first.logEstatusRegistro, second.logEstatusRegistro, third.logEstatusRegistro]).toEqual([
      'ACTIVO',
      'ENCOLA',
      'ENCOLA',
    ]);
    const numbers = await consume(id, 'FACTURA', 6);
    expect(numbers.map((n) => n.nroControl)).toEqual([
      'A1-00000001',
      'A1-00000002',
      'A1-00000003',
      'B2-00001001',
      'B2-00001002',
      'A1-00000501',
    ]);
    expect((await lotRows(id, 'FACTURA')).map((l) => [l.id, l.status, l.actual])).toEqual([
      [first.id, 'AGOTADO', '3'],
      [second.id, 'AGOTADO', '1002'],
      [third.id, 'ACTIVO', '501'],
    ]);
    // The other families are untouched by the invoice queue.
    expect(await lotRows(id, 'ORDEN')).toEqual([]);
  });

  it('a lot added when the active one is used up and others wait: the first in line becomes ACTIVO, the new one queues', async () => {
    const id = await newCompany();
    const first = await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 0, 2));
    const second = await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 100, 5));
    await consume(id, 'FACTURA', 2); // the active lot is now used up, still marked ACTIVO
    const third = await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 200, 5));
    expect(third.logEstatusRegistro).toBe('ENCOLA');
    expect((await lotRows(id, 'FACTURA')).map((l) => [l.id, l.status])).toEqual([
      [first.id, 'AGOTADO'],
      [second.id, 'ACTIVO'],
      [third.id, 'ENCOLA'],
    ]);
    const [next] = await consume(id, 'FACTURA');
    expect(next.nroControl).toBe('00-00000101');
  });

  it('a lot added when the only lot is used up becomes ACTIVO and the old one AGOTADO', async () => {
    const id = await newCompany();
    const first = await addLot('/v2/facturas/addcontrolOrdenGuiaLoc', globalLot(id, 0, 2));
    await consume(id, 'ORDEN', 2);
    const second = await addLot('/v2/facturas/addcontrolOrdenGuiaLoc', globalLot(id, 2, 2));
    expect(second.logEstatusRegistro).toBe('ACTIVO');
    expect((await lotRows(id, 'ORDEN')).map((l) => [l.id, l.status])).toEqual([
      [first.id, 'AGOTADO'],
      [second.id, 'ACTIVO'],
    ]);
    expect((await consume(id, 'ORDEN'))[0].nroControl).toBe('00-00000003');
  });

  it('a lot overlapping a range of the same series answers 409 and writes nothing; adjacent ranges and other series are fine', async () => {
    const id = await newCompany();
    await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 1000, 100));
    for (const [initial, quantity] of [
      [1000, 100],
      [1050, 10],
      [950, 51],
      [1099, 5],
      [900, 500],
    ]) {
      const token = await admin();
      await expectRefused(
        () => post('/v2/facturas/addcontrolLoc', globalLot(id, initial, quantity), token),
        409,
        M.overlap,
      );
    }
    // Ranges touch without sharing a number: Hasta of one is Desde of the next.
    expect((await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 1100, 10))).logEstatusRegistro).toBe(
      'ENCOLA',
    );
    expect((await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 990, 10))).logEstatusRegistro).toBe(
      'ENCOLA',
    );
    // Same numbers under another series, or in another family, do not collide.
    await addLot('/v2/facturas/addcontrolLoc', globalLot(id, 1000, 100, 'B'));
    await addLot('/v2/facturas/addcontrolOrdenGuiaLoc', globalLot(id, 1000, 100));
    // Nor do the same numbers of another company.
    await addLot('/v2/facturas/addcontrolLoc', globalLot(await newCompany(), 1000, 100));
  });

  it('refuses a lot for a company that does not exist (404) or is inactive (400)', async () => {
    const token = await admin();
    await expectRefused(
      () =>
        post('/v2/facturas/addcontrolLoc', globalLot('00000000-0000-4000-8000-000000000000', 0, 10), token),
      404,
    );
    const inactive = await newCompany('INACTIVO');
    await expectRefused(
      () => post('/v2/facturas/addcontrolLoc', globalLot(inactive, 0, 10), token),
      400,
      'La razón social está inactiva',
    );
  });

  for (const route of COMPANY_LOT_ROUTES) {
    it(`${route.url.split('/').at(-1)}: spec 000 §5 messages answer 400 and write nothing`, async () => {
      const id = await newCompany();
      const token = await admin();
      const valid = globalLot(id, 0, 10);
      const cases: Array<[Record<string, unknown>, string, string?]> = [
        [{ ...valid, nroControl: 'abc' }, M.notANumber, 'nroControl'],
        [{ ...valid, nroControl: -5 }, M.notANumber, 'nroControl'],
        [{ ...valid, nroControl: 1.5 }, M.notANumber, 'nroControl'],
        [{ ...valid, nroControlDesde: 'x' }, M.notANumber, 'nroControlDesde'],
        [{ ...valid, nroControlHasta: 'x' }, M.notANumber, 'nroControlHasta'],
        [{ ...valid, cantidadFacturas: 'diez' }, M.notANumber, 'cantidadFacturas'],
        [{ ...valid, nroControl: undefined }, M.required, 'nroControl'],
        [{ ...valid, nroControl: '' }, M.required, 'nroControl'],
        [{ ...valid, serie: 'ABC' }, M.serieMax2, 'serie'],
        [{ ...valid, serie: '0-' }, M.serieMax2, 'serie'],
        [{ ...valid, cantidadFacturas: 0, nroControlHasta: 0 }, M.greaterThanZero, 'cantidadFacturas'],
        [
          { ...valid, cantidadFacturas: undefined, nroControlHasta: undefined },
          M.required,
          'cantidadFacturas',
        ],
        [
          { ...valid, tipo: 'Individual', cantidadFacturas: undefined, nroControlHasta: undefined },
          M.required,
          'cantidadLocalidad',
        ],
        [{ ...valid, tipo: undefined }, M.required, 'tipo'],
        [{ ...valid, tipo: 'Mixto' }, M.required, 'tipo'],
        [{ ...valid, id_localidad: undefined }, M.required, 'id_localidad'],
        [{ ...valid, id_localidad: '' }, M.required, 'id_localidad'],
        [{ ...valid, tipoFacturaOrden: 'RECIBO' }, M.required, 'tipoFacturaOrden'],
        [{ ...valid, logEstatusRegistro: 'AGOTADO' }, M.required, 'logEstatusRegistro'],
        [{ ...valid, nroControlDesde: 5 }, 'Desde debe ser igual al número inicial', 'nroControlDesde'],
        [
          { ...valid, nroControlHasta: 11 },
          'Hasta debe ser el número inicial más la cantidad',
          'nroControlHasta',
        ],
        [
          { ...valid, nroControl: 99_999_995, nroControlDesde: undefined, nroControlHasta: undefined },
          'El número de control admite hasta 8 dígitos',
          'nroControlHasta',
        ],
      ];
      for (const [payload, message, path] of cases) {
        const res = await expectRefused(() => post(route.url, payload, token), 400);
        const body = res.json() as { message: string; errors?: Array<{ path: string; message: string }> };
        expect(body.errors, JSON.stringify(payload)).toContainEqual({ path, message });
      }
      // Empty series takes the default '00'.
      const ok = await post(route.url, { ...valid, serie: '' }, token);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().result.serie).toBe('00');
    });
  }

  it('an Individual lot whose head office issues too: quantity is the whole lot, cantidadLocalidad its own share', async () => {
    const id = await newCompany();
    const branch = await newBranch(id);
    const res = await post(
      '/v2/facturas/addcontrolLoc',
      {
        id_localidad: id,
        tipo: 'Individual',
        serie: '00',
        nroControl: 0,
        nroControlDesde: 0,
        nroControlHasta: 1000,
        cantidadFacturas: 1000,
        cantidadLocalidad: 100,
        localidadGeneraFac: true,
        logEstatusRegistro: 'ACTIVO',
      },
      await admin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      tipo: 'Individual',
      cantidadFacturas: 1000,
      nroControlHasta: 1000,
      nroSubControl: 100,
      localidadGeneraFac: true,
      disponibles: 900,
    });
    const lotId = res.json().result.id;
    expect(await sublotRows(lotId)).toEqual([
      { id_sucursal: null, desde: '0', hasta: '100', actual: '0', status: 'ACTIVO' },
    ]);
    // The head office issues from its share; a branch has nothing until it is carved one.
    expect((await consume(id, 'FACTURA', 2)).map((n) => n.nroControl)).toEqual([
      '00-00000001',
      '00-00000002',
    ]);
    await expect(consume(id, 'FACTURA', 1, branch)).rejects.toThrow(
      'NO tiene Nro. De control Asignado para Factura',
    );
    // A Hasta that disagrees with the whole lot is refused, as for a Global one.
    const token = await admin();
    await expectRefused(
      () =>
        post(
          '/v2/facturas/addcontrolLoc',
          {
            id_localidad: id,
            tipo: 'Individual',
            serie: '00',
            nroControl: 5000,
            nroControlHasta: 5100,
            cantidadFacturas: 1000,
            cantidadLocalidad: 100,
            localidadGeneraFac: true,
          },
          token,
        ),
      400,
      'Hasta debe ser el número inicial más la cantidad',
    );
    // A share larger than the lot: refused, the lot is not stored either.
    await expectRefused(
      () =>
        post(
          '/v2/facturas/addcontrolLoc',
          {
            id_localidad: id,
            tipo: 'Individual',
            serie: '00',
            nroControl: 5000,
            cantidadFacturas: 10,
            cantidadLocalidad: 11,
            localidadGeneraFac: true,
          },
          token,
        ),
      400,
      new RegExp(`^${M.quotaTooSmall}`),
    );
  });

  // --- Branch lots -------------------------------------------------------------------------------

  it("addcontrolsucur carves from Servicios Ejemplo's individual lot after the 2,000 already given to branch 002", async () => {
    const second = await companyId(SECOND_RIF);
    const [branch] = await branchesOf(second);
    const [lot] = await lotRows(second, 'FACTURA');
    expect(lot).toMatchObject({ tipo: 'INDIVIDUAL', cantidad: '10000', status: 'ACTIVO' });
    const subAsignado = Number(lot.sub_asignado);
    const before = await counts();
    const res = await post(`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.id, 500), await admin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.branchLot);
    // The branch still has numbers in its first sub-lot: the new one waits.
    expect(res.json().result).toMatchObject({
      id_sucursal: branch,
      IDControlFacturalocalidad: lot.id,
      tipoFacturaOrden: 'FACTURA',
      serie: '00',
      cantidadFacturas: 500,
      nroControlDesde: subAsignado,
      nroControlHasta: subAsignado + 500,
      nroControlActual: subAsignado,
      disponibles: 500,
      siguiente: subAsignado + 1,
      logEstatusRegistro: 'ENCOLA',
    });
    const after = await counts();
    expect(after.control_sublots).toBe(before.control_sublots + 1);
    expect(after.control_lots).toBe(before.control_lots);
    expect(after.audit_log).toBe(before.audit_log + 1);
    expect(await auditCount('controlSucursal', res.json().result.id)).toBe(1);
    const [stored] = await lotRows(second, 'FACTURA');
    expect(Number(stored.sub_asignado)).toBe(subAsignado + 500);

    const token = await admin();
    const byLot = await get(`${CONTROL}/getcontrolesSucursalesByIDControlFacturalocalidad/${lot.id}`, token);
    expect(byLot.statusCode).toBe(200);
    const subs = byLot.json().results as Array<{
      id: string;
      nroControlDesde: number;
      logEstatusRegistro: string;
    }>;
    expect(subs.at(-1)).toMatchObject({ id: res.json().result.id, nroControlDesde: subAsignado });
    expect(subs[0]).toMatchObject({
      nroControlDesde: 0,
      nroControlHasta: 2000,
      logEstatusRegistro: 'ACTIVO',
    });
    const ofBranch = await post(
      `${CONTROL}/getcontrolesSucursaleLocalidadOrdenesGuia`,
      { id_sucursal: branch, tipo: 'Sucursal', tipoFacturaOrden: 'FACTURA' },
      token,
    );
    expect(ofBranch.statusCode).toBe(200);
    expect(ofBranch.json().results.map((s: { id: string }) => s.id)).toEqual(subs.map((s) => s.id));
    // Without tipoFacturaOrden the reader shows the branch's orders/guides lots: none here.
    const orders = await post(
      `${CONTROL}/getcontrolesSucursaleLocalidadOrdenesGuia`,
      { id_sucursal: branch, tipo: 'Sucursal' },
      token,
    );
    expect(orders.json().results).toEqual([]);
    // The company's lot reader shows what is left to carve.
    const lots = await post(`${CONTROL}/getcontrolesSucursaleLocalidad`, { razonSocial: second }, token);
    expect(lots.json().results[0]).toMatchObject({
      tipo: 'Individual',
      nroSubControl: subAsignado + 500,
      disponibles: 10_000 - subAsignado - 500,
    });
  });

  it('addcontrolsucurOrdenGuia carves an orders/guides branch lot that the branch then uses', async () => {
    const id = await newCompany();
    const north = await newBranch(id, '001');
    const south = await newBranch(id, '002');
    const lot = await addLot('/v2/facturas/addcontrolOrdenGuiaLoc', individualLot(id, 5000, 100));
    expect(lot.logEstatusRegistro).toBe('ACTIVO');
    const token = await admin();
    const a = await post(`${CONTROL}/addcontrolsucurOrdenGuia`, branchLot(north, lot.id, 30), token);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().message).toBe(M.branchLot);
    expect(a.json().result).toMatchObject({
      tipoFacturaOrden: 'ORDEN',
      nroControlDesde: 5000,
      nroControlHasta: 5030,
      logEstatusRegistro: 'ACTIVO',
    });
    const b = await post(
      `${CONTROL}/addcontrolsucurOrdenGuia`,
      { ...branchLot(south, lot.id, 20), serie: '0' },
      token,
    );
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().result).toMatchObject({
      nroControlDesde: 5030,
      nroControlHasta: 5050,
      logEstatusRegistro: 'ACTIVO',
    });

    expect((await consume(id, 'ORDEN', 2, south)).map((n) => n.nroControl)).toEqual([
      '00-00005031',
      '00-00005032',
    ]);
    expect((await consume(id, 'ORDEN', 1, north))[0].nroControl).toBe('00-00005001');
    const read = await post(
      `${CONTROL}/getcontrolesSucursaleLocalidadOrdenesGuia`,
      { id_sucursal: south, tipo: 'Sucursal' },
      token,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().results).toEqual([
      expect.objectContaining({
        nroControlActual: 5032,
        disponibles: 18,
        siguiente: 5033,
        logEstatusRegistro: 'ACTIVO',
      }),
    ]);
    // An invoice branch lot cannot be carved out of an orders lot.
    await expectRefused(
      () => post(`${CONTROL}/addcontrolsucur`, branchLot(north, lot.id, 1), token),
      400,
      M.noActive,
    );
  });

  it('a branch lot on a company whose active lot is Global answers 400 and writes nothing', async () => {
    const demo = await companyId(DEMO_RIF);
    const [branch] = await branchesOf(demo);
    const [lot] = await lotRows(demo, 'FACTURA');
    const [order] = await lotRows(demo, 'ORDEN');
    const token = await admin();
    await expectRefused(
      () => post(`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.id, 10), token),
      400,
      M.global,
    );
    await expectRefused(
      () => post(`${CONTROL}/addcontrolsucurOrdenGuia`, branchLot(branch, order.id, 10), token),
      400,
      M.global,
    );
  });

  it('with no active company lot a branch lot answers the spec message', async () => {
    const id = await newCompany();
    const branch = await newBranch(id);
    const token = await admin();
    // No lot at all.
    await expectRefused(
      () =>
        post(
          `${CONTROL}/addcontrolsucur`,
          branchLot(branch, '00000000-0000-4000-8000-000000000000', 5),
          token,
        ),
      400,
      M.noActive,
    );
    // A queued lot is not the active one.
    const active = await addLot('/v2/facturas/addcontrolLoc', individualLot(id, 0, 10));
    const queued = await addLot('/v2/facturas/addcontrolLoc', individualLot(id, 10, 10));
    expect(queued.logEstatusRegistro).toBe('ENCOLA');
    await expectRefused(
      () => post(`${CONTROL}/addcontrolsucur`, branchLot(branch, queued.id, 5), token),
      400,
      M.noActive,
    );
    // Another company's lot, for this branch: refused the same way.
    const other = await newCompany();
    const foreignLot = await addLot('/v2/facturas/addcontrolLoc', individualLot(other, 0, 10));
    await expectRefused(
      () => post(`${CONTROL}/addcontrolsucur`, branchLot(branch, foreignLot.id, 5), token),
      400,
      M.noActive,
    );
    // A branch that does not exist.
    await expectRefused(
      () =>
        post(
          `${CONTROL}/addcontrolsucur`,
          branchLot('00000000-0000-4000-8000-000000000000', active.id, 5),
          token,
        ),
      404,
    );
    // The series must be the lot's.
    await expectRefused(
      () => post(`${CONTROL}/addcontrolsucur`, { ...branchLot(branch, active.id, 5), serie: 'B1' }, token),
      400,
      'La serie debe ser la del lote de la Razón Social (00)',
    );
  });

  it('carving more than is left answers 400; carving all is fine; one more answers 400', async () => {
    const id = await newCompany();
    const branch = await newBranch(id);
    const lot = await addLot('/v2/facturas/addcontrolLoc', individualLot(id, 100, 50));
    const token = await admin();
    expect((await post(`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.id, 30), token)).statusCode).toBe(
      200,
    );
    await expectRefused(
      () => post(`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.id, 21), token),
      400,
      `${M.quotaTooSmall} (20 disponibles)`,
    );
    const rest = await post(`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.id, 20), token);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().result).toMatchObject({
      nroControlDesde: 130,
      nroControlHasta: 150,
      logEstatusRegistro: 'ENCOLA',
    });
    await expectRefused(
      () => post(`${CONTROL}/addcontrolsucur`, branchLot(branch, lot.id, 1), token),
      400,
      M.quotaUsed,
    );
    const [stored] = await lotRows(id, 'FACTURA');
    expect(stored.sub_asignado).toBe('50');
    expect((await sublotRows(lot.id)).map((s) => [s.desde, s.hasta])).toEqual([
      ['100', '130'],
      ['130', '150'],
    ]);
    // The branch uses its first sub-lot, then passes to the queued one without a gap.
    const numbers = await consume(id, 'FACTURA', 32, branch);
    expect(numbers.at(29)?.nroControl).toBe('00-00000130');
    expect(numbers.at(30)?.nroControl).toBe('00-00000131');
    expect(numbers.at(31)?.nroControl).toBe('00-00000132');
  });

  it('a queued Individual lot takes over for branch lots once the active one is carved and used up', async () => {
    const id = await newCompany();
    const branch = await newBranch(id);
    const first = await addLot('/v2/facturas/addcontrolLoc', individualLot(id, 0, 10));
    const second = await addLot('/v2/facturas/addcontrolLoc', individualLot(id, 10, 10));
    expect(second.logEstatusRegistro).toBe('ENCOLA');
    const token = await admin();
    expect(
      (await post(`${CONTROL}/addcontrolsucur`, branchLot(branch, first.id, 10), token)).statusCode,
    ).toBe(200);
    await consume(id, 'FACTURA', 10, branch);
    // The first lot is all carved and all used: the queued one must be the one to carve from now.
    const carve = await post(`${CONTROL}/addcontrolsucur`, branchLot(branch, second.id, 4), token);
    expect(carve.statusCode, carve.body).toBe(200);
    expect(carve.json().result).toMatchObject({
      nroControlDesde: 10,
      nroControlHasta: 14,
      logEstatusRegistro: 'ACTIVO',
    });
    expect((await lotRows(id, 'FACTURA')).map((l) => [l.id, l.status])).toEqual([
      [first.id, 'AGOTADO'],
      [second.id, 'ACTIVO'],
    ]);
    expect((await consume(id, 'FACTURA', 1, branch))[0].nroControl).toBe('00-00000011');
  });

  for (const path of ['addcontrolsucur', 'addcontrolsucurOrdenGuia']) {
    it(`${path}: spec 000 §5 branch-control messages answer 400 and write nothing`, async () => {
      const id = await newCompany();
      const branch = await newBranch(id);
      const lot = await addLot(
        path === 'addcontrolsucur' ? '/v2/facturas/addcontrolLoc' : '/v2/facturas/addcontrolOrdenGuiaLoc',
        individualLot(id, 0, 100),
      );
      const valid = branchLot(branch, lot.id, 5);
      const token = await admin();
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ ...valid, cantidadFacturas: 0 }, M.greaterThanZero, 'cantidadFacturas'],
        [{ ...valid, cantidadFacturas: -3 }, M.greaterThanZero, 'cantidadFacturas'],
        [{ ...valid, cantidadFacturas: 'x' }, M.greaterThanZero, 'cantidadFacturas'],
        [{ ...valid, cantidadFacturas: undefined }, M.required, 'cantidadFacturas'],
        [{ ...valid, serie: '' }, M.required, 'serie'],
        [{ ...valid, serie: undefined }, M.required, 'serie'],
        [{ ...valid, serie: 'ABC' }, M.serieMax2, 'serie'],
        [{ ...valid, tipo: undefined }, M.required, 'tipo'],
        [{ ...valid, tipo: '' }, M.required, 'tipo'],
        [{ ...valid, id_sucursal: undefined }, M.required, 'id_sucursal'],
        [{ ...valid, IDControlFacturalocalidad: '' }, M.required, 'IDControlFacturalocalidad'],
        [{ ...valid, logEstatusRegistro: 'X' }, M.required, 'logEstatusRegistro'],
      ];
      for (const [payload, message, field] of cases) {
        const res = await expectRefused(() => post(`${CONTROL}/${path}`, payload, token), 400);
        expect(res.json().errors, JSON.stringify(payload)).toContainEqual({ path: field, message });
      }
      const ok = await post(`${CONTROL}/${path}`, valid, token);
      expect(ok.statusCode, ok.body).toBe(200);
    });
  }

  it('getcontrolesSucursalesByIDControlFacturalocalidad and the branch reader: 404 for unknown ids, 400 for bad ones', async () => {
    const token = await admin();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await get(`${CONTROL}/getcontrolesSucursalesByIDControlFacturalocalidad/${unknown}`, token))
        .statusCode,
    ).toBe(404);
    const noBranch = await post(
      `${CONTROL}/getcontrolesSucursaleLocalidadOrdenesGuia`,
      { id_sucursal: unknown },
      token,
    );
    expect(noBranch.statusCode).toBe(404);
    const bad = await post(
      `${CONTROL}/getcontrolesSucursaleLocalidadOrdenesGuia`,
      { tipo: 'Sucursal' },
      token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Seleccione la sucursal');
    const noCompany = await post(`${CONTROL}/getcontrolesSucursaleLocalidad`, { tipo: 'Localidad' }, token);
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().message).toBe('Seleccione la razón social');
    // A Global lot has no branch lots.
    const [demoLot] = await lotRows(await companyId(DEMO_RIF), 'FACTURA');
    const none = await get(
      `${CONTROL}/getcontrolesSucursalesByIDControlFacturalocalidad/${demoLot.id}`,
      token,
    );
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ code: 200, results: [] });
  });

  // --- Withholding voucher numbers ---------------------------------------------------------------

  it('AddNroRetenciones registers the voucher sequence; getnroRetenciones reads it; vouchers are yyyyMM + 8 digits', async () => {
    const id = await newCompany();
    const token = await admin();
    const before = await counts();
    const res = await post(
      `${CONTROL}/AddNroRetenciones`,
      { id_localidad: id, serie: '', nroDesde: '27', cantidad: 100 },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.withholdingNumbers);
    expect(res.json().result).toMatchObject({
      id_localidad: id,
      serie: '00',
      cantidad: 100,
      nroDesde: 27,
      nroHasta: 127,
      nroActual: 27,
      asignaNro: true,
      disponibles: 100,
      logEstatusRegistro: 'ACTIVO',
    });
    expect(res.json().result.siguiente).toMatch(/^\d{6}00000028$/);
    const after = await counts();
    expect(after.withholding_number_ranges).toBe(before.withholding_number_ranges + 1);
    expect(after.audit_log).toBe(before.audit_log + 1);
    expect(await auditCount('nroRetenciones', res.json().result.id)).toBe(1);

    const queued = await post(
      `${CONTROL}/AddNroRetenciones`,
      { id_localidad: id, serie: '00', nroDesde: 127, cantidad: 10 },
      token,
    );
    expect(queued.json().result.logEstatusRegistro).toBe('ENCOLA');
    await expectRefused(
      () =>
        post(
          `${CONTROL}/AddNroRetenciones`,
          { id_localidad: id, serie: '00', nroDesde: 120, cantidad: 10 },
          token,
        ),
      409,
      M.overlap,
    );
    // The engine takes voucher sequences; the reader shows the next one moving.
    const taken = await ctx().database.db.transaction(async (tx) => [
      await allocateVoucherSequence(tx, id),
      await allocateVoucherSequence(tx, id),
    ]);
    expect(taken.map((t) => t.numero)).toEqual([28, 29]);
    expect(formatVoucherNumber({ year: 2025, month: 6 }, taken[0].numero)).toBe('20250600000028');
    const read = await get(`${CONTROL}/getnroRetenciones/${id}`, token);
    expect(read.statusCode).toBe(200);
    expect(read.json().code).toBe(200);
    expect(read.json().results).toEqual([
      expect.objectContaining({ nroActual: 29, disponibles: 98, logEstatusRegistro: 'ACTIVO' }),
      expect.objectContaining({ nroDesde: 127, nroHasta: 137, logEstatusRegistro: 'ENCOLA' }),
    ]);
    expect(read.json().results[0].siguiente.slice(-8)).toBe('00000030');
    expect(read.json().results[0].siguiente).toMatch(/^20\d{2}(0[1-9]|1[0-2])00000030$/);
    // Switching off applies to the agent as a whole: no more automatic vouchers.
    const off = await post(
      `${CONTROL}/AddNroRetenciones`,
      { id_localidad: id, serie: '00', nroDesde: 1000, cantidad: 10, asignaNro: false },
      token,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(
      (await get(`${CONTROL}/getnroRetenciones/${id}`, token))
        .json()
        .results.map((r: { asignaNro: boolean }) => r.asignaNro),
    ).toEqual([false, false, false]);
    await expect(ctx().database.db.transaction((tx) => allocateVoucherSequence(tx, id))).rejects.toThrow(
      'NO tiene Nro. De control Asignado para Retenciones',
    );
  });

  it("the voucher's year and month are Caracas's, not the server clock's", async () => {
    const id = await newCompany();
    const token = await admin();
    // 1 July 2025, 02:00 UTC is still 30 June 2025, 22:00 in Caracas.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-07-01T02:00:00Z') });
    const res = await post(
      `${CONTROL}/AddNroRetenciones`,
      { id_localidad: id, serie: '00', nroDesde: 27, cantidad: 5 },
      token,
    );
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.siguiente).toBe('20250600000028');
  });

  it('AddNroRetenciones: spec messages answer 400 and write nothing; 404 for an unknown company', async () => {
    const id = await newCompany();
    const token = await admin();
    const valid = { id_localidad: id, serie: '00', nroDesde: 0, cantidad: 10 };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, nroDesde: 'abc' }, M.notANumber, 'nroDesde'],
      [{ ...valid, nroDesde: -1 }, M.notANumber, 'nroDesde'],
      [{ ...valid, nroDesde: undefined }, M.required, 'nroDesde'],
      [{ ...valid, cantidad: 0 }, M.greaterThanZero, 'cantidad'],
      [{ ...valid, serie: 'ABC' }, M.serieMax2, 'serie'],
      [{ ...valid, id_localidad: '' }, M.required, 'id_localidad'],
    ];
    for (const [payload, message, field] of cases) {
      const res = await expectRefused(() => post(`${CONTROL}/AddNroRetenciones`, payload, token), 400);
      expect(res.json().errors, JSON.stringify(payload)).toContainEqual({ path: field, message });
    }
    await expectRefused(
      () =>
        post(
          `${CONTROL}/AddNroRetenciones`,
          { ...valid, id_localidad: '00000000-0000-4000-8000-000000000000' },
          token,
        ),
      404,
    );
    expect((await get(`${CONTROL}/getnroRetenciones/${id}`, token)).json().results).toEqual([]);
  });

  it("getnroRetenciones/{id} shows Demo Comercial's seeded sequence", async () => {
    const demo = await companyId(DEMO_RIF);
    const res = await get(`${CONTROL}/getnroRetenciones/${demo}`, await admin());
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({
      serie: '00',
      cantidad: 100_000,
      nroDesde: 0,
      nroHasta: 100_000,
      asignaNro: true,
    });
  });

  // --- Automatic invoice numbers -----------------------------------------------------------------

  it('automatic numbering of a company: off answers 400, switching on sets GLOBAL, numbers are shown and consumed in order', async () => {
    const id = await newCompany();
    const token = await admin();
    const consult = await post(`${AUTO}/getConsultaNroFacturaAuto`, { id, tipo: 'Localidad' }, token);
    expect(consult.statusCode).toBe(200);
    expect(consult.json()).toEqual({
      code: 200,
      result: { asignaNroFacturas: 'INACTIVO', rangos: [], siguiente: null },
    });
    const off = await get(`/v2/facturas/asignanrofactura/?id=${id}&tipo=Localidad`, token);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(M.autoFailed);

    // A range is registered: the response carries serie, desde and hasta.
    const before = await counts();
    const range = await post(
      `${AUTO}/AddUpdateControlfacturaAuto`,
      { id, serie: 'f', nroFacturaDesde: '500', cantidadFacturas: 3 },
      token,
    );
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json().message).toBe(M.params);
    expect(range.json().result).toMatchObject({
      id_localidad: id,
      id_sucursal: null,
      serie: 'F',
      nroFacturaDesde: 500,
      nroFacturaHasta: 503,
      nroFacturaActual: 500,
      disponibles: 3,
      siguiente: 501,
      logEstatusRegistro: 'ACTIVO',
    });
    const after = await counts();
    expect(after.invoice_number_ranges).toBe(before.invoice_number_ranges + 1);
    expect(await auditCount('nroFacturaAuto', range.json().result.id)).toBe(1);
    // Still INACTIVO: nothing is assigned yet.
    expect((await get(`/v2/facturas/asignanrofactura?id=${id}`, token)).statusCode).toBe(400);

    const on = await post(
      `${AUTO}/updateActivityNroFactura`,
      { id_localidad: id, asignaNroFacturas: 'global', tipo: 'Localidad' },
      token,
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      code: 200,
      message: M.params,
      result: { id, tipo: 'Localidad', asignaNroFacturas: 'GLOBAL' },
    });
    const [stored] = await ctx().database.db.select().from(localidades).where(eq(localidades.id, id));
    expect(stored.asignaNroFacturas).toBe('GLOBAL');
    expect(await auditCount('localidad', id)).toBe(1);

    // The next number is shown, and showing it consumes nothing.
    for (let i = 0; i < 3; i++) {
      const next = await get(`/v2/facturas/asignanrofactura/?id=${id}&tipo=Localidad&sucursalTipo=`, token);
      expect(next.statusCode).toBe(200);
      expect(next.json()).toEqual({
        code: 200,
        message: M.autoAssigned,
        result: { serie: 'F', nroFactura: '00000501' },
      });
    }
    const queued = await post(
      `${AUTO}/AddUpdateControlfacturaAuto`,
      { id, serie: 'F', nroFacturaDesde: 900, cantidadFacturas: 2 },
      token,
    );
    expect(queued.json().result.logEstatusRegistro).toBe('ENCOLA');
    await expectRefused(
      () =>
        post(
          `${AUTO}/AddUpdateControlfacturaAuto`,
          { id, serie: 'F', nroFacturaDesde: 502, cantidadFacturas: 5 },
          token,
        ),
      409,
      M.overlap,
    );

    // Issuing invoices consumes numbers in order, and passes to the queued range.
    const issued: string[] = [];
    for (let i = 0; i < 4; i++) {
      const n = await ctx().database.db.transaction((tx) => allocateInvoiceNumber(tx, id, null));
      issued.push(`${n?.serie}-${n?.nroFactura}`);
      if (i === 1) {
        const shown = await get(`/v2/facturas/asignanrofactura/?id=${id}`, token);
        expect(shown.json().result.nroFactura).toBe('00000503');
      }
    }
    expect(issued).toEqual(['F-00000501', 'F-00000502', 'F-00000503', 'F-00000901']);
    expect((await get(`/v2/facturas/asignanrofactura/?id=${id}`, token)).json().result.nroFactura).toBe(
      '00000902',
    );
    // A failed invoice returns its number with the rollback.
    await ctx()
      .database.db.transaction(async (tx) => {
        await allocateInvoiceNumber(tx, id, null);
        throw new Error('factura rechazada');
      })
      .catch(() => undefined);
    expect((await get(`/v2/facturas/asignanrofactura/?id=${id}`, token)).json().result.nroFactura).toBe(
      '00000902',
    );

    const consulted = (await post(`${AUTO}/getConsultaNroFacturaAuto`, { id }, token)).json().result;
    expect(consulted.asignaNroFacturas).toBe('GLOBAL');
    expect(consulted.siguiente).toEqual({ serie: 'F', nroFactura: '00000902' });
    expect(
      consulted.rangos.map((r: { nroFacturaActual: number; logEstatusRegistro: string }) => [
        r.nroFacturaActual,
        r.logEstatusRegistro,
      ]),
    ).toEqual([
      [503, 'AGOTADO'],
      [901, 'ACTIVO'],
    ]);

    // A used range cannot be deleted; switching off sets INACTIVO and nothing is assigned.
    await expectRefused(
      () => post(`${AUTO}/deleteAsignaNroFactura`, { id: consulted.rangos[1].id }, token),
      400,
      'No se puede eliminar un rango con números ya usados',
    );
    const offAgain = await post(
      `${AUTO}/updateActivityNroFactura`,
      { id_localidad: id, asignaNroFacturas: 'INACTIVO' },
      token,
    );
    expect(offAgain.json().result.asignaNroFacturas).toBe('INACTIVO');
    expect((await get(`/v2/facturas/asignanrofactura/?id=${id}`, token)).json().message).toBe(M.autoFailed);
    expect(await ctx().database.db.transaction((tx) => allocateInvoiceNumber(tx, id, null))).toBeNull();
  });

  it('deleteAsignaNroFactura removes an unused range and records it; unknown ids answer 404', async () => {
    const id = await newCompany();
    const token = await admin();
    await post(`${AUTO}/updateActivityNroFactura`, { id_localidad: id, asignaNroFacturas: 'GLOBAL' }, token);
    const a = (
      await post(
        `${AUTO}/AddUpdateControlfacturaAuto`,
        { id, nroFacturaDesde: 0, cantidadFacturas: 10 },
        token,
      )
    ).json().result;
    const b = (
      await post(
        `${AUTO}/AddUpdateControlfacturaAuto`,
        { id, nroFacturaDesde: 10, cantidadFacturas: 10 },
        token,
      )
    ).json().result;
    const before = await counts();
    const del = await post(`${AUTO}/deleteAsignaNroFactura`, { id: b.id }, token);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({
      code: 200,
      message: 'Eliminado',
      result: { id: b.id, nroFacturaDesde: 10, nroFacturaHasta: 20 },
    });
    const after = await counts();
    expect(after.invoice_number_ranges).toBe(before.invoice_number_ranges - 1);
    expect(after.audit_log).toBe(before.audit_log + 1);
    // Deleting the unused active range: the next one (none here) would take over; numbering stays coherent.
    expect((await post(`${AUTO}/deleteAsignaNroFactura`, { id: a.id }, token)).statusCode).toBe(200);
    expect((await get(`/v2/facturas/asignanrofactura/?id=${id}`, token)).statusCode).toBe(400);
    await expectRefused(() => post(`${AUTO}/deleteAsignaNroFactura`, { id: a.id }, token), 404);
    await expectRefused(() => post(`${AUTO}/deleteAsignaNroFactura`, {}, token), 400, M.required);
  });

  it('automatic numbering of a branch: its own ranges, mode and next number (tipo or sucursalTipo = Sucursal)', async () => {
    const id = await newCompany();
    const branch = await newBranch(id);
    const token = await admin();
    const range = await post(
      `${AUTO}/AddUpdateControlfacturaAutoSucursal`,
      { id: branch, serie: 'S1', nroFacturaDesde: 0, cantidadFacturas: 50 },
      token,
    );
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json().result).toMatchObject({
      id_localidad: id,
      id_sucursal: branch,
      serie: 'S1',
      nroFacturaDesde: 0,
      nroFacturaHasta: 50,
    });
    // The company's own ranges do not include the branch's.
    expect(
      (await post(`${AUTO}/getConsultaNroFacturaAuto`, { id, tipo: 'Localidad' }, token)).json().result
        .rangos,
    ).toEqual([]);

    const mode = await post(
      `${AUTO}/updateActivityNroFactura`,
      { id_localidad: id, id_sucursal: branch, asignaNroFacturas: 'GLOBAL', tipo: 'Sucursal' },
      token,
    );
    expect(mode.statusCode, mode.body).toBe(200);
    expect(mode.json().result).toEqual({ id: branch, tipo: 'Sucursal', asignaNroFacturas: 'GLOBAL' });
    const [storedBranch] = await ctx().database.db.select().from(sucursales).where(eq(sucursales.id, branch));
    expect(storedBranch.asignaNroFacturas).toBe('GLOBAL');
    const [storedCompany] = await ctx().database.db.select().from(localidades).where(eq(localidades.id, id));
    expect(storedCompany.asignaNroFacturas).toBe('INACTIVO');

    for (const query of [`id=${branch}&tipo=Sucursal`, `id=${branch}&sucursalTipo=Sucursal`]) {
      const next = await get(`/v2/facturas/asignanrofactura/?${query}`, token);
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().result).toEqual({ serie: 'S1', nroFactura: '00000001' });
    }
    const consult = (
      await post(`${AUTO}/getConsultaNroFacturaAuto`, { id: branch, tipo: 'Sucursal' }, token)
    ).json().result;
    expect(consult.asignaNroFacturas).toBe('GLOBAL');
    expect(consult.rangos).toHaveLength(1);
    expect(consult.siguiente).toEqual({ serie: 'S1', nroFactura: '00000001' });
    const n = await ctx().database.db.transaction((tx) => allocateInvoiceNumber(tx, id, branch));
    expect(n).toEqual({ serie: 'S1', nroFactura: '00000001' });
    expect(
      (await get(`/v2/facturas/asignanrofactura/?id=${branch}&tipo=Sucursal`, token)).json().result
        .nroFactura,
    ).toBe('00000002');

    // A company numbering GLOBAL serves its branches from the company's ranges.
    await post(
      `${AUTO}/AddUpdateControlfacturaAuto`,
      { id, serie: 'C', nroFacturaDesde: 700, cantidadFacturas: 5 },
      token,
    );
    await post(`${AUTO}/updateActivityNroFactura`, { id_localidad: id, asignaNroFacturas: 'GLOBAL' }, token);
    expect(await ctx().database.db.transaction((tx) => allocateInvoiceNumber(tx, id, branch))).toEqual({
      serie: 'C',
      nroFactura: '00000701',
    });
    // Unknown branch: 404.
    expect(
      (
        await get(
          '/v2/facturas/asignanrofactura/?id=00000000-0000-4000-8000-000000000000&tipo=Sucursal',
          token,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('automatic-numbering validation: spec messages answer 400 and write nothing', async () => {
    const id = await newCompany();
    const token = await admin();
    const valid = { id, serie: '00', nroFacturaDesde: 0, cantidadFacturas: 10 };
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['AddUpdateControlfacturaAuto', { ...valid, serie: 'ABC' }, M.serieMax2, 'serie'],
      ['AddUpdateControlfacturaAuto', { ...valid, nroFacturaDesde: 'x' }, M.notANumber, 'nroFacturaDesde'],
      ['AddUpdateControlfacturaAuto', { ...valid, nroFacturaDesde: -1 }, M.notANumber, 'nroFacturaDesde'],
      [
        'AddUpdateControlfacturaAuto',
        { ...valid, cantidadFacturas: 0 },
        M.greaterThanZero,
        'cantidadFacturas',
      ],
      ['AddUpdateControlfacturaAuto', { ...valid, id: '' }, M.required, 'id'],
      ['AddUpdateControlfacturaAutoSucursal', { ...valid, serie: 'ABC' }, M.serieMax2, 'serie'],
      [
        'AddUpdateControlfacturaAutoSucursal',
        { ...valid, cantidadFacturas: -2 },
        M.greaterThanZero,
        'cantidadFacturas',
      ],
      [
        'updateActivityNroFactura',
        { id_localidad: id, asignaNroFacturas: 'SIEMPRE' },
        M.required,
        'asignaNroFacturas',
      ],
      ['updateActivityNroFactura', { asignaNroFacturas: 'GLOBAL' }, M.required, 'id_localidad'],
      ['getConsultaNroFacturaAuto', { tipo: 'Localidad' }, M.required, 'id'],
    ];
    for (const [path, payload, message, field] of cases) {
      const res = await expectRefused(() => post(`${AUTO}/${path}`, payload, token), 400);
      expect(res.json().errors, `${path} ${JSON.stringify(payload)}`).toContainEqual({
        path: field,
        message,
      });
    }
    const noId = await get('/v2/facturas/asignanrofactura/', token);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe(M.required);
    // A company id sent to the branch route: not a branch, 404, nothing written.
    await expectRefused(() => post(`${AUTO}/AddUpdateControlfacturaAutoSucursal`, valid, token), 404);
    const [stored] = await ctx().database.db.select().from(localidades).where(eq(localidades.id, id));
    expect(stored.asignaNroFacturas).toBe('INACTIVO');
  });

  // --- The company detail's control blocks -------------------------------------------------------

  it('the company detail shows the three control blocks, and Actual and Disp. move as numbers are used', async () => {
    const demo = await companyId(DEMO_RIF);
    const token = await admin();
    const read = async () => {
      const res = await get(`/v2/mantenimiento/localidad/getlocalidad/${demo}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.controles as Record<
        'facturas' | 'ordenes' | 'retenciones',
        Array<Record<string, unknown>>
      >;
    };
    const before = await read();
    for (const block of ['facturas', 'ordenes', 'retenciones'] as const) {
      expect(before[block]).toHaveLength(1);
      expect(before[block][0]).toMatchObject({
        tipo: 'Global',
        serie: '00',
        asignadas: 100_000,
        nroControlDesde: 0,
        nroControlHasta: 100_000,
        logEstatusRegistro: 'ACTIVO',
      });
      const { nroControlActual, disponibles } = before[block][0] as {
        nroControlActual: number;
        disponibles: number;
      };
      expect(disponibles).toBe(100_000 - nroControlActual);
    }
    const actual = (block: 'facturas' | 'ordenes' | 'retenciones') =>
      before[block][0].nroControlActual as number;

    const invoices = await consume(demo, 'FACTURA', 3);
    expect(invoices.map((n) => n.nroControl)).toEqual(
      [1, 2, 3].map((k) => `00-${String(actual('facturas') + k).padStart(8, '0')}`),
    );
    await consume(demo, 'ORDEN', 2);
    await consume(demo, 'RETENCION', 1);
    const after = await read();
    expect(after.facturas[0]).toMatchObject({
      nroControlActual: actual('facturas') + 3,
      disponibles: 100_000 - actual('facturas') - 3,
      siguiente: actual('facturas') + 4,
      asignadas: 100_000,
    });
    expect(after.ordenes[0]).toMatchObject({
      nroControlActual: actual('ordenes') + 2,
      disponibles: 100_000 - actual('ordenes') - 2,
    });
    expect(after.retenciones[0]).toMatchObject({
      nroControlActual: actual('retenciones') + 1,
      disponibles: 100_000 - actual('retenciones') - 1,
    });

    // A second invoice lot shows up queued, below the active one.
    const extra = await addLot('/v2/facturas/addcontrolLoc', globalLot(demo, 100_000, 500));
    const withQueue = await read();
    expect(withQueue.facturas.map((l) => [l.id, l.logEstatusRegistro, l.asignadas, l.disponibles])).toEqual([
      [after.facturas[0].id, 'ACTIVO', 100_000, after.facturas[0].disponibles],
      [extra.id, 'ENCOLA', 500, 500],
    ]);
    // The demo user, granted Demo Comercial, sees the same blocks.
    const userView = await get(
      `/v2/mantenimiento/localidad/getlocalidad/${demo}`,
      await ctx().login(DEMO_USER.email, DEMO_USER.password),
    );
    expect(userView.json().result.controles.facturas).toHaveLength(2);
  });

  it('a company without lots has empty blocks; used-up lots go below the live ones', async () => {
    const id = await newCompany();
    const token = await admin();
    const empty = await get(`/v2/mantenimiento/localidad/getlocalidad/${id}`, token);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().result.controles).toEqual({ facturas: [], ordenes: [], retenciones: [] });
    const first = await addLot(`${CONTROL}/AddControlRetencion`, globalLot(id, 0, 2));
    const second = await addLot(`${CONTROL}/AddControlRetencion`, globalLot(id, 2, 2));
    await consume(id, 'RETENCION', 3);
    const blocks = (await get(`/v2/mantenimiento/localidad/getlocalidad/${id}`, token)).json().result
      .controles;
    expect(blocks.facturas).toEqual([]);
    expect(
      blocks.retenciones.map(
        (l: { id: string; logEstatusRegistro: string; nroControlActual: number; disponibles: number }) => [
          l.id,
          l.logEstatusRegistro,
          l.nroControlActual,
          l.disponibles,
        ],
      ),
    ).toEqual([
      [second.id, 'ACTIVO', 3, 1],
      [first.id, 'AGOTADO', 2, 0],
    ]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });
});
