// Integration tests of the AEREA and LICORES invoice models through
// POST /v2/facturas/masivafacturacion: their extra data stored, returned in the detail and printed on the
// signed PDF (pdftotext); an air ticket's charges kept outside the IVA base but inside the total, against
// figures worked by hand; bad model data refused per document in Spanish leaving nothing behind; the
// model lists (/facturacion/aereas, /facturacion/licores) and a foreign tenant.
import { caracasDate } from '@sigece/fiscal';
import { expect, it } from 'vitest';
import { generateInvoicePdf } from '../src/modules/invoices/pdf-job.ts';
import { describeWithApp } from './harness.ts';
import {
  companyIdByRif,
  createInvoice,
  DEMO_RIF,
  DEMO_USER,
  footprint,
  ingest,
  invoice,
  LIST_MODULE,
  SECOND_RIF,
  userWith,
} from './support/invoices.ts';
import { pdfToText } from './support/pdf-text.ts';
import { sheetRows } from './support/sheet-rows.ts';

const F = '/v2/facturas';

/** One air ticket: fare 1,000.00 and a service fee 2 × 25.00, both at 16 %. */
const AIR_LINES = [
  { precio: 1000, cantidad: 1, alicuota: 16 as const, descripcion: 'Tarifa CCS-PMV' },
  { precio: 25, cantidad: 2, alicuota: 16 as const, descripcion: 'Cargo por emisión' },
];
/** The ticket's passenger and flight, sent and stored alike. */
const TICKET = {
  pasajero: 'MARIA ALEJANDRA PEREZ',
  documentoPasajero: 'V-14555666',
  domicilioPasajero: 'Av. Libertador, Caracas',
  telefonoPasajero: '04125550101',
  nroBoleto: '279-2401234567',
  codigoReserva: 'QX7PLM',
  aerolinea: 'AEROLINEA EJEMPLO C.A.',
  nroVuelo: 'EJ 1203',
  origen: 'CCS',
  destino: 'PMV',
  fechaSalida: '2026-12-15',
  fechaRegreso: '2026-12-20',
  clase: 'Económica',
};
const airData = (extra: Record<string, unknown> = {}) => ({
  ...TICKET,
  lstCargos: [
    { concepto: 'Tasa aeroportuaria', beneficiario: 'BAER', monto: '85.50' },
    { concepto: 'Impuesto de salida', monto: 40.25 },
  ],
  ...extra,
});
/*
 * Worked by hand: subtotal 1,000.00 + 50.00 = 1,050.00; IVA 16 % of 1,050.00 = 168.00; charges
 * 85.50 + 40.25 = 125.75, outside the base; payable 1,050.00 + 168.00 + 125.75 = 1,343.75.
 */
const airInvoice = (extra: Record<string, unknown> = {}) =>
  invoice({
    lines: AIR_LINES,
    extra: { modeloFactura: 'AEREA', importeTotal: '1343.75', transporteAereo: airData(), ...extra },
  });

/*
 * A liquor sale: rum 3 × 250.00 = 750.00 and beer 12 × 12.50 = 150.00 at 16 %, ice 2 × 10.00 = 20.00
 * exempt. Subtotal 920.00, exempt 20.00, base 900.00, IVA 144.00, total 1,064.00.
 */
const liquorInvoice = (extra: Record<string, unknown> = {}) => {
  const inv = invoice({
    lines: [
      { precio: 250, cantidad: 3, alicuota: 16, descripcion: 'Ron añejo 0,75 L' },
      { precio: 12.5, cantidad: 12, alicuota: 16, descripcion: 'Cerveza lata' },
      { precio: 10, cantidad: 2, exento: true, alicuota: 0, descripcion: 'Hielo' },
    ],
    extra: { modeloFactura: 'LICORES', licores: { licenciaExpendio: 'LIC-DC-2026-000045' }, ...extra },
  });
  const lines = inv.lstDetallesFacturaGeneral as Array<Record<string, unknown>>;
  lines[0].licor = { gradoAlcoholico: 40, capacidad: '0.75', bandaGarantia: 'BG-000123' };
  lines[1].licor = { gradoAlcoholico: '5', capacidad: 355, unidadCapacidad: 'ml' };
  return inv;
};

