import { randomUUID } from 'node:crypto';
import { certificateFormSchema, thirdPartyFormSchema } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import {
  ALL_COMPANY_ACTIONS,
  buildKeyStore,
  type Ctx,
  companyIdByRif,
  DEMO_RIF,
  DEMO_USER,
  jpegBytes,
  place,
  pngBytes,
  SECOND_RIF,
  snapshot,
  unique,
  uniqueDocument,
  uploadCertificate,
  userWith,
} from './maintenance-support.ts';

const L = '/v2/mantenimiento/localidad';
const S = '/v2/mantenimiento/sucursal';
const COMPANY_MODULE = '/mantenimiento/Localidad';

const b64 = (bytes: Buffer) => bytes.toString('base64');

interface Places {
  caracas: { estado: string; municipio: string };
  valencia: { estado: string; municipio: string };
}

function companyPayload(places: Places, overrides: Record<string, unknown> = {}) {
  return {
    tipoDocumento: 'J',
    numeroDocumento: uniqueDocument(),
    nombre: unique('Empresa Prueba'),
    id_estado: places.caracas.estado,
    id_municipio: places.caracas.municipio,
    direccion: 'Av. Libertador, Edif. Prueba, piso 1, Caracas',
    telefono: '(212) 5550000',
    correo: 'Facturacion@Prueba.com.ve',
    tipoProveedor: 'PJD',
    contribuyenteEspecial: false,
    aerolinea: false,
    logo: b64(jpegBytes(128)),
    ...overrides,
  };
}

function branchPayload(places: Places, companyId: string, overrides: Record<string, unknown> = {}) {
  return {
    id_localidad: companyId,
    codigoSucursal: `s${Math.floor(Math.random() * 1e6)}`,
    nombre: unique('Sucursal'),
    direccion: 'Calle Real de Sabana Grande, local 4, Caracas',
    telefono: '(212) 5557788',
    correo: 'Sucursal@Prueba.com.ve',
    id_estado: places.caracas.estado,
    id_municipio: places.caracas.municipio,
    ...overrides,
  };
}

