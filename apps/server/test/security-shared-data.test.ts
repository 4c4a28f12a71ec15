// The data every company shares (roles, modules, banks, currencies and rates, tax types
// and values, tax units, note categories, places, Incoterms) is written only by the master administrator.
// The routes are found from the OpenAPI document, so a shared write route added later is tested too.
import { SHARED_DATA_MESSAGE } from '@sigece/fiscal';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp, type TestApp } from './harness.ts';
import { createUser, PASSWORD } from './support/users.ts';

type Ctx = () => TestApp;

const SHARED_TABLES = [
  'roles',
  'modules',
  'bancos',
  'divisas',
  'tasas_cambio',
  'tipos_gravamen',
  'valores_gravamen',
  'unidades_tributarias',
  'conceptos_islr',
  'categorias_nota',
  'paises',
  'estados',
  'municipios',
  'incoterms',
  'audit_log',
];

/** Every row of the shared tables (and the audit log): "nothing changed" compares two of these. */
async function sharedState(ctx: Ctx): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for (const table of SHARED_TABLES) {
    const rows = await ctx().database.query<{ t: string }>(
      `select coalesce(string_agg(r::text, '|' order by r::text), '') as t from ${table} r`,
    );
    state[table] = rows[0].t;
  }
  return state;
}

/** The shared-data tags of the API document (discounts are company-owned). */
const SHARED_TAG = /^(seguridad: (roles|módulos)|referencia: (?!descuentos)|divisas y tasas de cambio)/;

