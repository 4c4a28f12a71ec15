// Text has a maximum length and numbers fit their columns, so a 1 MB string or
// an amount of 19 digits answers a Spanish 400 naming the field, with nothing stored, instead of being
// stored (text) or failing as a 500 (numbers).
import { INT4_MAX, integerTooLarge, NUMERIC, numericTooLarge, TEXT_MAX, textTooLong } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { countRows, describeWithApp } from './harness.ts';
import { companyIdByRif, DEMO_RIF, unique } from './support/invoices.ts';

const M = '/v2/mantenimiento';
const MEGA = 'x'.repeat(1024 * 1024);

describeWithApp('text lengths and numeric ranges', (ctx) => {
  let admin: string;
  let demo: string;
  let refs: { pais: string; estado: string; tipoG: string };

  beforeAll(async () => {
    admin = await ctx().adminToken();
    demo = await companyIdByRif(ctx, DEMO_RIF);
    const [row] = await ctx().database.query<{ pais: string; estado: string; tipo: string }>(
      `select (select id::text from paises limit 1) as pais, (select id::text from estados limit 1) as estado,
              (select id::text from tipos_gravamen where codigo = 'G') as tipo`,
    );
    refs = { pais: row.pais, estado: row.estado, tipoG: row.tipo };
  });

  const cases = () => [
    { field: 'iso', table: 'paises', url: `${M}/pais/crear`, body: { nombre: unique('País'), iso: MEGA } },
    {
      field: 'iso',
      table: 'estados',
      url: `${M}/estado/crear`,
      body: { nombre: unique('Estado'), pais: refs.pais, iso: MEGA },
    },
    {
      field: 'codigo',
      table: 'municipios',
      url: `${M}/regiones/crear`,
      body: { nombre: unique('Municipio'), estado: refs.estado, codigo: MEGA },
    },
    {
      field: 'sitioWeb',
      table: 'bancos',
      url: `${M}/crear`,
      body: { nombre: unique('Banco'), codigo: '9871', sitioWeb: MEGA },
    },
    {
      field: 'telefonoHabitacion',
      table: 'clientes',
      url: `${M}/cliente/addcliente`,
      body: {
        id_localidad: demo,
        tipoDocumento: 'V',
        numeroDocumento: '27654321',
        identificacion: 'Ana Largo',
        correo: 'ana.largo@example.com',
        direccion: 'Caracas',
        telefonoMovil: '(414) 5551234',
        telefonoHabitacion: MEGA,
      },
    },
    {
      field: 'name',
      table: 'modules',
      url: `${M}/modulo/crear`,
      body: { name: MEGA, path: `/${unique('modulo')}`, opciones: [] },
    },
  ];

  it('a 1 MB string in pais.iso, estado.iso, municipio.codigo, banco.sitioWeb, cliente.telefonoHabitacion or modulo.name answers 400 and stores nothing', async () => {
    for (const c of cases()) {
      const before = await countRows(ctx().database, c.table);
      const res = await ctx().request({ method: 'POST', url: c.url, token: admin, payload: c.body });
      expect(res.statusCode, `${c.url} ${res.body.slice(0, 200)}`).toBe(400);
      const errors = res.json().errors as Array<{ path: string; message: string }>;
      const error = errors.find((e) => e.path === c.field);
      expect(error?.message, `${c.url} ${JSON.stringify(errors)}`).toMatch(
        /^Maximo \d+ caracteres permitidos$/,
      );
      expect(await countRows(ctx().database, c.table)).toBe(before);
    }
  });

  it('the same six fields at their maximum are stored', async () => {
    for (const c of cases()) {
      const field = c.field as keyof typeof c.body;
      const max = Number(
        /\d+/.exec(
          (await ctx().request({ method: 'POST', url: c.url, token: admin, payload: c.body })).json()
            .errors[0].message,
        )![0],
      );
      const value = c.field === 'sitioWeb' ? `https://${'b'.repeat(max - 12)}.ve` : '1'.repeat(max);
      const body = { ...c.body, [field]: c.field === 'name' ? 'M'.repeat(max) : value };
      if (c.table === 'bancos') body.codigo = '9872';
      const res = await ctx().request({ method: 'POST', url: c.url, token: admin, payload: body });
      expect(res.statusCode, `${c.url} ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('amounts, rates and integers beyond their columns answer 400 naming the field; nothing stored', async () => {
    const amount = '1000000000000000000'; // 19 integer digits: numeric(20,2) holds 18
    const product = {
      id_localidad: demo,
      descripcion: 'Producto desmedido',
      codigo: unique('P'),
      unidadMedida: 'UNIDAD',
      tipoVenta: 'Interna',
      precio: '10',
      divisaPrecio: '1',
      PrecioPtr: '',
      PrecioEur: '1',
      stock: '5',
      tipoGravamen: { idgravamen: refs.tipoG },
    };
    const probes: Array<{ url: string; table: string; body: Record<string, unknown>; message: string }> = [
      {
        url: `${M}/producto/addproducto`,
        table: 'productos',
        body: { ...product, precio: amount },
        message: numericTooLarge('precio', NUMERIC.amount),
      },
      {
        url: `${M}/producto/addproducto`,
        table: 'productos',
        body: { ...product, PrecioPtr: '99999999999999999' },
        message: numericTooLarge('PrecioPtr', NUMERIC.rate),
      },
      {
        url: `${M}/producto/addproducto`,
        table: 'productos',
        body: { ...product, stock: '999999999999999999' },
        message: numericTooLarge('stock', NUMERIC.quantity),
      },
      {
        // rounds to 1000000000000000000.00 in the column: one digit too many
        url: `${M}/producto/addproducto`,
        table: 'productos',
        body: { ...product, precio: '999999999999999999.999' },
        message: numericTooLarge('precio', NUMERIC.amount),
      },
      {
        url: `${M}/divisa/tasa`,
        table: 'tasas_cambio',
        body: { iso: 'USD', fecha: '2030-01-02', valor: '99999999999999999' },
        message: numericTooLarge('valor', NUMERIC.rate),
      },
      {
        url: `${M}/descuento/crear`,
        table: 'descuentos',
        body: {
          titulo: unique('Desc'),
          descripcion: 'Descuento desmedido de prueba',
          tipoMonto: 0,
          monto: amount,
          localidad: demo,
        },
        message: numericTooLarge('monto', NUMERIC.amount),
      },
      {
        url: `${M}/gravamen/addgravemen`,
        table: 'tipos_gravamen',
        body: {
          codigo: 'ZZ',
          concepto: 'Tipo desmedido',
          tipo: 99999999999,
          lstValores: [{ valor: '12', fechaDesde: '2030-01-01', fechaHasta: '2030-12-31' }],
        },
        message: integerTooLarge('tipo', INT4_MAX),
      },
      {
        url: `${M}/gravamen/addgravemen`,
        table: 'tipos_gravamen',
        body: {
          codigo: 'ZY',
          concepto: 'Valor desmedido',
          lstValores: [{ valor: '100000', fechaDesde: '2030-01-01', fechaHasta: '2030-12-31' }],
        },
        message: numericTooLarge('valor', NUMERIC.percent),
      },
      {
        url: `${M}/valorGravamen/crear`,
        table: 'valores_gravamen',
        body: { valor: '100000', tipoGravamen: refs.tipoG, fechaDesde: '2030-01-01' },
        message: numericTooLarge('valor', NUMERIC.percent),
      },
      {
        url: `${M}/nroFacturaAuto/AddUpdateControlfacturaAuto`,
        table: 'invoice_number_ranges',
        body: { id: demo, nroFacturaDesde: 9_000_000_000_000, cantidadFacturas: 10 },
        message: 'El campo nroFacturaDesde admite hasta 999999999',
      },
      {
        url: `${M}/control/AddNroRetenciones`,
        table: 'withholding_number_ranges',
        body: { id_localidad: demo, nroDesde: 1, cantidad: 9_000_000_000_000 },
        message: 'El campo cantidad admite hasta 999999999',
      },
    ];
    for (const p of probes) {
      const before = await countRows(ctx().database, p.table);
      const res = await ctx().request({ method: 'POST', url: p.url, token: admin, payload: p.body });
      expect(res.statusCode, `${p.url} ${res.body.slice(0, 300)}`).toBe(400);
      const messages = (res.json().errors ?? [res.json()]).map((e: { message: string }) => e.message);
      expect(messages, p.url).toContain(p.message);
      expect(await countRows(ctx().database, p.table), p.url).toBe(before);
    }
    // The largest amount that fits is stored as sent.
    const ok = await ctx().request({
      method: 'POST',
      url: `${M}/producto/addproducto`,
      token: admin,
      payload: { ...product, precio: '999999999999999999.99', codigo: unique('P') },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.precio).toBe('999999999999999999.99');
  });

  it('search boxes and list filters are bounded too', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${M}/pais/listar?search=${'a'.repeat(TEXT_MAX.search + 1)}`,
      token: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(textTooLong(TEXT_MAX.search));
  });
});