async function createCompany(ctx: Ctx, places: Places, overrides: Record<string, unknown> = {}) {
  const res = await ctx().request({
    method: 'POST',
    url: `${L}/addlocalidad`,
    token: await ctx().adminToken(),
    payload: companyPayload(places, overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; nombre: string; numeroDocumento: string; rif: string };
}

async function expectRefused(
  ctx: Ctx,
  tables: string[],
  send: () => Promise<{ statusCode: number; json: () => { message: string; errors?: unknown[] } }>,
  status: number,
  message?: string,
  path?: string,
) {
  const before = await snapshot(ctx, ...tables);
  const res = await send();
  expect(res.statusCode).toBe(status);
  if (message !== undefined) expect(res.json().message).toBe(message);
  if (path !== undefined) expect(res.json().errors).toContainEqual({ path, message });
  expect(await snapshot(ctx, ...tables)).toEqual(before);
}

describeWithApp('companies: razón social, sucursales, cuentas de terceros', (ctx) => {
  let admin: string;
  let demoId: string;
  let secondId: string;
  let places: Places;

  beforeAll(async () => {
    admin = await ctx().adminToken();
    demoId = await companyIdByRif(ctx, DEMO_RIF);
    secondId = await companyIdByRif(ctx, SECOND_RIF);
    places = {
      caracas: await place(ctx, 'VE-A', 'Libertador'),
      valencia: await place(ctx, 'VE-G', 'Valencia'),
    };
  });

  // --- addlocalidad ---------------------------------------------------------------------------------

  it('addlocalidad: "Localidad registrada", the row and logo stored, one audit entry, the logo public', async () => {
    const before = await snapshot(ctx, 'localidades');
    const logo = jpegBytes(512);
    const stamp = pngBytes(300);
    const payload = companyPayload(places, {
      nombre: 'Comercializadora Ávila, C.A.',
      logo: `data:image/jpeg;base64,${b64(logo)}`,
      base64Sello: b64(stamp),
      contribuyenteEspecial: 'true',
      aerolinea: false,
      tipoProveedor: 'PJND',
    });
    const res = await ctx().request({ method: 'POST', url: `${L}/addlocalidad`, token: admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Localidad registrada');
    expect(body.result).toMatchObject({
      nombre: 'Comercializadora Ávila, C.A.',
      tipoDocumento: 'J',
      numeroDocumento: payload.numeroDocumento,
      rif: `J-${payload.numeroDocumento}`,
      correo: 'facturacion@prueba.com.ve',
      contribuyenteEspecial: true,
      aerolinea: false,
      tipoProveedor: 'PJND',
      tieneSello: true,
      envioEmail: false,
      marcaAguaFactura: false,
      asignaNroFacturas: 'INACTIVO',
      logEstatusRegistro: 'ACTIVO',
      logUsername: 'admin@sigece.local',
      rutaLogo: `/v2/mantenimiento/localidad/logo/${body.result.id}`,
    });
    const after = await snapshot(ctx, 'localidades');
    expect(after.localidades).toBe(before.localidades + 1);
    expect(after.audit_log).toBe(before.audit_log + 1);
    const [row] = await ctx().database.query<{ logo: Uint8Array; sello: Uint8Array; id_municipio: string }>(
      'select logo, sello, id_municipio::text as id_municipio from localidades where id = $1',
      [body.result.id],
    );
    expect(Buffer.from(row.logo).equals(logo)).toBe(true);
    expect(Buffer.from(row.sello).equals(stamp)).toBe(true);
    expect(row.id_municipio).toBe(places.caracas.municipio);
    const [audit] = await ctx().database.query<{ entity: string; action: string; user_email: string }>(
      'select entity, action, user_email from audit_log where entity_id = $1',
      [body.result.id],
    );
    expect(audit).toEqual({ entity: 'localidad', action: 'create', user_email: 'admin@sigece.local' });

    // The detail names the state and municipality; the logo is served without a token.
    const detail = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidad/${body.result.id}`,
      token: admin,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result).toMatchObject({ estado: 'Distrito Capital', municipio: 'Libertador' });
    const image = await ctx().request({ method: 'GET', url: body.result.rutaLogo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(logo)).toBe(true);
  });

  it('logo: 404 in Spanish for a company without logo or an unknown id, 400 for a malformed id', async () => {
    // The seeded demo companies have no logo.
    const none = await ctx().request({ method: 'GET', url: `${L}/logo/${demoId}` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('La razón social no tiene logo');
    const unknown = await ctx().request({ method: 'GET', url: `${L}/logo/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx().request({ method: 'GET', url: `${L}/logo/no-es-uuid` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identificador no válido');
  });

  it('addlocalidad: each required field missing or empty answers "Es requerido" and writes nothing', async () => {
    const fields = [
      'tipoDocumento',
      'numeroDocumento',
      'nombre',
      'id_estado',
      'id_municipio',
      'direccion',
      'telefono',
      'correo',
      'tipoProveedor',
      'contribuyenteEspecial',
      'aerolinea',
    ];
    for (const field of fields) {
      for (const value of [undefined, '']) {
        const payload: Record<string, unknown> = companyPayload(places);
        if (value === undefined) delete payload[field];
        else payload[field] = value;
        await expectRefused(
          ctx,
          ['localidades'],
          () => ctx().request({ method: 'POST', url: `${L}/addlocalidad`, token: admin, payload }),
          400,
          'Es requerido',
          field,
        );
      }
    }
  });

  it('addlocalidad: e-mail, address, name and document rules with the spec messages; nothing written', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ correo: 'no-es-un-correo' }, 'correo', 'debe ser un correo valido'],
      [{ direccion: 'x'.repeat(201) }, 'direccion', 'Maximo 200 caracteres permitidos, para la descripcion'],
      [{ nombre: 'N'.repeat(101) }, 'nombre', 'el maximo de caracteres es de 100 '],
      [{ numeroDocumento: '12345678' }, 'numeroDocumento', 'debe ser mininmo 10 catacteres ej: J0000000-0'],
      [{ tipoDocumento: 'X' }, 'tipoDocumento', 'Es requerido'],
      [{ tipoProveedor: 'OTRO' }, 'tipoProveedor', 'Es requerido'],
    ];
    for (const [overrides, path, message] of cases) {
      await expectRefused(
        ctx,
        ['localidades'],
        () =>
          ctx().request({
            method: 'POST',
            url: `${L}/addlocalidad`,
            token: admin,
            payload: companyPayload(places, overrides),
          }),
        400,
        message,
        path,
      );
    }
    // The limits themselves are accepted: 200-character address, 100-character name.
    const edge = await createCompany(ctx, places, {
      direccion: 'd'.repeat(200),
      nombre: `E${'n'.repeat(99)}`,
    });
    expect(edge.nombre).toHaveLength(100);
  });

  it('addlocalidad: logo missing, PNG, over 200000 bytes, and a PNG stamp rule; 200000 bytes exactly is accepted', async () => {
    const send = (overrides: Record<string, unknown>) => () =>
      ctx().request({
        method: 'POST',
        url: `${L}/addlocalidad`,
        token: admin,
        payload: companyPayload(places, overrides),
      });
    await expectRefused(
      ctx,
      ['localidades'],
      send({ logo: undefined }),
      400,
      'Debe Selecionar un Logo',
      'logo',
    );
    await expectRefused(ctx, ['localidades'], send({ logo: '' }), 400, 'Debe Selecionar un Logo', 'logo');
    await expectRefused(
      ctx,
      ['localidades'],
      send({ logo: b64(pngBytes(200)) }),
      400,
      'Solo se Admiten archivos con formato .JPG',
      'logo',
    );
    // The content decides, not the declared type.
    await expectRefused(
      ctx,
      ['localidades'],
      send({ logo: `data:image/jpeg;base64,${b64(pngBytes(200))}` }),
      400,
      'Solo se Admiten archivos con formato .JPG',
    );
    await expectRefused(
      ctx,
      ['localidades'],
      send({ logo: b64(jpegBytes(200_001)) }),
      400,
      'El archivo es muy Pesado',
      'logo',
    );
    await expectRefused(
      ctx,
      ['localidades'],
      send({ base64Sello: b64(jpegBytes(100)) }),
      400,
      'Solo se Admiten archivos con formato .png',
      'base64Sello',
    );
    const exact = await createCompany(ctx, places, { logo: b64(jpegBytes(200_000)) });
    const [row] = await ctx().database.query<{ n: number }>(
      'select octet_length(logo) as n from localidades where id = $1',
      [exact.id],
    );
    expect(Number(row.n)).toBe(200_000);
  });

  it('addlocalidad: a RIF already registered answers 409 and writes nothing', async () => {
    await expectRefused(
      ctx,
      ['localidades'],
      () =>
        ctx().request({
          method: 'POST',
          url: `${L}/addlocalidad`,
          token: admin,
          payload: companyPayload(places, { tipoDocumento: 'J', numeroDocumento: '123456789' }),
        }),
      409,
      'Ya existe una razón social con el RIF J-123456789',
    );
    // The same number under another document type is another RIF.
    const other = await createCompany(ctx, places, { tipoDocumento: 'G', numeroDocumento: '123456789' });
    expect(other.rif).toBe('G-123456789');
  });

  it('addlocalidad: a municipality of another state, or none at all, answers 400 and writes nothing', async () => {
    await expectRefused(
      ctx,
      ['localidades'],
      () =>
        ctx().request({
          method: 'POST',
          url: `${L}/addlocalidad`,
          token: admin,
          payload: companyPayload(places, {
            id_estado: places.caracas.estado,
            id_municipio: places.valencia.municipio,
          }),
        }),
      400,
      'El municipio no pertenece al estado seleccionado',
      'id_municipio',
    );
    await expectRefused(
      ctx,
      ['localidades'],
      () =>
        ctx().request({
          method: 'POST',
          url: `${L}/addlocalidad`,
          token: admin,
          payload: companyPayload(places, { id_municipio: randomUUID() }),
        }),
      400,
      'El municipio no existe',
    );
  });

  // --- getlocalidades / getlocalidad ---------------------------------------------------------------

  it('getlocalidades: paged on the server, sorted by name, searchable by name and RIF, filtered by status', async () => {
    const tag = unique('Paginada');
    const created = [];
    for (const letter of ['C', 'A', 'B'])
      created.push(await createCompany(ctx, places, { nombre: `${tag} ${letter}` }));
    const page1 = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidades?search=${encodeURIComponent(tag)}&limit=2&page=1`,
      token: admin,
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ page: 1, limit: 2, totalResults: 3, totalPages: 2 });
    expect(page1.json().results.map((c: { nombre: string }) => c.nombre)).toEqual([`${tag} A`, `${tag} B`]);
    const page2 = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidades?search=${encodeURIComponent(tag)}&limit=2&page=2`,
      token: admin,
    });
    expect(page2.json().results.map((c: { nombre: string }) => c.nombre)).toEqual([`${tag} C`]);

    // Search by RIF, with the dash.
    const byRif = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidades?search=J-${created[0].numeroDocumento}`,
      token: admin,
    });
    expect(byRif.json().totalResults).toBe(1);
    expect(byRif.json().results[0].id).toBe(created[0].id);

    // Defaults: page 1, 10 rows; the demo company carries its branch 001.
    const all = await ctx().request({ method: 'GET', url: `${L}/getlocalidades`, token: admin });
    expect(all.json()).toMatchObject({ page: 1, limit: 10 });
    expect(all.json().totalResults).toBeGreaterThanOrEqual(5);
    expect(all.json().results.length).toBe(Math.min(10, all.json().totalResults));
    const demo = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidades?search=Demo Comercial`,
      token: admin,
    });
    expect(
      demo.json().results[0].lstSucursales.map((b: { codigoSucursal: string }) => b.codigoSucursal),
    ).toEqual(['001']);

    // Status filter: an inactivated company shows only under INACTIVO.
    const toggled = await ctx().request({
      method: 'PUT',
      url: `${L}/inactivarLocalidad/${created[1].id}`,
      token: admin,
    });
    expect(toggled.statusCode).toBe(200);
    const inactive = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidades?search=${encodeURIComponent(tag)}&status=INACTIVO`,
      token: admin,
    });
    expect(inactive.json().results.map((c: { id: string }) => c.id)).toEqual([created[1].id]);
    const active = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidades?search=${encodeURIComponent(tag)}&status=ACTIVO`,
      token: admin,
    });
    expect(active.json().totalResults).toBe(2);
    const badStatus = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidades?status=BORRADO`,
      token: admin,
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('getlocalidad: the detail with branches, third-party accounts and no certificate; 404 for an unknown id', async () => {
    const res = await ctx().request({ method: 'GET', url: `${L}/getlocalidad/${demoId}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      id: demoId,
      _id: demoId,
      nombre: 'Demo Comercial, C.A.',
      rif: DEMO_RIF,
      estado: 'Distrito Capital',
      municipio: 'Libertador',
      contribuyenteEspecial: true,
      rutaLogo: null,
      certificado: null,
    });
    expect(res.json().result.lstSucursales[0]).toMatchObject({
      codigoSucursal: '001',
      nombre: 'Sucursal Centro',
    });
    const missing = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidad/${randomUUID()}`,
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Razón social no encontrada');
  });

  // --- updatelocalidad ------------------------------------------------------------------------------

  it('updatelocalidad: "Actualizado", fields stored, logo kept unless sent, stamp replaced, audited', async () => {
    const logo = jpegBytes(700);
    const company = await createCompany(ctx, places, { logo: b64(logo) });
    const longName = `Nombre largo ${'x'.repeat(140)}`;
    const payload = companyPayload(places, {
      numeroDocumento: company.numeroDocumento,
      nombre: longName,
      id_estado: places.valencia.estado,
      id_municipio: places.valencia.municipio,
      telefono: '(241) 5551111',
      aerolinea: true,
      logo: undefined,
      base64Sello: b64(pngBytes(90)),
    });
    const before = await snapshot(ctx, 'localidades');
    const res = await ctx().request({
      method: 'PUT',
      url: `${L}/updatelocalidad/${company.id}`,
      token: admin,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Actualizado');
    expect(res.json().result).toMatchObject({
      nombre: longName,
      telefono: '(241) 5551111',
      aerolinea: true,
      tieneSello: true,
      id_estado: places.valencia.estado,
    });
    expect(res.json().result.logFechaModificacion).not.toBeNull();
    const after = await snapshot(ctx, 'localidades');
    expect(after).toEqual({ localidades: before.localidades, audit_log: before.audit_log + 1 });
    const [row] = await ctx().database.query<{ logo: Uint8Array; sello: Uint8Array; nombre: string }>(
      'select logo, sello, nombre from localidades where id = $1',
      [company.id],
    );
    expect(row.nombre).toBe(longName);
    expect(Buffer.from(row.logo).equals(logo)).toBe(true);
    expect(Buffer.from(row.sello).equals(pngBytes(90))).toBe(true);
    const [audit] = await ctx().database.query<{
      action: string;
      before: { nombre: string };
      after: { nombre: string };
    }>(
      `select action, before, after from audit_log where entity = 'localidad' and entity_id = $1 and action = 'update'`,
      [company.id],
    );
    expect(audit.before.nombre).toBe(company.nombre);
    expect(audit.after.nombre).toBe(longName);

    // A new logo replaces the old one.
    const newLogo = jpegBytes(333);
    const again = await ctx().request({
      method: 'PUT',
      url: `${L}/updatelocalidad/${company.id}`,
      token: admin,
      payload: { ...payload, logo: b64(newLogo) },
    });
    expect(again.statusCode).toBe(200);
    const image = await ctx().request({ method: 'GET', url: `${L}/logo/${company.id}` });
    expect(image.rawPayload.equals(newLogo)).toBe(true);
  });

  it('updatelocalidad: edit messages (document, stamp PNG, logo JPG, required), 409 for a taken RIF, 404; nothing written', async () => {
    const company = await createCompany(ctx, places);
    const base = companyPayload(places, { numeroDocumento: company.numeroDocumento, logo: undefined });
    const send =
      (overrides: Record<string, unknown>, id = company.id) =>
      () =>
        ctx().request({
          method: 'PUT',
          url: `${L}/updatelocalidad/${id}`,
          token: admin,
          payload: { ...base, ...overrides },
        });
    await expectRefused(
      ctx,
      ['localidades'],
      send({ numeroDocumento: '1234' }),
      400,
      'minimo valor requerido es 10 caracteres',
      'numeroDocumento',
    );
    await expectRefused(
      ctx,
      ['localidades'],
      send({ base64Sello: b64(jpegBytes(80)) }),
      400,
      'Solo se Admiten archivos con formato .png',
      'base64Sello',
    );
    await expectRefused(
      ctx,
      ['localidades'],
      send({ logo: b64(pngBytes(80)) }),
      400,
      'Solo se Admiten archivos con formato .JPG',
      'logo',
    );
    await expectRefused(
      ctx,
      ['localidades'],
      send({ logo: b64(jpegBytes(200_001)) }),
      400,
      'El archivo es muy Pesado',
      'logo',
    );
    await expectRefused(ctx, ['localidades'], send({ nombre: '  ' }), 400, 'Es requerido', 'nombre');
    await expectRefused(
      ctx,
      ['localidades'],
      send({ correo: 'x@' }),
      400,
      'debe ser un correo valido',
      'correo',
    );
    await expectRefused(
      ctx,
      ['localidades'],
      send({ id_municipio: places.valencia.municipio }),
      400,
      'El municipio no pertenece al estado seleccionado',
    );
    await expectRefused(
      ctx,
      ['localidades'],
      send({ numeroDocumento: '987654321' }),
      409,
      'Ya existe una razón social con el RIF J-987654321',
    );
    await expectRefused(ctx, ['localidades'], send({}, randomUUID()), 404, 'Razón social no encontrada');
    const [row] = await ctx().database.query<{ nombre: string }>(
      'select nombre from localidades where id = $1',
      [company.id],
    );
    expect(row.nombre).toBe(company.nombre);
  });

  // --- inactivarLocalidad and parameters -----------------------------------------------------------

  it('inactivarLocalidad: "Localidad Inactiva" then "Localidad fue Activada"; inactive companies refuse parameter changes', async () => {
    const company = await createCompany(ctx, places);
    const off = await ctx().request({
      method: 'PUT',
      url: `${L}/inactivarLocalidad/${company.id}`,
      token: admin,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Localidad Inactiva');
    expect(off.json().result.logEstatusRegistro).toBe('INACTIVO');
    const [stored] = await ctx().database.query<{ s: string }>(
      'select log_estatus_registro as s from localidades where id = $1',
      [company.id],
    );
    expect(stored.s).toBe('INACTIVO');

    const refusals: Array<[string, () => Promise<{ statusCode: number; json: () => { message: string } }>]> =
      [
        [
          'localidades',
          () =>
            ctx().request({
              method: 'PUT',
              url: `${L}/activarEnvioEmail`,
              token: admin,
              payload: { activaEnvioEmail: true, _id: company.id },
            }),
        ],
        [
          'localidades',
          () =>
            ctx().request({
              method: 'PUT',
              url: `${L}/activarMarcaAguaLocalidad`,
              token: admin,
              payload: { activaMarcaAgua: true, _id: company.id },
            }),
        ],
        [
          'cuentas_terceros',
          () =>
            ctx().request({
              method: 'POST',
              url: `${L}/cuentatercero/addcuentatercero`,
              token: admin,
              payload: {
                localidad: company.id,
                nombrePrestador: 'Prestador',
                rifPrestador: 'J-11111111',
                domicilioPrestador: 'Caracas',
              },
            }),
        ],
        [
          'sucursales',
          () =>
            ctx().request({
              method: 'POST',
              url: `${S}/addsucursal`,
              token: admin,
              payload: branchPayload(places, company.id),
            }),
        ],
      ];
    for (const [table, send] of refusals) {
      await expectRefused(ctx, [table], send, 400, 'La razón social está inactiva');
    }
    const [flags] = await ctx().database.query<{ envio_email: boolean; marca_agua_factura: boolean }>(
      'select envio_email, marca_agua_factura from localidades where id = $1',
      [company.id],
    );
    expect(flags).toEqual({ envio_email: false, marca_agua_factura: false });

    const on = await ctx().request({
      method: 'PUT',
      url: `${L}/inactivarLocalidad/${company.id}`,
      token: admin,
    });
    expect(on.json().message).toBe('Localidad fue Activada');
    expect(on.json().result.logEstatusRegistro).toBe('ACTIVO');
    const params = await ctx().request({
      method: 'PUT',
      url: `${L}/activarEnvioEmail`,
      token: admin,
      payload: { activaEnvioEmail: true, _id: company.id },
    });
    expect(params.statusCode).toBe(200);
    const actions = await ctx().database.query<{ action: string }>(
      `select action from audit_log where entity_id = $1 order by id`,
      [company.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['create', 'deactivate', 'activate', 'param:envioEmail']);
  });

  it('activarEnvioEmail / activarMarcaAguaLocalidad: "Parametros actualizados con exito !!!" and the flag stored', async () => {
    const company = await createCompany(ctx, places);
    const email = await ctx().request({
      method: 'PUT',
      url: `${L}/activarEnvioEmail`,
      token: admin,
      payload: { activaEnvioEmail: true, _id: company.id },
    });
    expect(email.statusCode).toBe(200);
    expect(email.json().message).toBe('Parametros actualizados con exito !!!');
    expect(email.json().result.envioEmail).toBe(true);
    const mark = await ctx().request({
      method: 'PUT',
      url: `${L}/activarMarcaAguaLocalidad`,
      token: admin,
      payload: { activaMarcaAgua: 'true', _id: company.id },
    });
    expect(mark.json().message).toBe('Parametros actualizados con exito !!!');
    expect(mark.json().result).toMatchObject({ envioEmail: true, marcaAguaFactura: true });
    let [row] = await ctx().database.query<{ envio_email: boolean; marca_agua_factura: boolean }>(
      'select envio_email, marca_agua_factura from localidades where id = $1',
      [company.id],
    );
    expect(row).toEqual({ envio_email: true, marca_agua_factura: true });
    const offEmail = await ctx().request({
      method: 'PUT',
      url: `${L}/activarEnvioEmail`,
      token: admin,
      payload: { activaEnvioEmail: 'false', _id: company.id },
    });
    expect(offEmail.json().result.envioEmail).toBe(false);
    [row] = await ctx().database.query(
      'select envio_email, marca_agua_factura from localidades where id = $1',
      [company.id],
    );
    expect(row).toEqual({ envio_email: false, marca_agua_factura: true });
    await expectRefused(
      ctx,
      ['localidades'],
      () =>
        ctx().request({
          method: 'PUT',
          url: `${L}/activarEnvioEmail`,
          token: admin,
          payload: { activaEnvioEmail: 'quizas', _id: company.id },
        }),
      400,
    );
    await expectRefused(
      ctx,
      ['localidades'],
      () =>
        ctx().request({
          method: 'PUT',
          url: `${L}/activarMarcaAguaLocalidad`,
          token: admin,
          payload: { activaMarcaAgua: true, _id: randomUUID() },
        }),
      404,
      'Razón social no encontrada',
    );
  });

  // --- uploadcertificado (the full rules are in certificates.test.ts) -------------------------------

  it('uploadcertificado: "Certificado registrada" and the detail shows the certificate', async () => {
    const company = await createCompany(ctx, places);
    const store = buildKeyStore({ password: 'clave-p12', friendlyName: 'firma', bits: 1024 });
    const res = await uploadCertificate(ctx, admin, company.id, [
      { name: 'keyStoreAlias', value: 'firma' },
      { name: 'keyStorePassword', value: 'clave-p12' },
      { name: 'certificado', filename: 'firma.p12', data: store.der },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Certificado registrada');
    expect(res.json().result).toMatchObject({ keyStoreAlias: 'firma', serial: store.serial });
    const detail = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidad/${company.id}`,
      token: admin,
    });
    expect(detail.json().result.certificado.subject).toBe('CN=Demo Comercial, O=Demo Comercial C.A.');
  });

  // --- third-party accounts ------------------------------------------------------------------------

  it('cuentas de terceros: registrada, listed, Actualizada, eliminada, each stored and audited', async () => {
    const company = await createCompany(ctx, places);
    const before = await snapshot(ctx, 'cuentas_terceros');
    const add = await ctx().request({
      method: 'POST',
      url: `${L}/cuentatercero/addcuentatercero`,
      token: admin,
      payload: {
        localidad: company.id,
        nombrePrestador: 'Transporte Andino, C.A.',
        rifPrestador: 'j-30111222',
        domicilioPrestador: 'Av. Las Américas, Mérida',
      },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().message).toBe('Cuenta de Terceros registrada');
    const account = add.json().result;
    expect(account).toMatchObject({
      localidad: company.id,
      nombrePrestador: 'Transporte Andino, C.A.',
      rifPrestador: 'J-30111222',
      tipoDocumento: 'J',
      numeroDocumento: '30111222',
      domicilioPrestador: 'Av. Las Américas, Mérida',
    });
    let after = await snapshot(ctx, 'cuentas_terceros');
    expect(after).toEqual({ cuentas_terceros: before.cuentas_terceros + 1, audit_log: before.audit_log + 1 });

    const list = await ctx().request({
      method: 'GET',
      url: `${L}/cuentatercero/getcuentasterceros/${company.id}`,
      token: admin,
    });
    expect(list.json().results.map((a: { id: string }) => a.id)).toEqual([account.id]);
    const detail = await ctx().request({
      method: 'GET',
      url: `${L}/getlocalidad/${company.id}`,
      token: admin,
    });
    expect(detail.json().result.cuentaTerceros).toBe(true);
    expect(detail.json().result.lstCuentaTerceros[0].id).toBe(account.id);

    const update = await ctx().request({
      method: 'PUT',
      url: `${L}/cuentatercero/updatecuentatercero/${account.id}`,
      token: admin,
      payload: {
        id: account.id,
        localidad: company.id,
        nombrePrestador: 'Transporte Andino Express, C.A.',
        rifPrestador: 'J-30111223',
        domicilioPrestador: 'Av. Las Américas, local 2, Mérida',
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().message).toBe('Cuenta de Terceros Actualizada');
    const [row] = await ctx().database.query<{ nombre_prestador: string; rif_prestador: string }>(
      'select nombre_prestador, rif_prestador from cuentas_terceros where id = $1',
      [account.id],
    );
    expect(row).toEqual({ nombre_prestador: 'Transporte Andino Express, C.A.', rif_prestador: 'J-30111223' });

    // Moving an account to another company is refused.
    await expectRefused(
      ctx,
      ['cuentas_terceros'],
      () =>
        ctx().request({
          method: 'PUT',
          url: `${L}/cuentatercero/updatecuentatercero/${account.id}`,
          token: admin,
          payload: {
            localidad: demoId,
            nombrePrestador: 'Otro',
            rifPrestador: 'J-1',
            domicilioPrestador: 'Otra',
          },
        }),
      400,
      'La cuenta de terceros pertenece a otra razón social',
    );

    const del = await ctx().request({
      method: 'DELETE',
      url: `${L}/cuentatercero/deletecuentatercero/${account.id}`,
      token: admin,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Cuenta de Terceros eliminada');
    expect(del.json().result.id).toBe(account.id);
    after = await snapshot(ctx, 'cuentas_terceros');
    expect(after).toEqual({ cuentas_terceros: before.cuentas_terceros, audit_log: before.audit_log + 3 });
    const again = await ctx().request({
      method: 'DELETE',
      url: `${L}/cuentatercero/deletecuentatercero/${account.id}`,
      token: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Cuenta de terceros no encontrada');
  });

  it('cuentas de terceros: the spec messages for address and name, the RIF format; nothing written', async () => {
    const company = await createCompany(ctx, places);
    const valid = {
      localidad: company.id,
      nombrePrestador: 'Prestador, C.A.',
      rifPrestador: 'J-30111222',
      domicilioPrestador: 'Caracas',
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ domicilioPrestador: undefined }, 'domicilioPrestador', 'El domicilio es requerido'],
      [{ domicilioPrestador: '   ' }, 'domicilioPrestador', 'El domicilio es requerido'],
      [
        { domicilioPrestador: 'd'.repeat(251) },
        'domicilioPrestador',
        'Maximo 250 caracteres permitidos, para la descripcion',
      ],
      [{ nombrePrestador: undefined }, 'nombrePrestador', 'El Nombre Prestador  es requerido'],
      [{ nombrePrestador: '' }, 'nombrePrestador', 'El Nombre Prestador  es requerido'],
      [{ rifPrestador: '' }, 'rifPrestador', 'Es requerido'],
      [{ rifPrestador: '30111222' }, 'rifPrestador', 'RIF debe tener el formato J-123456789'],
      [{ rifPrestador: 'J-123456789012' }, 'rifPrestador', 'RIF debe tener el formato J-123456789'],
      [{ localidad: undefined }, 'localidad', 'Es requerido'],
    ];
    for (const [overrides, path, message] of cases) {
      await expectRefused(
        ctx,
        ['cuentas_terceros'],
        () =>
          ctx().request({
            method: 'POST',
            url: `${L}/cuentatercero/addcuentatercero`,
            token: admin,
            payload: { ...valid, ...overrides },
          }),
        400,
        message,
        path,
      );
    }
    // Name over 100 characters: refused too (message not given by the spec).
    await expectRefused(
      ctx,
      ['cuentas_terceros'],
      () =>
        ctx().request({
          method: 'POST',
          url: `${L}/cuentatercero/addcuentatercero`,
          token: admin,
          payload: { ...valid, nombrePrestador: 'n'.repeat(101) },
        }),
      400,
    );
    // The limit itself is accepted.
    const edge = await ctx().request({
      method: 'POST',
      url: `${L}/cuentatercero/addcuentatercero`,
      token: admin,
      payload: { ...valid, domicilioPrestador: 'd'.repeat(250), nombrePrestador: 'n'.repeat(100) },
    });
    expect(edge.statusCode).toBe(200);
  });

  it('the screen forms: third-party document at most 11 characters, certificate passwords must match', () => {
    const form = thirdPartyFormSchema.safeParse({
      domicilioPrestador: 'Caracas',
      nombrePrestador: 'Prestador',
      tipoDocumento: 'J',
      numeroDocumento: '123456789012',
    });
    expect(form.success).toBe(false);
    expect(form.error?.issues[0].message).toBe('minimo valor requerido es 11 caracteres');
    const cert = certificateFormSchema.safeParse({
      keyStoreAlias: 'demo',
      keyStorePassword: 'uno',
      repeatPassword: 'dos',
    });
    expect(cert.success).toBe(false);
    expect(cert.error?.issues[0].message).toBe('Passwords no Coinsiden');
  });

  // --- branches ------------------------------------------------------------------------------------

  it('addsucursal: "Sucursal registrada", code upper-cased, stored and audited; duplicate code 409', async () => {
    const company = await createCompany(ctx, places);
    const before = await snapshot(ctx, 'sucursales');
    const payload = branchPayload(places, company.id, { codigoSucursal: 'ab01', nombre: 'Sucursal Este' });
    const res = await ctx().request({ method: 'POST', url: `${S}/addsucursal`, token: admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Sucursal registrada');
    expect(res.json().result).toMatchObject({
      id_localidad: company.id,
      codigoSucursal: 'AB01',
      nombre: 'Sucursal Este',
      telefono: '(212) 5557788',
      correo: 'sucursal@prueba.com.ve',
      envioEmail: false,
      asignaNroFacturas: 'INACTIVO',
      logEstatusRegistro: 'ACTIVO',
    });
    expect(await snapshot(ctx, 'sucursales')).toEqual({
      sucursales: before.sucursales + 1,
      audit_log: before.audit_log + 1,
    });
    const byCompany = await ctx().request({
      method: 'GET',
      url: `${S}/sucursalbylocalidad/${company.id}`,
      token: admin,
    });
    expect(byCompany.json().results.map((b: { codigoSucursal: string }) => b.codigoSucursal)).toEqual([
      'AB01',
    ]);

    await expectRefused(
      ctx,
      ['sucursales'],
      () =>
        ctx().request({
          method: 'POST',
          url: `${S}/addsucursal`,
          token: admin,
          payload: { ...payload, codigoSucursal: 'AB01', nombre: 'Otra' },
        }),
      409,
      'Ya existe una sucursal con el código AB01',
    );
    // The same code in another company is fine.
    const other = await ctx().request({
      method: 'POST',
      url: `${S}/addsucursal`,
      token: admin,
      payload: branchPayload(places, secondId, { codigoSucursal: 'AB01' }),
    });
    expect(other.statusCode).toBe(200);
  });

  it('addsucursal: the spec messages (e-mail, address 250, name 100, state, municipality, phone format); nothing written', async () => {
    const company = await createCompany(ctx, places);
    const phoneMessage = 'El teléfono debe tener el formato (###) ####### ej: (212) 5551234';
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ correo: 'sucursal.prueba' }, 'correo', 'debe ser un correo valido'],
      [{ direccion: 'd'.repeat(251) }, 'direccion', 'Maximo 250 caracteres permitidos, para la descripcion'],
      [{ nombre: 'n'.repeat(101) }, 'nombre', 'Maximo 100 caracteres permitidos, para el Nombre'],
      [{ id_estado: undefined }, 'id_estado', 'Es requerido'],
      [{ id_municipio: '' }, 'id_municipio', 'Es requerido'],
      [{ telefono: undefined }, 'telefono', 'Es requerido'],
      [{ telefono: '2125557788' }, 'telefono', phoneMessage],
      [{ telefono: '(212)5557788' }, 'telefono', phoneMessage],
      [{ telefono: '(212) 555778' }, 'telefono', phoneMessage],
      [{ telefono: '(0212) 5557788' }, 'telefono', phoneMessage],
      [
        { codigoSucursal: 'con espacio' },
        'codigoSucursal',
        'El código de sucursal admite hasta 16 letras o números',
      ],
    ];
    for (const [overrides, path, message] of cases) {
      await expectRefused(
        ctx,
        ['sucursales'],
        () =>
          ctx().request({
            method: 'POST',
            url: `${S}/addsucursal`,
            token: admin,
            payload: branchPayload(places, company.id, overrides),
          }),
        400,
        message,
        path,
      );
    }
    await expectRefused(
      ctx,
      ['sucursales'],
      () =>
        ctx().request({
          method: 'POST',
          url: `${S}/addsucursal`,
          token: admin,
          payload: branchPayload(places, company.id, { id_municipio: places.valencia.municipio }),
        }),
      400,
      'El municipio no pertenece al estado seleccionado',
    );
    await expectRefused(
      ctx,
      ['sucursales'],
      () =>
        ctx().request({
          method: 'POST',
          url: `${S}/addsucursal`,
          token: admin,
          payload: branchPayload(places, randomUUID()),
        }),
      404,
      'Razón social no encontrada',
    );
    const edge = await ctx().request({
      method: 'POST',
      url: `${S}/addsucursal`,
      token: admin,
      payload: branchPayload(places, company.id, { direccion: 'd'.repeat(250), nombre: 'n'.repeat(100) }),
    });
    expect(edge.statusCode).toBe(200);
  });

  it('updatesucursal: "Sucursal Modificada" with the fields stored; bad input and unknown ids write nothing', async () => {
    const company = await createCompany(ctx, places);
    const created = (
      await ctx().request({
        method: 'POST',
        url: `${S}/addsucursal`,
        token: admin,
        payload: branchPayload(places, company.id, { codigoSucursal: 'V01' }),
      })
    ).json().result;
    const update = {
      id_sucursal: created.id,
      nombre: 'Sucursal Valencia',
      direccion: 'Av. Bolívar Norte, Valencia',
      telefono: '(241) 5550101',
      correo: 'valencia@prueba.com.ve',
      id_estado: places.valencia.estado,
      id_municipio: places.valencia.municipio,
    };
    const res = await ctx().request({
      method: 'POST',
      url: `${S}/updatesucursal`,
      token: admin,
      payload: update,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Sucursal Modificada');
    expect(res.json().result).toMatchObject({ ...update, codigoSucursal: 'V01', id_localidad: company.id });
    const [row] = await ctx().database.query<{ nombre: string; id_municipio: string; telefono: string }>(
      'select nombre, id_municipio::text as id_municipio, telefono from sucursales where id = $1',
      [created.id],
    );
    expect(row).toEqual({
      nombre: 'Sucursal Valencia',
      id_municipio: places.valencia.municipio,
      telefono: '(241) 5550101',
    });

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ telefono: '241-5550101' }, 400, 'El teléfono debe tener el formato (###) ####### ej: (212) 5551234'],
      [{ nombre: 'n'.repeat(101) }, 400, 'Maximo 100 caracteres permitidos, para el Nombre'],
      [{ id_sucursal: undefined }, 400, 'Es requerido'],
      [{ id_municipio: places.caracas.municipio }, 400, 'El municipio no pertenece al estado seleccionado'],
      [{ id_sucursal: randomUUID() }, 404, 'Sucursal no encontrada'],
    ];
    for (const [overrides, status, message] of cases) {
      await expectRefused(
        ctx,
        ['sucursales'],
        () =>
          ctx().request({
            method: 'POST',
            url: `${S}/updatesucursal`,
            token: admin,
            payload: { ...update, ...overrides },
          }),
        status,
        message,
      );
    }
  });

  it('inactivarSucursal toggles Inactivado/Activado; branch parameters answer "Parametros actualizados con exito !!!"', async () => {
    const company = await createCompany(ctx, places);
    const branch = (
      await ctx().request({
        method: 'POST',
        url: `${S}/addsucursal`,
        token: admin,
        payload: branchPayload(places, company.id),
      })
    ).json().result;
    const off = await ctx().request({
      method: 'PUT',
      url: `${S}/inactivarSucursal/${branch.id}`,
      token: admin,
    });
    expect(off.json()).toMatchObject({ message: 'Inactivado', result: { logEstatusRegistro: 'INACTIVO' } });
    const on = await ctx().request({
      method: 'PUT',
      url: `${S}/inactivarSucursal/${branch.id}`,
      token: admin,
    });
    expect(on.json()).toMatchObject({ message: 'Activado', result: { logEstatusRegistro: 'ACTIVO' } });

    const email = await ctx().request({
      method: 'PUT',
      url: `${S}/activarEnvioEmail`,
      token: admin,
      payload: { activaEnvioEmail: true, id: branch.id },
    });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json().message).toBe('Parametros actualizados con exito !!!');
    const mark = await ctx().request({
      method: 'PUT',
      url: `${S}/activarMarcaAguaSucursal`,
      token: admin,
      payload: { activaMarcaAgua: true, _id: branch.id },
    });
    expect(mark.json().message).toBe('Parametros actualizados con exito !!!');
    const [row] = await ctx().database.query<{
      envio_email: boolean;
      marca_agua_factura: boolean;
      s: string;
    }>('select envio_email, marca_agua_factura, log_estatus_registro as s from sucursales where id = $1', [
      branch.id,
    ]);
    expect(row).toEqual({ envio_email: true, marca_agua_factura: true, s: 'ACTIVO' });
    const actions = await ctx().database.query<{ action: string }>(
      `select action from audit_log where entity = 'sucursal' and entity_id = $1 order by id`,
      [branch.id],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'create',
      'deactivate',
      'activate',
      'param:envioEmail',
      'param:marcaAguaFactura',
    ]);
    const missing = await ctx().request({
      method: 'PUT',
      url: `${S}/inactivarSucursal/${randomUUID()}`,
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('getsucursales: paged, searchable, filtered by company and status, with the company name', async () => {
    const company = await createCompany(ctx, places, { nombre: unique('Cadena') });
    for (const code of ['N3', 'N1', 'N2']) {
      const res = await ctx().request({
        method: 'POST',
        url: `${S}/addsucursal`,
        token: admin,
        payload: branchPayload(places, company.id, { codigoSucursal: code, nombre: `Tienda ${code}` }),
      });
      expect(res.statusCode).toBe(200);
    }
    const page = await ctx().request({
      method: 'GET',
      url: `${S}/getsucursales?localidad=${company.id}&limit=2&page=1`,
      token: admin,
    });
    expect(page.json()).toMatchObject({ totalResults: 3, totalPages: 2, page: 1, limit: 2 });
    expect(page.json().results.map((b: { codigoSucursal: string }) => b.codigoSucursal)).toEqual([
      'N1',
      'N2',
    ]);
    expect(page.json().results[0].localidad).toBe(company.nombre);
    const search = await ctx().request({
      method: 'GET',
      url: `${S}/getsucursales?search=Tienda N3`,
      token: admin,
    });
    expect(search.json().results.map((b: { codigoSucursal: string }) => b.codigoSucursal)).toEqual(['N3']);
    const byCompanyName = await ctx().request({
      method: 'GET',
      url: `${S}/getsucursales?search=${encodeURIComponent(company.nombre)}`,
      token: admin,
    });
    expect(byCompanyName.json().totalResults).toBe(3);
    const n1 = page.json().results[0].id;
    await ctx().request({ method: 'PUT', url: `${S}/inactivarSucursal/${n1}`, token: admin });
    const inactive = await ctx().request({
      method: 'GET',
      url: `${S}/getsucursales?localidad=${company.id}&status=INACTIVO`,
      token: admin,
    });
    expect(inactive.json().results.map((b: { id: string }) => b.id)).toEqual([n1]);
  });

  // --- authentication, permissions, tenancy ---------------------------------------------------------

  it('every route but the logo answers 401 without a token, and writes nothing', async () => {
    const id = demoId;
    // Valid bodies, and a few invalid ones: the token is checked before the body is validated.
    const account = { localidad: id, nombrePrestador: 'P', rifPrestador: 'J-1', domicilioPrestador: 'C' };
    const branchUpdate = {
      id_sucursal: randomUUID(),
      nombre: 'X',
      direccion: 'X',
      telefono: '(212) 5550000',
      correo: 'a@b.co',
      id_estado: places.caracas.estado,
      id_municipio: places.caracas.municipio,
    };
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `${L}/getlocalidades`],
      ['GET', `${L}/getlocalidad/${id}`],
      ['POST', `${L}/addlocalidad`, companyPayload(places)],
      ['POST', `${L}/addlocalidad`, {}],
      ['POST', `${L}/cuentatercero/addcuentatercero`, { localidad: 'x' }],
      ['POST', `${S}/addsucursal`, { telefono: '1' }],
      ['PUT', `${L}/updatelocalidad/${id}`, companyPayload(places)],
      ['PUT', `${L}/inactivarLocalidad/${id}`],
      ['PUT', `${L}/uploadcertificado/${id}`],
      ['PUT', `${L}/activarEnvioEmail`, { activaEnvioEmail: true, _id: id }],
      ['PUT', `${L}/activarMarcaAguaLocalidad`, { activaMarcaAgua: true, _id: id }],
      ['GET', `${L}/cuentatercero/getcuentasterceros/${id}`],
      ['POST', `${L}/cuentatercero/addcuentatercero`, account],
      ['PUT', `${L}/cuentatercero/updatecuentatercero/${randomUUID()}`, account],
      ['DELETE', `${L}/cuentatercero/deletecuentatercero/${randomUUID()}`],
      ['GET', `${S}/getsucursales`],
      ['GET', `${S}/sucursalbylocalidad/${id}`],
      ['POST', `${S}/addsucursal`, branchPayload(places, id)],
      ['POST', `${S}/updatesucursal`, branchUpdate],
      ['PUT', `${S}/inactivarSucursal/${randomUUID()}`],
      ['PUT', `${S}/activarEnvioEmail`, { activaEnvioEmail: true, id }],
      ['PUT', `${S}/activarMarcaAguaSucursal`, { activaMarcaAgua: true, _id: id }],
    ];
    const before = await snapshot(ctx, 'localidades', 'sucursales', 'cuentas_terceros');
    for (const [method, url, payload] of routes) {
      const res = await ctx().request({ method: method as 'GET', url, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('No autenticado: falta el token de acceso');
    }
    expect(await snapshot(ctx, 'localidades', 'sucursales', 'cuentas_terceros')).toEqual(before);
  });

  it('a role with only view and params on the company module: 403 on every other action, params allowed', async () => {
    const token = await userWith(ctx, { [COMPANY_MODULE]: ['view', 'params'] }, [demoId]);
    const [branch] = await ctx().database.query<{ id: string }>(
      `select id::text as id from sucursales where id_localidad = $1 and codigo_sucursal = '001'`,
      [demoId],
    );
    const store = buildKeyStore({ password: 'x', bits: 1024 });
    const refused: Array<[string, () => Promise<{ statusCode: number; json: () => { message: string } }>]> = [
      [
        'add',
        () =>
          ctx().request({ method: 'POST', url: `${L}/addlocalidad`, token, payload: companyPayload(places) }),
      ],
      [
        'update',
        () =>
          ctx().request({
            method: 'PUT',
            url: `${L}/updatelocalidad/${demoId}`,
            token,
            payload: companyPayload(places, { numeroDocumento: '123456789' }),
          }),
      ],
      ['delete', () => ctx().request({ method: 'PUT', url: `${L}/inactivarLocalidad/${demoId}`, token })],
      [
        'addCertificado',
        () =>
          uploadCertificate(ctx, token, demoId, [
            { name: 'keyStoreAlias', value: 'demo' },
            { name: 'keyStorePassword', value: 'x' },
            { name: 'certificado', filename: 'a.p12', data: store.der },
          ]),
      ],
      [
        'cuentaTerceros',
        () =>
          ctx().request({
            method: 'POST',
            url: `${L}/cuentatercero/addcuentatercero`,
            token,
            payload: {
              localidad: demoId,
              nombrePrestador: 'P',
              rifPrestador: 'J-1',
              domicilioPrestador: 'C',
            },
          }),
      ],
      [
        'addSucursal',
        () =>
          ctx().request({
            method: 'POST',
            url: `${S}/addsucursal`,
            token,
            payload: branchPayload(places, demoId),
          }),
      ],
      [
        'branch update',
        () => ctx().request({ method: 'PUT', url: `${S}/inactivarSucursal/${branch.id}`, token }),
      ],
      [
        'branch params',
        () =>
          ctx().request({
            method: 'PUT',
            url: `${S}/activarEnvioEmail`,
            token,
            payload: { activaEnvioEmail: true, id: branch.id },
          }),
      ],
    ];
    for (const [label, send] of refused) {
      const before = await snapshot(ctx, 'localidades', 'sucursales', 'cuentas_terceros', 'certificados');
      const res = await send();
      expect(res.statusCode, label).toBe(403);
      expect(res.json().message).toBe('No tiene permiso para realizar esta acción');
      expect(await snapshot(ctx, 'localidades', 'sucursales', 'cuentas_terceros', 'certificados')).toEqual(
        before,
      );
    }
    const list = await ctx().request({ method: 'GET', url: `${L}/getlocalidades`, token });
    expect(list.statusCode).toBe(200);
    const params = await ctx().request({
      method: 'PUT',
      url: `${L}/activarMarcaAguaLocalidad`,
      token,
      payload: { activaMarcaAgua: false, _id: demoId },
    });
    expect(params.statusCode).toBe(200);
    expect(params.json().message).toBe('Parametros actualizados con exito !!!');
  });

  it('usuario@sigece.local sees only Demo Comercial and is refused everything about Servicios Ejemplo', async () => {
    // A branch of Servicios Ejemplo, so that the branch list has something to hide.
    const foreignBranch = await ctx().request({
      method: 'POST',
      url: `${S}/addsucursal`,
      token: admin,
      payload: branchPayload(places, secondId, { codigoSucursal: 'VAL1', nombre: 'Sucursal Valencia Norte' }),
    });
    expect(foreignBranch.statusCode).toBe(200);
    const token = await ctx().login(DEMO_USER.email, DEMO_USER.password);

    const list = await ctx().request({ method: 'GET', url: `${L}/getlocalidades?limit=100`, token });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalResults).toBe(1);
    expect(list.json().results.map((c: { rif: string }) => c.rif)).toEqual([DEMO_RIF]);
    const search = await ctx().request({ method: 'GET', url: `${L}/getlocalidades?search=Servicios`, token });
    expect(search.json().totalResults).toBe(0);

    const own = await ctx().request({ method: 'GET', url: `${L}/getlocalidad/${demoId}`, token });
    expect(own.statusCode).toBe(200);

    const branches = await ctx().request({ method: 'GET', url: `${S}/getsucursales?limit=100`, token });
    expect(branches.statusCode).toBe(200);
    expect(branches.json().results.length).toBeGreaterThan(0);
    expect(new Set(branches.json().results.map((b: { id_localidad: string }) => b.id_localidad))).toEqual(
      new Set([demoId]),
    );
    const adminBranches = await ctx().request({
      method: 'GET',
      url: `${S}/getsucursales?localidad=${secondId}`,
      token: admin,
    });
    expect(adminBranches.json().totalResults).toBeGreaterThan(0);
    const filtered = await ctx().request({
      method: 'GET',
      url: `${S}/getsucursales?localidad=${secondId}`,
      token,
    });
    expect(filtered.json().totalResults).toBe(0);

    const [account] = await ctx().database.query<{ id: string }>(
      `insert into cuentas_terceros (id_localidad, nombre_prestador, rif_prestador, domicilio_prestador)
       values ($1, 'Ajeno', 'J-222', 'Valencia') returning id::text as id`,
      [secondId],
    );
    const store = buildKeyStore({ password: 'x', bits: 1024 });
    const refused: Array<[string, () => Promise<{ statusCode: number; json: () => { message: string } }>]> = [
      ['detail', () => ctx().request({ method: 'GET', url: `${L}/getlocalidad/${secondId}`, token })],
      [
        'update',
        () =>
          ctx().request({
            method: 'PUT',
            url: `${L}/updatelocalidad/${secondId}`,
            token,
            payload: companyPayload(places, { numeroDocumento: '987654321' }),
          }),
      ],
      ['toggle', () => ctx().request({ method: 'PUT', url: `${L}/inactivarLocalidad/${secondId}`, token })],
      [
        'params',
        () =>
          ctx().request({
            method: 'PUT',
            url: `${L}/activarEnvioEmail`,
            token,
            payload: { activaEnvioEmail: true, _id: secondId },
          }),
      ],
      [
        'certificate',
        () =>
          uploadCertificate(ctx, token, secondId, [
            { name: 'keyStoreAlias', value: 'demo' },
            { name: 'keyStorePassword', value: 'x' },
            { name: 'certificado', filename: 'a.p12', data: store.der },
          ]),
      ],
      [
        'third-party list',
        () =>
          ctx().request({ method: 'GET', url: `${L}/cuentatercero/getcuentasterceros/${secondId}`, token }),
      ],
      [
        'third-party add',
        () =>
          ctx().request({
            method: 'POST',
            url: `${L}/cuentatercero/addcuentatercero`,
            token,
            payload: {
              localidad: secondId,
              nombrePrestador: 'P',
              rifPrestador: 'J-1',
              domicilioPrestador: 'C',
            },
          }),
      ],
      [
        'third-party delete',
        () =>
          ctx().request({
            method: 'DELETE',
            url: `${L}/cuentatercero/deletecuentatercero/${account.id}`,
            token,
          }),
      ],
      [
        'branches of',
        () => ctx().request({ method: 'GET', url: `${S}/sucursalbylocalidad/${secondId}`, token }),
      ],
      [
        'branch add',
        () =>
          ctx().request({
            method: 'POST',
            url: `${S}/addsucursal`,
            token,
            payload: branchPayload(places, secondId),
          }),
      ],
    ];
    for (const [label, send] of refused) {
      const before = await snapshot(ctx, 'localidades', 'sucursales', 'cuentas_terceros', 'certificados');
      const res = await send();
      expect(res.statusCode, label).toBe(403);
      expect(await snapshot(ctx, 'localidades', 'sucursales', 'cuentas_terceros', 'certificados')).toEqual(
        before,
      );
    }
  });

  it('a user with every company action but granted only Demo Comercial: tenancy, not permission, refuses Servicios Ejemplo', async () => {
    const token = await userWith(
      ctx,
      {
        [COMPANY_MODULE]: ALL_COMPANY_ACTIONS,
        '/mantenimiento/Sucursal': ['add', 'params', 'view', 'update'],
      },
      [demoId],
    );
    const [foreignBranch] = await ctx().database.query<{ id: string }>(
      'select id::text as id from sucursales where id_localidad = $1 limit 1',
      [secondId],
    );
    const tenancy = 'No tiene acceso a esta razón social o sucursal';
    const refused: Array<() => Promise<{ statusCode: number; json: () => { message: string } }>> = [
      () => ctx().request({ method: 'GET', url: `${L}/getlocalidad/${secondId}`, token }),
      () =>
        ctx().request({
          method: 'PUT',
          url: `${L}/updatelocalidad/${secondId}`,
          token,
          payload: companyPayload(places, { numeroDocumento: '987654321' }),
        }),
      () => ctx().request({ method: 'PUT', url: `${L}/inactivarLocalidad/${secondId}`, token }),
      () =>
        ctx().request({
          method: 'PUT',
          url: `${L}/activarMarcaAguaLocalidad`,
          token,
          payload: { activaMarcaAgua: true, _id: secondId },
        }),
      () =>
        ctx().request({
          method: 'POST',
          url: `${L}/cuentatercero/addcuentatercero`,
          token,
          payload: {
            localidad: secondId,
            nombrePrestador: 'P',
            rifPrestador: 'J-1',
            domicilioPrestador: 'C',
          },
        }),
      () =>
        ctx().request({
          method: 'POST',
          url: `${S}/addsucursal`,
          token,
          payload: branchPayload(places, secondId),
        }),
      () =>
        ctx().request({
          method: 'POST',
          url: `${S}/updatesucursal`,
          token,
          payload: {
            id_sucursal: foreignBranch.id,
            nombre: 'Tomada',
            direccion: 'X',
            telefono: '(212) 5550000',
            correo: 'a@b.co',
            id_estado: places.caracas.estado,
            id_municipio: places.caracas.municipio,
          },
        }),
      () => ctx().request({ method: 'PUT', url: `${S}/inactivarSucursal/${foreignBranch.id}`, token }),
    ];
    for (const send of refused) {
      await expectRefused(ctx, ['localidades', 'sucursales', 'cuentas_terceros'], send, 403, tenancy);
    }
    // Their own company works.
    const own = await ctx().request({
      method: 'POST',
      url: `${S}/addsucursal`,
      token,
      payload: branchPayload(places, demoId, { codigoSucursal: 'PROPIA' }),
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('a company created by a user who is not master admin is granted to them', async () => {
    const token = await userWith(ctx, { [COMPANY_MODULE]: ['add', 'view'] }, [demoId]);
    const res = await ctx().request({
      method: 'POST',
      url: `${L}/addlocalidad`,
      token,
      payload: companyPayload(places, { nombre: unique('Propia') }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await ctx().request({ method: 'GET', url: `${L}/getlocalidades?limit=100`, token });
    expect(
      list
        .json()
        .results.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([demoId, res.json().result.id].sort());
    const [row] = await ctx().database.query<{ logUsername: string }>(
      'select log_username as "logUsername" from localidades where id = $1',
      [res.json().result.id],
    );
    expect(row.logUsername).toMatch(/@example\.com$/);
  });
});
