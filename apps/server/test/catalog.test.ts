import { randomUUID } from 'node:crypto';
import { SHARED_DATA_MESSAGE } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import {
  type Ctx,
  companyIdByRif,
  DEMO_RIF,
  DEMO_USER,
  SECOND_RIF,
  snapshot,
  unique,
  userWith,
} from './maintenance-support.ts';

const M = '/v2/mantenimiento';
const NAME_MIN = 'El nombre debe contener al menos 2 caracteres';

/** Ids the catalog payloads refer to, read once per suite. */
interface Refs {
  pais: string;
  distritoCapital: string;
  carabobo: string;
  tipoG: string;
  demo: string;
  second: string;
  demoBranch: string;
}

interface CatalogCase {
  label: string;
  /** Route prefix of crear/editar/eliminar/activar. */
  base: string;
  list: string;
  module: string;
  table: string;
  entity: string;
  /** A valid body whose searchable text contains `tag`. */
  valid: (refs: Refs, tag: string) => Record<string, unknown>;
  /** What a created record shows (besides the audit fields). */
  expected: (refs: Refs, tag: string) => Record<string, unknown>;
  /** The edited body and what it shows. */
  edit: (refs: Refs, tag: string) => [Record<string, unknown>, Record<string, unknown>];
  invalid: (refs: Refs) => Array<[Record<string, unknown>, number, string]>;
  /** Extra query string of the list (a required filter). */
  listFilter?: (refs: Refs) => string;
}

let bankCode = 9000;
const nextBankCode = () => String(++bankCode);