describeWithApp('invoice models AEREA and LICORES', (ctx) => {
  const admin = () => ctx().adminToken();
  const get = (url: string, token: string) => ctx().request({ method: 'GET', url, token });
  const detail = async (id: string) => {
    const res = await get(`${F}/getfacturacion/${id}`, await admin());
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result;
  };
  /** The job queue is off in tests: the invoice PDF job's handler runs here, then the PDF is read back. */
  async function pdfText(id: string): Promise<string> {
    await generateInvoicePdf(ctx().app.deps, id);
    expect((await detail(id)).facturaGenerada).toBe('true');
    const res = await get(`${F}/pdf/${id}`, await admin());
    expect(res.statusCode).toBe(200);
    return (await pdfToText(res.rawPayload)).replace(/\s+/g, ' ');
  }
  /** Posts one invoice that must fail; returns its message after checking nothing was written. */
  async function rejected(inv: unknown, token?: string): Promise<string> {
    const before = await footprint(ctx);
    const answer = await ingest(ctx, token ?? (await admin()), [inv]);
    expect(answer.code).toBe(203);
    expect(answer.totalFacturasNew).toBe(0);
    const [[error]] = answer.DetalleErrorFacturas!;
    expect(await footprint(ctx)).toEqual(before);
    return error.Msg;
  }

  it('an air invoice: the charges stay out of the IVA base and join the total; stored, returned and printed', async () => {
    const created = await createInvoice(ctx, await admin(), airInvoice());
    const d = await detail(created.id);
    expect(d.modeloFactura).toBe('AEREA');
    expect(d.subTotal).toBe('1050.00');
    expect(d.totalIva).toBe('168.00');
    expect(d.lstGravamenes).toEqual([
      { alicuota: '16.00', baseImponible: '1050.00', montoAlicuota: '168.00' },
    ]);
    expect(d.totalCargos).toBe('125.75');
    expect(d.importeTotal).toBe('1343.75');
    expect(d.licores).toBeNull();
    expect(d.transporteAereo).toEqual({
      ...TICKET,
      cargos: [
        { concepto: 'Tasa aeroportuaria', beneficiario: 'BAER', monto: '85.50' },
        { concepto: 'Impuesto de salida', monto: '40.25' },
      ],
      totalCargos: '125.75',
    });
    // The model's data is not mistaken for the connector's extra fields.
    expect(d.extras).toEqual({});
    const text = await pdfText(created.id);
    for (const expected of [
      'DATOS DEL TRANSPORTE AÉREO',
      'MARIA ALEJANDRA PEREZ',
      'V-14555666',
      '279-2401234567',
      'QX7PLM',
      'EJ 1203',
      'CCS - PMV',
      '15/12/2026',
      'Tasa aeroportuaria (BAER) (no gravado)',
      '85,50',
      'Impuesto de salida (no gravado)',
      '40,25',
      '168,00',
      '1.343,75',
    ])
      expect(text).toContain(expected);
  });

  it("the sales book lists an air invoice without its third parties' charges: base 1,050.00, IVA 168.00, total 1,218.00", async () => {
    const created = await createInvoice(ctx, await admin(), airInvoice());
    const { nroControl } = await detail(created.id);
    const day = caracasDate(new Date());
    const query = new URLSearchParams({
      fechaInicio: day,
      fechaFin: day,
      id_localidad: await companyIdByRif(ctx, DEMO_RIF),
    });
    const res = await get(`/v2/mantenimiento/reportes/getLibroVentasExcel?${query}`, await admin());
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sheetRows(Buffer.from(res.json().libro.libroExcel, 'base64'));
    const row = rows.find((r) => r.includes(nroControl));
    expect(row, JSON.stringify(rows.slice(0, 6))).toBeDefined();
    expect(row).toContain('1218.00');
    expect(row).toContain('1050.00');
    expect(row).toContain('168.00');
    expect(row).not.toContain('1343.75');
  });

  it('an air invoice whose importeTotal leaves the charges out is refused naming both figures', async () => {
    expect(await rejected(airInvoice({ importeTotal: '1218.00' }))).toBe(
      'El campo importeTotal enviado (1218.00) no coincide con el calculado (1343.75)',
    );
  });

  it('a liquor invoice: licence, grade, capacity and band stored, returned and printed', async () => {
    const created = await createInvoice(ctx, await admin(), liquorInvoice());
    const d = await detail(created.id);
    expect(d.modeloFactura).toBe('LICORES');
    expect([d.subTotal, d.totalExento, d.totalIva, d.importeTotal, d.totalCargos]).toEqual([
      '920.00',
      '20.00',
      '144.00',
      '1064.00',
      '0.00',
    ]);
    expect(d.licores).toEqual({ licenciaExpendio: 'LIC-DC-2026-000045' });
    expect(d.transporteAereo).toBeNull();
    const lines = d.lstDetallesFacturaGeneral as Array<Record<string, unknown>>;
    expect(lines[0].licor).toEqual({
      gradoAlcoholico: '40',
      capacidad: '0.75',
      unidadCapacidad: 'L',
      bandaGarantia: 'BG-000123',
    });
    expect(lines[1].licor).toEqual({ gradoAlcoholico: '5', capacidad: '355', unidadCapacidad: 'ML' });
    expect(lines[2]).not.toHaveProperty('licor');
    const text = await pdfText(created.id);
    for (const expected of [
      'DATOS DE EXPENDIO DE ESPECIES ALCOHÓLICAS',
      'LIC-DC-2026-000045',
      'Grado: 40 °G.L.',
      'Capacidad: 0,75 L',
      'Banda: BG-000123',
      'Grado: 5 °G.L.',
      'Capacidad: 355 ML',
      '1.064,00',
    ])
      expect(text).toContain(expected);
  });

  it('bad model data: a per-document Spanish message and nothing stored', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        airInvoice({ transporteAereo: airData({ nroBoleto: '1'.repeat(21) }) }),
        'transporteAereo.nroBoleto: transporteAereo.nroBoleto admite máximo 20 caracteres',
      ],
      [
        airInvoice({ transporteAereo: airData({ lstCargos: [{ concepto: 'Tasa', monto: '-5' }] }) }),
        'transporteAereo.lstCargos.0.monto: transporteAereo.lstCargos.monto no puede ser negativo',
      ],
      [
        airInvoice({ transporteAereo: airData({ lstCargos: [{ concepto: 'Tasa', monto: '1e19' }] }) }),
        'transporteAereo.lstCargos.0.monto: transporteAereo.lstCargos.monto excede el máximo permitido',
      ],
      [
        airInvoice({
          transporteAereo: airData({
            lstCargos: [
              { concepto: 'A', monto: '999999999999999999.99' },
              { concepto: 'B', monto: '999999999999999999.99' },
            ],
          }),
        }),
        'transporteAereo.totalCargos excede el máximo permitido',
      ],
      [
        airInvoice({ transporteAereo: airData({ fechaSalida: '15/12/2026' }) }),
        'transporteAereo.fechaSalida: transporteAereo.fechaSalida debe ser una fecha AAAA-MM-DD',
      ],
      [airInvoice({ transporteAereo: null }), 'transporteAereo es requerido en facturas de modelo AEREA'],
      [
        invoice({ extra: { transporteAereo: airData() } }),
        'transporteAereo solo aplica a facturas de modelo AEREA',
      ],
      [liquorInvoice({ licores: '' }), 'licores es requerido en facturas de modelo LICORES'],
      [
        liquorInvoice({ licores: { licenciaExpendio: 'L'.repeat(31) } }),
        'licores.licenciaExpendio: licores.licenciaExpendio admite máximo 30 caracteres',
      ],
    ];
    const badGrade = liquorInvoice();
    (badGrade.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[1].licor = {
      gradoAlcoholico: 120,
      capacidad: 1,
    };
    cases.push([
      badGrade,
      'lstDetallesFacturaGeneral.1.licor.gradoAlcoholico: licor.gradoAlcoholico debe estar entre 0 y 100',
    ]);
    const licorOnGeneral = invoice();
    (licorOnGeneral.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0].licor = {
      gradoAlcoholico: 40,
      capacidad: 1,
    };
    cases.push([
      licorOnGeneral,
      'lstDetallesFacturaGeneral[0].licor solo aplica a facturas de modelo LICORES',
    ]);
    for (const [inv, message] of cases) expect(await rejected(inv)).toBe(message);
  });

  it('the model lists: modeloFactura filters; a role with only /facturacion/aereas sees air invoices only; a foreign company stays hidden', async () => {
    const token = await admin();
    const air = await createInvoice(ctx, token, airInvoice());
    const liquor = await createInvoice(ctx, token, liquorInvoice());
    // An air invoice of the other demo company: the demo user is not granted it.
    const foreign = await createInvoice(ctx, token, airInvoice({ rif: SECOND_RIF, codigoSucursal: '002' }));
    const ids = async (url: string, t: string) => {
      const res = await get(url, t);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as Array<{ id: string }>).map((r) => r.id);
    };
    const airIds = await ids(`${F}/queryfacturacion?limit=100&modeloFactura=AEREA`, token);
    expect(airIds).toEqual(expect.arrayContaining([air.id, foreign.id]));
    expect(airIds).not.toContain(liquor.id);
    const liquorIds = await ids(`${F}/queryfacturacion?limit=100&modeloFactura=licores`, token);
    expect(liquorIds).toContain(liquor.id);
    expect(liquorIds).not.toContain(air.id);
    const bad = await get(`${F}/queryfacturacion?modeloFactura=MARITIMA`, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('modeloFactura debe ser uno de: GENERAL, SERVICIO, AEREA, LICORES');

    // Foreign tenant: the demo user lists its own company's air invoices only, and cannot issue for the other.
    const user = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    const userAir = await ids(`${F}/queryfacturacion?limit=100&modeloFactura=AEREA`, user);
    expect(userAir).toContain(air.id);
    expect(userAir).not.toContain(foreign.id);
    expect(await rejected(airInvoice({ rif: SECOND_RIF, codigoSucursal: '002' }), user)).toBe(
      `No tiene acceso a la razón social ${SECOND_RIF}`,
    );
    // The foreign air invoice's detail gives the demo user the public projection only: no passenger.
    const publicView = await get(`${F}/getfacturacion/${foreign.id}`, user);
    expect(publicView.json().result).toBeUndefined();
    expect(JSON.stringify(publicView.json())).not.toContain('MARIA ALEJANDRA');

    // A role with the air list alone: air invoices, whatever it asks; the other models are forbidden.
    const demo = await companyIdByRif(ctx, DEMO_RIF);
    const airOnly = await userWith(ctx, { '/facturacion/aereas': ['search'] }, [demo]);
    const seen = await ids(`${F}/queryfacturacion?limit=100`, airOnly);
    expect(seen).toContain(air.id);
    expect(seen).not.toContain(liquor.id);
    expect(seen).not.toContain(foreign.id);
    expect((await get(`${F}/queryfacturacion?modeloFactura=LICORES`, airOnly)).statusCode).toBe(403);
    const filtered = await ctx().request({
      method: 'POST',
      url: `${F}/FiltrarFacturas?limit=100`,
      token: airOnly,
      payload: { modeloFactura: '' },
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect((filtered.json().results as Array<{ id: string }>).map((r) => r.id)).not.toContain(liquor.id);
    // Without any invoice list module: 403.
    const none = await userWith(ctx, { '/mantenimiento/Localidad': ['view'] }, [demo]);
    expect((await get(`${F}/queryfacturacion?modeloFactura=AEREA`, none)).statusCode).toBe(403);
    // The general list still shows every model to a role holding it.
    const general = await userWith(ctx, { [LIST_MODULE]: ['search'] }, [demo]);
    expect(await ids(`${F}/queryfacturacion?limit=100`, general)).toEqual(
      expect.arrayContaining([air.id, liquor.id]),
    );
  });
});