async function sharedWriteRoutes(ctx: Ctx): Promise<Array<{ method: string; path: string }>> {
  const doc = (await ctx().request({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const routes: Array<{ method: string; path: string }> = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (method === 'get' || method === 'head') continue;
      const shared =
        (operation.tags ?? []).some((t) => SHARED_TAG.test(t)) ||
        path === '/v2/retenciones/unidadesTributarias';
      if (shared) routes.push({ method: method.toUpperCase(), path });
    }
  }
  return routes;
}

async function firstId(ctx: Ctx, url: string, token: string, field = 'id'): Promise<string> {
  const res = await ctx().request({ method: 'GET', url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const body = res.json();
  const rows = (body.results ?? body.result ?? body.data) as Array<Record<string, string>>;
  expect(rows.length, url).toBeGreaterThan(0);
  return rows[0][field];
}

describeWithApp('shared data: only the master administrator writes it', (ctx) => {
  const M = '/v2/mantenimiento';
  let master: string;
  let companyAdmin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    master = await ctx().adminToken();
    const roles = (
      await ctx().request({ method: 'GET', url: `${M}/roles/getroles?limit=50`, token: master })
    ).json().results as Array<{ id: string; rol: string }>;
    const adminRole = roles.find((r) => r.rol === 'admin');
    const userRole = roles.find((r) => r.rol === 'user');
    if (!adminRole || !userRole) throw new Error('seeded roles missing');
    ids.role = userRole.id;
    const [company] = await ctx().database.query<{ id: string }>('select id from localidades limit 1');
    // The seeded role `admin` (every screen and action) granted one company.
    const user = await createUser(ctx, { role: adminRole.id, id_localidad: [company.id] });
    companyAdmin = await ctx().login(user.email, PASSWORD);
    ids.module = await firstId(ctx, `${M}/modulo/getModulos?limit=1`, master);
    ids.pais = await firstId(ctx, `${M}/pais/listar?limit=1`, master);
    ids.estado = await firstId(ctx, `${M}/estado/listar?limit=1`, master);
    ids.municipio = await firstId(ctx, `${M}/regiones/getmunicipios?limit=1`, master);
    ids.banco = await firstId(ctx, `${M}/bancos?limit=1`, master);
    ids.categoria = await firstId(ctx, `${M}/categoriaNota/listar?limit=1`, master);
    ids.incoterm = await firstId(ctx, `${M}/incoterm/listar?limit=1`, master);
    ids.valor = await firstId(ctx, `${M}/valorGravamen/listar?limit=1`, master);
    ids.divisa = await firstId(ctx, `${M}/divisa/listar?limit=50`, master);
    const [tipo] = await ctx().database.query<{ id: string }>('select id from tipos_gravamen limit 1');
    ids.tipo = tipo.id;
  });

  /** A request each shared write route would accept from an administrator (valid body, real record). */
  function requestFor(method: string, path: string): { url: string; payload?: unknown } {
    const base = path.replace(/^\/v2\/mantenimiento/, '');
    const idOf: Record<string, string> = {
      '/roles': ids.role,
      '/modulo': ids.module,
      '/pais': ids.pais,
      '/estado': ids.estado,
      '/regiones': ids.municipio,
      '': ids.banco,
      '/categoriaNota': ids.categoria,
      '/incoterm': ids.incoterm,
      '/valorGravamen': ids.valor,
      '/divisa': ids.divisa,
    };
    const resource = base.replace(
      /\/(crear|editar|eliminar|activar|desactivar|addrol|updaterol|tasa)(\/\{id\})?$/,
      '',
    );
    const url = path.replace('{id}', idOf[resource] ?? 'missing');
    const bodies: Record<string, unknown> = {
      '/roles/addrol': { rol: 'rol-ajeno', descripcion: 'Rol ajeno', modulo: [] },
      '/roles/updaterol/{id}': { rol: 'user', descripcion: 'Cambiado', modulo: [] },
      '/modulo/crear': { name: 'Ajeno', path: '/ajeno', permiso: true, opciones: [] },
      '/modulo/editar/{id}': { name: 'Cambiado' },
      '/pais/crear': { nombre: 'País Ajeno' },
      '/pais/editar/{id}': { nombre: 'País Cambiado' },
      '/estado/crear': { nombre: 'Estado Ajeno', pais: ids.pais },
      '/estado/editar/{id}': { nombre: 'Estado Cambiado', pais: ids.pais },
      '/regiones/crear': { nombre: 'Municipio Ajeno', estado: ids.estado },
      '/regiones/editar/{id}': { nombre: 'Municipio Cambiado', estado: ids.estado },
      '/crear': { nombre: 'Banco Ajeno', codigo: '9876' },
      '/editar/{id}': { nombre: 'Banco Cambiado', codigo: '9877' },
      '/categoriaNota/crear': { nombre: 'Categoría Ajena', tipoNota: 'CREDITO' },
      '/categoriaNota/editar/{id}': { nombre: 'Categoría Cambiada', tipoNota: 'CREDITO' },
      '/incoterm/crear': { nombre: 'XYZ', tipo: 'MARITIMO' },
      '/incoterm/editar/{id}': { nombre: 'XYZ', tipo: 'MARITIMO' },
      '/valorGravamen/crear': {
        valor: '1',
        tipoGravamen: ids.tipo,
        fechaDesde: '2030-01-01',
        fechaHasta: '',
      },
      '/valorGravamen/editar/{id}': {
        valor: '1',
        tipoGravamen: ids.tipo,
        fechaDesde: '2030-01-01',
        fechaHasta: '',
      },
      '/divisa/crear': { nombre: 'Moneda Ajena', iso: 'XAJ', simbolo: 'X', decimales: 2 },
      '/divisa/editar/{id}': { nombre: 'Moneda Cambiada', iso: 'XAK', simbolo: 'X', decimales: 2 },
      '/divisa/tasa': { iso: 'USD', fecha: '2026-01-05', valor: '0.01' },
      '/gravamen/addgravemen': {
        codigo: 'Z',
        concepto: 'Ajeno',
        lstValores: [{ valor: '5', fechaDesde: '2030-01-01', fechaHasta: '' }],
      },
      '/gravamen/ActDesGravamen': { idgravamen: ids.tipo },
      '/v2/retenciones/unidadesTributarias': {
        valor: '43.00',
        fechaDesde: '2099-01-01',
        providencia: 'SNAT/2099/1',
        gacetaOficial: 'G.O. N° 99.999',
      },
    };
    return { url, payload: bodies[base] ?? (method === 'PUT' || method === 'POST' ? {} : undefined) };
  }

  it('finds the 44 shared write operations in the API document', async () => {
    const routes = await sharedWriteRoutes(ctx);
    expect(routes).toHaveLength(44);
    expect(routes).toContainEqual({ method: 'POST', path: '/v2/mantenimiento/divisa/tasa' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/v2/mantenimiento/roles/desactivar/{id}' });
  });

  it('a company-scoped administrator gets 403 with the Spanish message on every one, and nothing changes', async () => {
    const routes = await sharedWriteRoutes(ctx);
    const before = await sharedState(ctx);
    const answers: string[] = [];
    for (const { method, path } of routes) {
      const { url, payload } = requestFor(method, path);
      const res = await ctx().request({
        method: method as 'POST',
        url,
        token: companyAdmin,
        payload: payload as object,
      });
      answers.push(`${method} ${path} → ${res.statusCode} ${res.json().message}`);
    }
    expect(answers).toEqual(routes.map((r) => `${r.method} ${r.path} → 403 ${SHARED_DATA_MESSAGE}`));
    expect(await sharedState(ctx)).toEqual(before);
  });

  it("the GET that stores the central bank's rates as the day's (DivisasActualizar) is a write too", async () => {
    const before = await sharedState(ctx);
    const res = await ctx().request({
      method: 'GET',
      url: `${M}/divisa/DivisasActualizar`,
      token: companyAdmin,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SHARED_DATA_MESSAGE);
    expect(await sharedState(ctx)).toEqual(before);
  });

  it('the company-scoped administrator still reads the shared data', async () => {
    for (const url of [
      `${M}/roles/getroles`,
      `${M}/bancos`,
      `${M}/divisa/listar`,
      `${M}/divisa/tasas`,
      `${M}/pais/listar`,
      `${M}/incoterm/listar`,
      `${M}/gravamen/querygravemen`,
      '/v2/retenciones/unidadesTributarias',
      '/v2/retenciones/queryConceptosIsrl',
    ]) {
      const res = await ctx().request({ method: 'GET', url, token: companyAdmin });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  describe('the master administrator still writes it', () => {
    it('switches the shared role off and on, sets a rate, adds a bank and a tax unit', async () => {
      for (const { method, url, payload } of [
        { method: 'PUT', url: `${M}/roles/desactivar/${ids.role}` },
        { method: 'PUT', url: `${M}/roles/activar/${ids.role}` },
        {
          method: 'POST',
          url: `${M}/divisa/tasa`,
          payload: { iso: 'USD', fecha: '2026-01-05', valor: '50.5' },
        },
        { method: 'POST', url: `${M}/crear`, payload: { nombre: 'Banco del Proveedor', codigo: '9878' } },
        { method: 'POST', url: `${M}/pais/crear`, payload: { nombre: 'País del Proveedor' } },
        {
          method: 'POST',
          url: '/v2/retenciones/unidadesTributarias',
          payload: {
            valor: '44.00',
            fechaDesde: '2098-01-01',
            providencia: 'SNAT/2098/1',
            gacetaOficial: 'G.O. N° 99.998',
          },
        },
      ]) {
        const res = await ctx().request({ method: method as 'POST', url, token: master, payload });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      }
    });
  });
});