const CATALOGS: CatalogCase[] = [
  {
    label: 'países',
    base: `${M}/pais`,
    list: `${M}/pais/listar`,
    module: '/mantenimiento/Pais',
    table: 'paises',
    entity: 'pais',
    valid: (_r, tag) => ({ nombre: `  País ${tag}  `, iso: 'XX' }),
    expected: (_r, tag) => ({ nombre: `País ${tag}`, iso: 'XX' }),
    edit: (_r, tag) => [{ nombre: `República ${tag}` }, { nombre: `República ${tag}`, iso: null }],
    invalid: () => [
      [{ nombre: ' a ' }, 400, NAME_MIN],
      [{ nombre: undefined }, 400, NAME_MIN],
      [{ nombre: 'Venezuela' }, 409, 'El país ya existe'],
    ],
  },
  {
    label: 'estados',
    base: `${M}/estado`,
    list: `${M}/estado/listar`,
    module: '/mantenimiento/Estado',
    table: 'estados',
    entity: 'estado',
    valid: (r, tag) => ({ nombre: `Estado ${tag}`, pais: r.pais }),
    expected: (r, tag) => ({ nombre: `Estado ${tag}`, estado: `Estado ${tag}`, pais: r.pais, iso: null }),
    edit: (r, tag) => [
      { nombre: `Estado Nuevo ${tag}`, pais: r.pais, iso: 'VE-Ñ' },
      { nombre: `Estado Nuevo ${tag}`, iso: 'VE-Ñ' },
    ],
    invalid: (r) => [
      [{ nombre: 'x', pais: r.pais }, 400, NAME_MIN],
      [{ nombre: 'Estado Sin País' }, 400, 'Es requerido'],
      [{ nombre: 'Estado Huérfano', pais: randomUUID() }, 400, 'El país no existe'],
      [{ nombre: 'Distrito Capital', pais: r.pais }, 409, 'El estado ya existe en ese país'],
    ],
  },
  {
    label: 'municipios',
    base: `${M}/regiones`,
    list: `${M}/regiones/getmunicipios`,
    module: '/mantenimiento/Municipio',
    table: 'municipios',
    entity: 'municipio',
    valid: (r, tag) => ({ nombre: `Municipio ${tag}`, estado: r.carabobo, codigo: 'G99' }),
    expected: (r, tag) => ({
      nombre: `Municipio ${tag}`,
      municipio: `Municipio ${tag}`,
      estado: r.carabobo,
      codigo: 'G99',
    }),
    edit: (r, tag) => [
      { nombre: `Municipio Editado ${tag}`, estado: r.carabobo, codigo: 'G98' },
      { nombre: `Municipio Editado ${tag}`, codigo: 'G98' },
    ],
    invalid: (r) => [
      [{ nombre: '', estado: r.carabobo }, 400, NAME_MIN],
      [{ nombre: 'Sin Estado', estado: randomUUID() }, 400, 'El estado no existe'],
      [{ nombre: 'Libertador', estado: r.distritoCapital }, 409, 'El municipio ya existe en ese estado'],
    ],
    listFilter: (r) => `estado=${r.carabobo}`,
  },
  {
    label: 'bancos',
    base: M,
    list: `${M}/bancos`,
    module: '/mantenimiento/Banco',
    table: 'bancos',
    entity: 'banco',
    valid: (_r, tag) => ({
      nombre: `Banco ${tag}`,
      codigo: nextBankCode(),
      sitioWeb: 'https://banco.example',
      correo: 'info@banco.example',
    }),
    expected: (_r, tag) => ({
      nombre: `Banco ${tag}`,
      sitioWeb: 'https://banco.example',
      correo: 'info@banco.example',
    }),
    edit: (_r, tag) => {
      const codigo = nextBankCode();
      return [
        { nombre: `Banco Universal ${tag}`, codigo },
        { nombre: `Banco Universal ${tag}`, codigo, sitioWeb: null, correo: null },
      ];
    },
    invalid: () => [
      [{ nombre: '', codigo: '9999' }, 400, 'Es requerido'],
      [{ nombre: 'Banco Corto', codigo: '12' }, 400, 'El código del banco tiene 4 dígitos'],
      [{ nombre: 'Banco Correo', codigo: '9998', correo: 'no-correo' }, 400, 'debe ser un correo valido'],
      [{ nombre: 'Banco Repetido', codigo: '0102' }, 409, 'Ya existe un banco con ese código'],
    ],
  },
  {
    label: 'categorías de notas',
    base: `${M}/categoriaNota`,
    list: `${M}/categoriaNota/listar`,
    module: '/mantenimiento/CategoriaNota',
    table: 'categorias_nota',
    entity: 'categoriaNota',
    valid: (_r, tag) => ({ nombre: `Categoría ${tag}`, codigo: '3', tipoNota: 'ENTREGA' }),
    expected: (_r, tag) => ({ nombre: `Categoría ${tag}`, codigo: '3', tipoNota: 'ENTREGA' }),
    edit: (_r, tag) => [
      { nombre: `Categoría Débito ${tag}`, codigo: '4', tipoNota: 'DEBITO' },
      { nombre: `Categoría Débito ${tag}`, codigo: '4', tipoNota: 'DEBITO' },
    ],
    invalid: () => [
      [{ nombre: 'a', codigo: '3', tipoNota: 'CREDITO' }, 400, NAME_MIN],
      [{ nombre: 'Categoría', codigo: '3', tipoNota: 'OTRA' }, 400, 'Es requerido'],
      [{ nombre: 'Categoría', codigo: '', tipoNota: 'CREDITO' }, 400, 'Es requerido'],
    ],
  },
  {
    label: 'incoterms',
    base: `${M}/incoterm`,
    list: `${M}/incoterm/listar`,
    module: '/mantenimiento/INCOTERM',
    table: 'incoterms',
    entity: 'incoterm',
    valid: (_r, tag) => ({ nombre: `zz${tag}`, descripcion: `Regla de prueba ${tag}`, tipo: 'GRUPO_D' }),
    expected: (_r, tag) => ({
      nombre: `ZZ${tag.toUpperCase()}`,
      descripcion: `Regla de prueba ${tag}`,
      tipo: 'GRUPO_D',
    }),
    edit: (_r, tag) => [
      { nombre: `yy${tag}`, descripcion: `Regla editada ${tag}`, tipo: 'GRUPO_C' },
      { nombre: `YY${tag.toUpperCase()}`, descripcion: `Regla editada ${tag}`, tipo: 'GRUPO_C' },
    ],
    invalid: () => [
      [{ nombre: ' ', descripcion: 'Regla', tipo: 'GRUPO_C' }, 400, NAME_MIN],
      [{ nombre: 'QQQ', descripcion: 'Regla', tipo: 'GRUPO_Z' }, 400, 'Es requerido'],
      [{ nombre: 'QQQ', descripcion: '', tipo: 'GRUPO_C' }, 400, 'Es requerido'],
      [{ nombre: 'exw', descripcion: 'Otra vez', tipo: 'GRUPO_E' }, 409, 'El incoterm ya existe'],
    ],
  },
  {
    label: 'valores de gravamen',
    base: `${M}/valorGravamen`,
    list: `${M}/valorGravamen/listar`,
    module: '/mantenimiento/ValorGravamen',
    table: 'valores_gravamen',
    entity: 'valorGravamen',
    // Searchable by value: each tag is turned into a distinct value.
    valid: (r, tag) => ({ valor: tagValue(tag), tipoGravamen: r.tipoG, fechaDesde: '2031-01-01' }),
    expected: (r, tag) => ({
      valor: tagValue(tag),
      tipoGravamen: r.tipoG,
      fechaDesde: '2031-01-01',
      fechaHasta: null,
    }),
    edit: (r, tag) => [
      { valor: tagValue(tag), tipoGravamen: r.tipoG, fechaDesde: '2031-02-01', fechaHasta: '2031-12-31' },
      { valor: tagValue(tag), fechaDesde: '2031-02-01', fechaHasta: '2031-12-31' },
    ],
    invalid: (r) => [
      [
        { valor: '', tipoGravamen: r.tipoG, fechaDesde: '2031-01-01' },
        400,
        'El valor debe contener al menos 1 caracteres',
      ],
      [
        { tipoGravamen: r.tipoG, fechaDesde: '2031-01-01' },
        400,
        'El valor debe contener al menos 1 caracteres',
      ],
      [{ valor: '12', tipoGravamen: r.tipoG }, 400, 'Es requerido'],
      [
        { valor: '12', tipoGravamen: randomUUID(), fechaDesde: '2031-01-01' },
        400,
        'El tipo de alícuota no existe',
      ],
    ],
  },
  {
    label: 'descuentos',
    base: `${M}/descuento`,
    list: `${M}/descuento/listar`,
    module: '/mantenimiento/Descuento',
    table: 'descuentos',
    entity: 'descuento',
    valid: (r, tag) => ({
      titulo: `Descuento ${tag}`,
      descripcion: 'Descuento por pronto pago',
      tipoMonto: 1,
      monto: '10,5',
      localidad: r.demo,
    }),
    expected: (r, tag) => ({
      titulo: `Descuento ${tag}`,
      tipoMonto: 1,
      monto: '10.50',
      localidad: r.demo,
      sucursal: null,
    }),
    edit: (r, tag) => [
      {
        titulo: `Descuento Sucursal ${tag}`,
        descripcion: 'Descuento de la sucursal centro',
        tipoMonto: 0,
        monto: 25,
        localidad: r.demo,
        sucursal: r.demoBranch,
      },
      { titulo: `Descuento Sucursal ${tag}`, tipoMonto: 0, monto: '25.00', sucursal: r.demoBranch },
    ],
    invalid: (r) => [
      [
        { titulo: 'a', descripcion: 'Descripción suficiente', tipoMonto: 1, monto: 1, localidad: r.demo },
        400,
        'El título debe contener al menos 2 caracteres',
      ],
      [
        { titulo: 'Título', descripcion: 'Corta', tipoMonto: 1, monto: 1, localidad: r.demo },
        400,
        'La descripción debe contener al menos 10 caracteres',
      ],
      [
        { titulo: 'Título', descripcion: 'Descripción suficiente', tipoMonto: 1, monto: 1 },
        400,
        'Es requerido',
      ],
      [
        {
          titulo: 'Título',
          descripcion: 'Descripción suficiente',
          tipoMonto: 1,
          monto: 'diez',
          localidad: r.demo,
        },
        400,
        'El monto debe ser un número',
      ],
      [
        {
          titulo: 'Título',
          descripcion: 'Descripción suficiente',
          tipoMonto: 1,
          monto: 1,
          localidad: r.second,
          sucursal: r.demoBranch,
        },
        400,
        'La sucursal no pertenece a la razón social',
      ],
    ],
  },
];

/** "tag-123" → a distinct two-decimal value such as "45.67", so the value list can be searched. */
function tagValue(tag: string): string {
  let hash = 0;
  for (const c of tag) hash = (hash * 31 + c.charCodeAt(0)) % 90_000;
  return `${100 + Math.floor(hash / 100)}.${String(hash % 100).padStart(2, '0')}`;
}

async function create(ctx: Ctx, c: CatalogCase, refs: Refs, tag: string) {
  const res = await ctx().request({
    method: 'POST',
    url: `${c.base}/crear`,
    token: await ctx().adminToken(),
    payload: c.valid(refs, tag),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The term that finds the records made with `tag`. */
const searchTerm = (c: CatalogCase, refs: Refs, tag: string) => {
  const body = c.valid(refs, tag);
  return String(body.valor ?? tag);
};

describeWithApp('catalogs: reference data maintenance', (ctx) => {
  let admin: string;
  let refs: Refs;

  beforeAll(async () => {
    admin = await ctx().adminToken();
    const q = async (sql: string, values: unknown[] = []) =>
      (await ctx().database.query<{ id: string }>(sql, values))[0].id;
    refs = {
      pais: await q(`select id::text as id from paises where nombre = 'Venezuela'`),
      distritoCapital: await q(`select id::text as id from estados where iso = 'VE-A'`),
      carabobo: await q(`select id::text as id from estados where iso = 'VE-G'`),
      tipoG: await q(`select id::text as id from tipos_gravamen where codigo = 'G'`),
      demo: await companyIdByRif(ctx, DEMO_RIF),
      second: await companyIdByRif(ctx, SECOND_RIF),
      demoBranch: '',
    };
    refs.demoBranch = await q(`select id::text as id from sucursales where id_localidad = $1`, [refs.demo]);
  });

  // --- the seeded Venezuelan reference data (read before any test adds to it) -----------------------

  it('seed: 24 federal entities of Venezuela with ISO 3166-2 codes VE-X, each listed once', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${M}/estado/listar?limit=100&pais=${refs.pais}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const states = res.json().results as Array<{ nombre: string; iso: string; pais: string }>;
    expect(res.json().totalResults).toBe(24);
    expect(states).toHaveLength(24);
    for (const s of states) {
      expect(s.iso).toMatch(/^VE-[A-Z]$/);
      expect(s.pais).toBe(refs.pais);
    }
    expect(new Set(states.map((s) => s.iso)).size).toBe(24);
    expect(states.find((s) => s.iso === 'VE-A')?.nombre).toBe('Distrito Capital');
    expect(states.find((s) => s.iso === 'VE-G')?.nombre).toBe('Carabobo');
    // Sorted by name (the database collation decides accents, so only the ends are asserted).
    expect(states[0].nombre).toBe('Amazonas');
    expect(states.at(-1)?.nombre).toBe('Zulia');
  });

  it('seed: 335 municipalities; Distrito Capital has only Libertador; the state filter narrows the list', async () => {
    const all = await ctx().request({
      method: 'GET',
      url: `${M}/regiones/getmunicipios?limit=1`,
      token: admin,
    });
    expect(all.json().totalResults).toBe(335);
    expect(all.json().totalPages).toBe(335);
    const dc = await ctx().request({
      method: 'GET',
      url: `${M}/regiones/getmunicipios?estado=${refs.distritoCapital}`,
      token: admin,
    });
    expect(dc.json().results.map((m: { nombre: string }) => m.nombre)).toEqual(['Libertador']);
    expect(dc.json().results[0]).toMatchObject({ capital: 'Caracas', estado: refs.distritoCapital });
    const carabobo = await ctx().request({
      method: 'GET',
      url: `${M}/regiones/getmunicipios?estado=${refs.carabobo}&limit=100`,
      token: admin,
    });
    expect(carabobo.json().totalResults).toBe(14);
    expect(carabobo.json().results.map((m: { nombre: string }) => m.nombre)).toContain('Valencia');
    const sum = await ctx().database.query<{ n: string }>(
      'select count(distinct estado_id)::text as n from municipios',
    );
    expect(Number(sum[0].n)).toBe(24);
  });

  it('seed: banks include 0102 Banco de Venezuela and the list is sorted by name', async () => {
    const res = await ctx().request({ method: 'GET', url: `${M}/bancos?search=0102`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(1);
    expect(res.json().results[0]).toMatchObject({
      codigo: '0102',
      status: 'ACTIVO',
      logEstatusRegistro: 'ACTIVO',
    });
    expect(res.json().results[0].nombre).toContain('Banco de Venezuela');
    const list = await ctx().request({ method: 'GET', url: `${M}/bancos?limit=100`, token: admin });
    const names = list.json().results.map((b: { nombre: string }) => b.nombre);
    expect(names.length).toBeGreaterThan(20);
    // Sorted by name; the collation decides spaces and case, so only the ends are asserted.
    expect(names[0]).toBe('100% Banco, Banco Universal, C.A.');
    expect(names.at(-1)).toBe('Venezolano de Crédito, S.A. Banco Universal');
    for (const b of list.json().results) expect(b.codigo).toMatch(/^\d{4}$/);
  });

  it('seed: the 11 Incoterms 2020 in 4 groups (E 1, F 3, C 4, D 3)', async () => {
    const res = await ctx().request({ method: 'GET', url: `${M}/incoterm/listar?limit=100`, token: admin });
    const rows = res.json().results as Array<{ nombre: string; tipo: string }>;
    expect(rows).toHaveLength(11);
    const groups: Record<string, string[]> = {};
    for (const r of rows) {
      groups[r.tipo] = [...(groups[r.tipo] ?? []), r.nombre];
    }
    expect(Object.keys(groups).sort()).toEqual(['GRUPO_C', 'GRUPO_D', 'GRUPO_E', 'GRUPO_F']);
    expect(groups.GRUPO_E).toEqual(['EXW']);
    expect(groups.GRUPO_F.sort()).toEqual(['FAS', 'FCA', 'FOB']);
    expect(groups.GRUPO_C.sort()).toEqual(['CFR', 'CIF', 'CIP', 'CPT']);
    expect(groups.GRUPO_D.sort()).toEqual(['DAP', 'DDP', 'DPU']);
  });

  it('seed: note categories (3 credit, 3 debit), filterable by type', async () => {
    const credit = await ctx().request({
      method: 'GET',
      url: `${M}/categoriaNota/listar?tipoNota=credito`,
      token: admin,
    });
    expect(credit.json().totalResults).toBe(3);
    expect(
      credit
        .json()
        .results.map((c: { codigo: string }) => c.codigo)
        .sort(),
    ).toEqual(['0', '1', '2']);
    const debit = await ctx().request({
      method: 'GET',
      url: `${M}/categoriaNota/listar?tipoNota=DEBITO`,
      token: admin,
    });
    expect(debit.json().results.map((c: { nombre: string }) => c.nombre)).toContain('Intereses de mora');
  });

  it("seed: ISLR concepts through queryConceptosIsrl with the screen's fields", async () => {
    const token = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    const res = await ctx().request({
      method: 'GET',
      url: '/v2/retenciones/queryConceptosIsrl/?limit=100&page=1',
      token,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 100 });
    expect(body.totalResults).toBeGreaterThan(50);
    expect(body.results).toHaveLength(Math.min(100, body.totalResults));
    for (const field of ['Codigo', 'Concepto', 'Porcentaje', 'BaseImponible', 'Sustraendo', 'UT', 'Factor']) {
      expect(body.results[0]).toHaveProperty(field);
    }
    expect(body.results[0]).toEqual({
      Codigo: '002',
      Concepto: 'Honorarios profesionales no mercantiles',
      TipoPersona: 'PNR',
      Porcentaje: '3.00',
      BaseImponible: '100.00',
      Sustraendo: true,
      // The unidad tributaria in force on the tests' day (2026-06-10): Bs. 43,00 since 2025-06-04 (G.O.
      // 43.140, seeded in tax-units.ts; it was Bs. 9,00 from G.O. 42.623 of 08-05-2023).
      UT: '43.00',
      Factor: '83.3334',
      // Not Tarifa N° 2 (the screen computes its amount itself); no fixed minimum.
      Tarifa2: false,
      MontoMinimo: null,
    });
    const pjnd = body.results.find((c: { Codigo: string }) => c.Codigo === '003');
    expect(pjnd).toMatchObject({
      TipoPersona: 'PNNR',
      Porcentaje: '34.00',
      BaseImponible: '90.00',
      Sustraendo: false,
      UT: null,
    });
    const codes = body.results.map((c: { Codigo: string }) => c.Codigo);
    expect(codes).toEqual([...codes].sort());
    const none = await ctx().request({ method: 'GET', url: '/v2/retenciones/queryConceptosIsrl/' });
    expect(none.statusCode).toBe(401);
  });

  it('seed: tax types G/R/A/E/X with their values through querygravemen', async () => {
    const token = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    const res = await ctx().request({ method: 'GET', url: `${M}/gravamen/querygravemen/`, token });
    expect(res.statusCode).toBe(200);
    const types = res.json().results as Array<{
      codigo: string;
      ivaGeneral: boolean;
      exento: boolean;
      exonerado: boolean;
      tipo: number;
      lstValores: Array<{ valor: string }>;
    }>;
    const byCode = Object.fromEntries(types.map((t) => [t.codigo, t]));
    expect(Object.keys(byCode).sort()).toEqual(['A', 'E', 'G', 'R', 'X']);
    expect(byCode.G.lstValores.map((v) => v.valor)).toEqual(['16.00']);
    expect(byCode.R.lstValores.map((v) => v.valor)).toEqual(['8.00']);
    expect(byCode.A.lstValores.map((v) => v.valor)).toEqual(['31.00']);
    expect(byCode.G).toMatchObject({ ivaGeneral: true, exento: false, tipo: 6 });
    expect(byCode.E).toMatchObject({ exento: true, exonerado: false, ivaGeneral: false });
    expect(byCode.X).toMatchObject({ exento: false, exonerado: true });
  });

  // --- the generic CRUD, catalog by catalog ---------------------------------------------------------

  for (const c of CATALOGS) {
    it(`${c.label}: crear answers "Guardado", stores the record and one audit entry`, async () => {
      const tag = unique('Alta');
      const before = await snapshot(ctx, c.table);
      const body = await create(ctx, c, refs, tag);
      expect(body.message).toBe('Guardado');
      expect(body.result).toMatchObject({
        ...c.expected(refs, tag),
        logEstatusRegistro: 'ACTIVO',
        logUsername: 'admin@sigece.local',
        logFechaModificacion: null,
      });
      expect(await snapshot(ctx, c.table)).toEqual({
        [c.table]: before[c.table] + 1,
        audit_log: before.audit_log + 1,
      });
      const [audit] = await ctx().database.query<{ entity: string; action: string }>(
        'select entity, action from audit_log where entity_id = $1',
        [body.result.id],
      );
      expect(audit).toEqual({ entity: c.entity, action: 'create' });
    });

    it(`${c.label}: the list is paged on the server and searchable`, async () => {
      const tag = unique('Lista');
      for (let i = 0; i < 3; i++) await create(ctx, c, refs, `${tag}${i}`);
      const filter = c.listFilter ? `&${c.listFilter(refs)}` : '';
      // Every record made with this tag; values are searched by their own text.
      const terms = [0, 1, 2].map((i) => searchTerm(c, refs, `${tag}${i}`));
      const common = c.label === 'valores de gravamen' ? terms[0] : tag;
      const page1 = await ctx().request({
        method: 'GET',
        url: `${c.list}?search=${encodeURIComponent(common)}&limit=2&page=1${filter}`,
        token: admin,
      });
      expect(page1.statusCode, page1.body).toBe(200);
      if (c.label === 'valores de gravamen') {
        expect(page1.json().totalResults).toBeGreaterThanOrEqual(1);
        expect(page1.json().results[0].valor).toBe(terms[0]);
      } else {
        expect(page1.json()).toMatchObject({ page: 1, limit: 2, totalResults: 3, totalPages: 2 });
        expect(page1.json().results).toHaveLength(2);
        const page2 = await ctx().request({
          method: 'GET',
          url: `${c.list}?search=${encodeURIComponent(common)}&limit=2&page=2${filter}`,
          token: admin,
        });
        expect(page2.json().results).toHaveLength(1);
        const ids = [...page1.json().results, ...page2.json().results].map((r: { id: string }) => r.id);
        expect(new Set(ids).size).toBe(3);
      }
      // Defaults: page 1 and 10 rows.
      const plain = await ctx().request({
        method: 'GET',
        url: `${c.list}${filter ? `?${filter.slice(1)}` : ''}`,
        token: admin,
      });
      expect(plain.json()).toMatchObject({ page: 1, limit: 10 });
      expect(plain.json().results.length).toBe(Math.min(10, plain.json().totalResults));
      const none = await ctx().request({
        method: 'GET',
        url: `${c.list}?search=${encodeURIComponent('no-existe-nada-así')}`,
        token: admin,
      });
      expect(none.json()).toMatchObject({ totalResults: 0, results: [] });
    });

    it(`${c.label}: editar "Actualizado", eliminar "Inactivado", activar "Activado", the status filter follows`, async () => {
      const tag = unique('Edita');
      const created = (await create(ctx, c, refs, tag)).result;
      const [editBody, shown] = c.edit(refs, tag);
      const edited = await ctx().request({
        method: 'PUT',
        url: `${c.base}/editar/${created.id}`,
        token: admin,
        payload: editBody,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().message).toBe('Actualizado');
      expect(edited.json().result).toMatchObject({ id: created.id, ...shown });
      expect(edited.json().result.logFechaModificacion).not.toBeNull();
      const [row] = await ctx().database.query<{ s: string; m: string | null }>(
        `select log_estatus_registro as s, log_fecha_modificacion::text as m from ${c.table} where id = $1`,
        [created.id],
      );
      expect(row.m).not.toBeNull();

      const off = await ctx().request({
        method: 'PUT',
        url: `${c.base}/eliminar/${created.id}`,
        token: admin,
      });
      expect(off.json()).toMatchObject({
        message: 'Inactivado',
        result: { id: created.id, logEstatusRegistro: 'INACTIVO' },
      });
      const [inactive] = await ctx().database.query<{ s: string }>(
        `select log_estatus_registro as s from ${c.table} where id = $1`,
        [created.id],
      );
      expect(inactive.s).toBe('INACTIVO');
      const filter = c.listFilter ? `&${c.listFilter(refs)}` : '';
      const listed = async (status: string) =>
        (
          await ctx().request({
            method: 'GET',
            url: `${c.list}?status=${status}&limit=500${filter}`,
            token: admin,
          })
        )
          .json()
          .results.map((r: { id: string }) => r.id);
      expect(await listed('INACTIVO')).toContain(created.id);
      expect(await listed('ACTIVO')).not.toContain(created.id);

      const on = await ctx().request({ method: 'PUT', url: `${c.base}/activar/${created.id}`, token: admin });
      expect(on.json()).toMatchObject({
        message: 'Activado',
        result: { id: created.id, logEstatusRegistro: 'ACTIVO' },
      });
      expect(await listed('ACTIVO')).toContain(created.id);
      const actions = await ctx().database.query<{ action: string }>(
        'select action from audit_log where entity_id = $1 order by id',
        [created.id],
      );
      expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'deactivate', 'activate']);

      for (const verb of ['eliminar', 'activar']) {
        const missing = await ctx().request({
          method: 'PUT',
          url: `${c.base}/${verb}/${randomUUID()}`,
          token: admin,
        });
        expect(missing.statusCode).toBe(404);
      }
      const missingEdit = await ctx().request({
        method: 'PUT',
        url: `${c.base}/editar/${randomUUID()}`,
        token: admin,
        payload: editBody,
      });
      expect(missingEdit.statusCode).toBe(404);
    });

    it(`${c.label}: bad input answers with its message and writes nothing, on crear and on editar`, async () => {
      const existing = (await create(ctx, c, refs, unique('Valida'))).result;
      for (const [payload, status, message] of c.invalid(refs)) {
        for (const [method, url] of [
          ['POST', `${c.base}/crear`],
          ['PUT', `${c.base}/editar/${existing.id}`],
        ] as const) {
          const before = await snapshot(ctx, c.table);
          const res = await ctx().request({ method, url, token: admin, payload });
          expect(res.statusCode, `${method} ${JSON.stringify(payload)} ${res.body}`).toBe(status);
          expect(res.json().message).toBe(message);
          expect(await snapshot(ctx, c.table)).toEqual(before);
        }
      }
      const [row] = await ctx().database.query<{ m: string | null }>(
        `select log_fecha_modificacion::text as m from ${c.table} where id = $1`,
        [existing.id],
      );
      expect(row.m).toBeNull();
    });

    it(`${c.label}: 401 without a token; usuario@sigece.local reads the list but may not write (403)`, async () => {
      const existing = (await create(ctx, c, refs, unique('Permiso'))).result;
      const token = await ctx().login(DEMO_USER.email, DEMO_USER.password);
      const filter = c.listFilter ? `?${c.listFilter(refs)}` : '';
      const anonymous = await ctx().request({ method: 'GET', url: `${c.list}${filter}` });
      expect(anonymous.statusCode).toBe(401);
      const read = await ctx().request({ method: 'GET', url: `${c.list}${filter}`, token });
      expect(read.statusCode).toBe(200);
      expect(read.json().totalResults).toBeGreaterThan(0);
      const writes = [
        ['POST', `${c.base}/crear`, c.valid(refs, unique('Ajeno'))],
        ['PUT', `${c.base}/editar/${existing.id}`, c.edit(refs, unique('Ajeno'))[0]],
        ['PUT', `${c.base}/eliminar/${existing.id}`, undefined],
        ['PUT', `${c.base}/activar/${existing.id}`, undefined],
      ] as const;
      for (const [method, url, payload] of writes) {
        const before = await snapshot(ctx, c.table);
        const none = await ctx().request({ method, url, payload });
        expect(none.statusCode, `${method} ${url}`).toBe(401);
        const res = await ctx().request({ method, url, token, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe('No tiene permiso para realizar esta acción');
        expect(await snapshot(ctx, c.table)).toEqual(before);
      }
    });
  }

  it('a role holding only the countries module reads countries but writes no shared data', async () => {
    const token = await userWith(ctx, { '/mantenimiento/Pais': [] }, []);
    const before = await snapshot(ctx, 'paises', 'estados', 'bancos');
    const list = await ctx().request({ method: 'GET', url: `${M}/pais/listar`, token });
    expect(list.statusCode).toBe(200);
    const country = await ctx().request({
      method: 'POST',
      url: `${M}/pais/crear`,
      token,
      payload: { nombre: unique('País Permitido') },
    });
    expect(country.statusCode, country.body).toBe(403);
    expect(country.json().message).toBe(SHARED_DATA_MESSAGE);
    const state = await ctx().request({
      method: 'POST',
      url: `${M}/estado/crear`,
      token,
      payload: { nombre: 'Estado Prohibido', pais: refs.pais },
    });
    expect(state.statusCode).toBe(403);
    const bank = await ctx().request({
      method: 'POST',
      url: `${M}/crear`,
      token,
      payload: { nombre: 'Banco Prohibido', codigo: '9555' },
    });
    expect(bank.statusCode).toBe(403);
    expect(await snapshot(ctx, 'paises', 'estados', 'bancos')).toEqual(before);
  });

  // --- discounts belong to a company ---------------------------------------------------------------

  it('descuentos are tenant-scoped: listed only for the granted company, refused for another one', async () => {
    const mine = await create(ctx, CATALOGS.find((c) => c.label === 'descuentos')!, refs, unique('Propio'));
    const foreign = await ctx().request({
      method: 'POST',
      url: `${M}/descuento/crear`,
      token: admin,
      payload: {
        titulo: unique('Ajeno'),
        descripcion: 'Descuento de Servicios Ejemplo',
        tipoMonto: 2,
        monto: '3',
        localidad: refs.second,
      },
    });
    expect(foreign.statusCode).toBe(200);
    const foreignId = foreign.json().result.id;

    const usuario = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    const list = await ctx().request({
      method: 'GET',
      url: `${M}/descuento/listar?limit=500`,
      token: usuario,
    });
    const ids = list.json().results.map((d: { id: string }) => d.id);
    expect(ids).toContain(mine.result.id);
    expect(ids).not.toContain(foreignId);
    expect(new Set(list.json().results.map((d: { localidad: string }) => d.localidad))).toEqual(
      new Set([refs.demo]),
    );
    const adminList = await ctx().request({
      method: 'GET',
      url: `${M}/descuento/listar?limit=500`,
      token: admin,
    });
    expect(adminList.json().results.map((d: { id: string }) => d.id)).toContain(foreignId);

    // usuario: no discount module at all.
    const byUsuario = await ctx().request({
      method: 'POST',
      url: `${M}/descuento/crear`,
      token: usuario,
      payload: {
        titulo: 'Intento',
        descripcion: 'Descuento que no debe existir',
        tipoMonto: 1,
        monto: 5,
        localidad: refs.second,
      },
    });
    expect(byUsuario.statusCode).toBe(403);

    // A user who holds the discount module but only Demo Comercial: tenancy refuses Servicios Ejemplo.
    const scoped = await userWith(ctx, { '/mantenimiento/Descuento': [] }, [refs.demo]);
    const tenancy = 'No tiene acceso a esta razón social o sucursal';
    const attempts = [
      [
        'POST',
        `${M}/descuento/crear`,
        {
          titulo: 'Intento',
          descripcion: 'Descuento que no debe existir',
          tipoMonto: 1,
          monto: 5,
          localidad: refs.second,
        },
      ],
      [
        'PUT',
        `${M}/descuento/editar/${foreignId}`,
        {
          titulo: 'Tomado',
          descripcion: 'Descuento tomado por otro',
          tipoMonto: 1,
          monto: 5,
          localidad: refs.demo,
        },
      ],
      [
        'PUT',
        `${M}/descuento/editar/${mine.result.id}`,
        {
          titulo: 'Movido',
          descripcion: 'Descuento movido a otra empresa',
          tipoMonto: 1,
          monto: 5,
          localidad: refs.second,
        },
      ],
      ['PUT', `${M}/descuento/eliminar/${foreignId}`, undefined],
      ['PUT', `${M}/descuento/activar/${foreignId}`, undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const before = await snapshot(ctx, 'descuentos');
      const res = await ctx().request({ method, url, token: scoped, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(tenancy);
      expect(await snapshot(ctx, 'descuentos')).toEqual(before);
    }
    const [row] = await ctx().database.query<{ titulo: string; id_localidad: string }>(
      'select titulo, id_localidad::text as id_localidad from descuentos where id = $1',
      [mine.result.id],
    );
    expect(row.id_localidad).toBe(refs.demo);
    const own = await ctx().request({
      method: 'POST',
      url: `${M}/descuento/crear`,
      token: scoped,
      payload: {
        titulo: 'Propio',
        descripcion: 'Descuento de Demo Comercial',
        tipoMonto: 0,
        monto: 100,
        localidad: refs.demo,
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    const scopedList = await ctx().request({
      method: 'GET',
      url: `${M}/descuento/listar?limit=500`,
      token: scoped,
    });
    expect(scopedList.json().results.map((d: { id: string }) => d.id)).not.toContain(foreignId);
  });

  // --- tax types ------------------------------------------------------------------------------------

  it('addgravemen: answers "Sucursal registrada" (the spec\'s wording) and stores the type with its values', async () => {
    const before = await snapshot(ctx, 'tipos_gravamen', 'valores_gravamen');
    const res = await ctx().request({
      method: 'POST',
      url: `${M}/gravamen/addgravemen`,
      token: admin,
      payload: {
        codigo: 'L',
        concepto: 'Alícuota de lujo de prueba',
        tipo: 6,
        lstValores: [
          { valor: '12', fechaDesde: '2030-01-01', fechaHasta: '2030-12-31' },
          { valor: 15.5, fechaDesde: '2031-01-01', fechaHasta: '2031-12-31' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Sucursal registrada');
    expect(res.json().result).toMatchObject({
      codigo: 'L',
      concepto: 'Alícuota de lujo de prueba',
      tipo: 6,
      ivaGeneral: false,
      logEstatusRegistro: 'ACTIVO',
    });
    expect(
      res.json().result.lstValores.map((v: { valor: string; fechaHasta: string }) => [v.valor, v.fechaHasta]),
    ).toEqual([
      ['12.00', '2030-12-31'],
      ['15.50', '2031-12-31'],
    ]);
    expect(await snapshot(ctx, 'tipos_gravamen', 'valores_gravamen')).toEqual({
      tipos_gravamen: before.tipos_gravamen + 1,
      valores_gravamen: before.valores_gravamen + 2,
      audit_log: before.audit_log + 1,
    });
    const list = await ctx().request({
      method: 'GET',
      url: `${M}/gravamen/querygravemen/?limit=100`,
      token: admin,
    });
    expect(list.json().results.map((t: { codigo: string }) => t.codigo)).toContain('L');
  });

  it('addgravemen: "Es requerido" for codigo, concepto and valor, "Required field" for the dates, 409 for a taken code; nothing written', async () => {
    const valid = {
      codigo: 'Q',
      concepto: 'Concepto de prueba',
      tipo: 6,
      lstValores: [{ valor: '10', fechaDesde: '2030-01-01', fechaHasta: '2030-12-31' }],
    };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ codigo: '' }, 400, 'Es requerido'],
      [{ codigo: undefined }, 400, 'Es requerido'],
      [{ concepto: ' ' }, 400, 'Es requerido'],
      [
        { lstValores: [{ valor: '', fechaDesde: '2030-01-01', fechaHasta: '2030-12-31' }] },
        400,
        'Es requerido',
      ],
      [{ lstValores: [] }, 400, 'Es requerido'],
      [{ lstValores: [{ valor: '10', fechaHasta: '2030-12-31' }] }, 400, 'Required field'],
      [{ lstValores: [{ valor: '10', fechaDesde: '2030-01-01', fechaHasta: '' }] }, 400, 'Required field'],
      [{ codigo: 'G' }, 409, 'Ya existe un tipo de alícuota con el código G'],
    ];
    for (const [overrides, status, message] of cases) {
      const before = await snapshot(ctx, 'tipos_gravamen', 'valores_gravamen');
      const res = await ctx().request({
        method: 'POST',
        url: `${M}/gravamen/addgravemen`,
        token: admin,
        payload: { ...valid, ...overrides },
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await snapshot(ctx, 'tipos_gravamen', 'valores_gravamen')).toEqual(before);
    }
  });

  it('ActDesGravamen toggles the type with "Tipo de Gravamen Actualizada"; add and cancel are separate permissions', async () => {
    const created = (
      await ctx().request({
        method: 'POST',
        url: `${M}/gravamen/addgravemen`,
        token: admin,
        payload: {
          codigo: 'T',
          concepto: 'Para activar',
          lstValores: [{ valor: '5', fechaDesde: '2030-01-01', fechaHasta: '2030-06-30' }],
        },
      })
    ).json().result;
    // The body is the type as the screen holds it.
    const off = await ctx().request({
      method: 'PUT',
      url: `${M}/gravamen/ActDesGravamen`,
      token: admin,
      payload: { idgravamen: created.idgravamen },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Tipo de Gravamen Actualizada',
      result: { logEstatusRegistro: 'INACTIVO', codigo: 'T' },
    });
    const on = await ctx().request({
      method: 'PUT',
      url: `${M}/gravamen/ActDesGravamen`,
      token: admin,
      payload: { id: created.id },
    });
    expect(on.json()).toMatchObject({
      message: 'Tipo de Gravamen Actualizada',
      result: { logEstatusRegistro: 'ACTIVO' },
    });
    const [row] = await ctx().database.query<{ s: string }>(
      'select log_estatus_registro as s from tipos_gravamen where id = $1',
      [created.id],
    );
    expect(row.s).toBe('ACTIVO');
    const empty = await ctx().request({
      method: 'PUT',
      url: `${M}/gravamen/ActDesGravamen`,
      token: admin,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Es requerido');
    const missing = await ctx().request({
      method: 'PUT',
      url: `${M}/gravamen/ActDesGravamen`,
      token: admin,
      payload: { id: randomUUID() },
    });
    expect(missing.statusCode).toBe(404);

    const addOnly = await userWith(ctx, { '/mantenimiento/TipoGravamen': ['add'] }, []);
    const usuario = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    const before = await snapshot(ctx, 'tipos_gravamen');
    const toggle = await ctx().request({
      method: 'PUT',
      url: `${M}/gravamen/ActDesGravamen`,
      token: addOnly,
      payload: { id: created.id },
    });
    expect(toggle.statusCode).toBe(403);
    const add = await ctx().request({
      method: 'POST',
      url: `${M}/gravamen/addgravemen`,
      token: usuario,
      payload: {
        codigo: 'U',
        concepto: 'No',
        lstValores: [{ valor: '1', fechaDesde: '2030-01-01', fechaHasta: '2030-01-02' }],
      },
    });
    expect(add.statusCode).toBe(403);
    expect(await snapshot(ctx, 'tipos_gravamen')).toEqual(before);
    const [still] = await ctx().database.query<{ s: string }>(
      'select log_estatus_registro as s from tipos_gravamen where id = $1',
      [created.id],
    );
    expect(still.s).toBe('ACTIVO');
    const byAddOnly = await ctx().request({
      method: 'POST',
      url: `${M}/gravamen/addgravemen`,
      token: addOnly,
      payload: {
        codigo: 'V',
        concepto: 'Sí',
        lstValores: [{ valor: '1', fechaDesde: '2030-01-01', fechaHasta: '2030-01-02' }],
      },
    });
    // Tax types are shared data: even the add action writes nothing for a non-master user.
    expect(byAddOnly.statusCode).toBe(403);
    expect(byAddOnly.json().message).toBe(SHARED_DATA_MESSAGE);
    expect(await snapshot(ctx, 'tipos_gravamen')).toEqual(before);
  });
});

describeWithApp('reference: getestados', (ctx) => {
  it('lists the 24 active states with their municipalities in result, for any signed-in user (spec 000 §7)', async () => {
    const none = await ctx().request({ method: 'GET', url: '/v2/mantenimiento/regiones/getestados' });
    expect(none.statusCode).toBe(401);
    const token = await ctx().login('usuario@sigece.local', 'usuario123');
    const res = await ctx().request({ method: 'GET', url: '/v2/mantenimiento/regiones/getestados', token });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toHaveLength(24);
    const capital = result.find((e: { iso: string }) => e.iso === 'VE-A');
    expect(capital.municipios.map((m: { municipio: string }) => m.municipio)).toEqual(['Libertador']);
    expect(result.reduce((n: number, e: { municipios: unknown[] }) => n + e.municipios.length, 0)).toBe(335);
  });

  it('answers through its declared contract: every field of a state and a municipality kept, shown in /docs', async () => {
    const token = await ctx().login('usuario@sigece.local', 'usuario123');
    const res = await ctx().request({ method: 'GET', url: '/v2/mantenimiento/regiones/getestados', token });
    const capital = res.json().result.find((e: { iso: string }) => e.iso === 'VE-A');
    expect(Object.keys(capital).sort()).toEqual(['estado', 'id', 'id_estado', 'iso', 'municipios', 'nombre']);
    expect(capital.id_estado).toBe(capital.id);
    expect(capital.estado).toBe(capital.nombre);
    const [libertador] = capital.municipios;
    expect(Object.keys(libertador).sort()).toEqual(['_id', 'id', 'id_municipio', 'municipio', 'nombre']);
    expect([libertador._id, libertador.id_municipio]).toEqual([libertador.id, libertador.id]);
    const docs = (await ctx().request({ method: 'GET', url: '/docs/json' })).json();
    const answer = docs.paths['/v2/mantenimiento/regiones/getestados'].get.responses['200'];
    expect(JSON.stringify(answer)).toContain('id_municipio');
  });
});

describeWithApp('reference: search and optional dates', (ctx) => {
  it('tax types and ISLR concepts search on the server', async () => {
    const token = await ctx().adminToken();
    const taxes = (
      await ctx().request({
        method: 'GET',
        url: '/v2/mantenimiento/gravamen/querygravemen/?search=reducida',
        token,
      })
    ).json();
    expect(taxes.results.map((t: { codigo: string }) => t.codigo)).toEqual(['R']);
    const islr = (
      await ctx().request({ method: 'GET', url: '/v2/retenciones/queryConceptosIsrl/?search=002', token })
    ).json();
    expect(islr.results.map((c: { Codigo: string }) => c.Codigo)).toEqual(['002']);
  });

  it('an empty Fecha hasta means no end date', async () => {
    const token = await ctx().adminToken();
    const tipos = (
      await ctx().request({ method: 'GET', url: '/v2/mantenimiento/gravamen/querygravemen/', token })
    ).json();
    const general = tipos.results.find((t: { codigo: string }) => t.codigo === 'G');
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/mantenimiento/valorGravamen/crear',
      token,
      payload: { valor: '16', tipoGravamen: general.id, fechaDesde: '2030-01-01', fechaHasta: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.fechaHasta).toBeNull();
  });
});
