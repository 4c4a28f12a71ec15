// Integration tests of POST /v2/facturas/masivafacturacion (contract "General rules" and "Invoices";
// spec 001 §3.1–3.5, §4.4, §8.2, §9): per-invoice judgement, control numbers without gaps, totals with
// their 0.01 tolerance, duplicates, liberal reading of what connectors send, IGTF, exchange rates,
// automatic invoice numbers, tenancy and permissions, nothing written for a failed invoice, and
// concurrent requests.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import {
  companyIdByRif,
  createInvoice,
  DEMO_RIF,
  DEMO_USER,
  footprint,
  INGEST,
  type IngestBody,
  ingest,
  invoice,
  LIST_ACTIONS,
  LIST_MODULE,
  lotActual,
  NEW_MODULE,
  newCompany,
  nextNumber,
  SECOND_RIF,
  uniqueDocument,
  userWith,
  waitFor,
} from './support/invoices.ts';

const CREATED = 'Factura General registrada';
const AUTO = '/v2/mantenimiento/nroFacturaAuto';
const control = (n: number) => `00-${String(n).padStart(8, '0')}`;

describeWithApp('invoices API: POST /v2/facturas/masivafacturacion', (ctx) => {
  const admin = () => ctx().adminToken();
  const detail = async (id: string) => {
    const res = await ctx().request({
      method: 'GET',
      url: `/v2/facturas/getfacturacion/${id}`,
      token: await admin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result;
  };
  const newClient = () => ({ numeroDocumento: uniqueDocument().slice(1), identificacion: 'CLIENTE NUEVO' });

  /** Posts a single invoice that must fail; asserts its message and that nothing at all was written. */
  async function rejected(inv: unknown, token?: string): Promise<string> {
    const before = await footprint(ctx);
    const answer = await ingest(ctx, token ?? (await admin()), [inv]);
    expect(answer.code).toBe(203);
    expect(answer.totalFacturasNew).toBe(0);
    expect(answer.totalFacturaconError).toBe(1);
    expect(answer.DetalleFacturaProcesadas).toEqual([]);
    expect(answer.DetalleErrorFacturas).toHaveLength(1);
    const [[error]] = answer.DetalleErrorFacturas!;
    expect(error.posicion).toBe(1);
    expect(await footprint(ctx)).toEqual(before);
    return error.Msg;
  }

  it('a valid invoice: HTTP 200, code 200, the first control number 00-00000001 and the client label', async () => {
    const before = await footprint(ctx);
    const inv = invoice({ nroFactura: '000123' });
    const answer = await ingest(ctx, await admin(), [inv]);
    expect(answer).toEqual({
      code: 200,
      TotalFacturasProcedas: 1,
      totalFacturasNew: 1,
      totalFacturaconError: 0,
      DetalleErrorFacturas: [],
      DetalleFacturaProcesadas: [
        [
          {
            NroFactura: '000123',
            NroControl: '00-00000001',
            Cliente: 'V-12345678 / PEDRO PEREZ',
            Msg: CREATED,
            id: expect.any(String),
            // When the control number was assigned (Caracas), added to the contract's answer.
            FechaAsignacionControl: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-04:00$/),
          },
        ],
      ],
    });
    const after = await footprint(ctx);
    expect(Number(after.facturas)).toBe(Number(before.facturas) + 1);
    expect(Number(after.factura_lineas)).toBe(Number(before.factura_lineas) + 1);
    expect(Number(after.control_lots_actual)).toBe(Number(before.control_lots_actual) + 1);
    const [row] = await ctx().database.query<Record<string, string>>(
      `select nro_factura, serie, nro_control, numero_control::text, sub_total::text, total_iva::text,
              importe_total::text, log_estatus_registro as status, origen from facturas where id = $1`,
      [answer.DetalleFacturaProcesadas[0][0].id],
    );
    expect(row).toEqual({
      nro_factura: '000123',
      serie: '00',
      nro_control: '00-00000001',
      numero_control: '1',
      sub_total: '100.00',
      total_iva: '16.00',
      importe_total: '116.00',
      status: 'ACTIVO',
      origen: 'API',
    });
  });

  it('a mixed batch answers 203: the good ones get consecutive control numbers with no gap, each error names posicion, NroFactura and a Spanish Msg', async () => {
    const demo = await companyIdByRif(ctx, DEMO_RIF);
    const start = await lotActual(ctx, demo);
    const before = await footprint(ctx);
    const good1 = invoice();
    const badTotals = invoice({ extra: { importeTotal: 999 } });
    const unknownCompany = invoice({ rif: 'J-111111111' });
    const good2 = invoice();
    const answer = await ingest(ctx, await admin(), [good1, badTotals, unknownCompany, good2]);
    expect(answer.code).toBe(203);
    expect(answer.TotalFacturasProcedas).toBe(4);
    expect(answer.totalFacturasNew).toBe(2);
    expect(answer.totalFacturaconError).toBe(2);
    expect(answer.DetalleFacturaProcesadas.map(([d]) => [d.NroFactura, d.NroControl, d.Msg])).toEqual([
      [good1.nroFactura, control(start + 1), CREATED],
      [good2.nroFactura, control(start + 2), CREATED],
    ]);
    expect(answer.DetalleErrorFacturas).toEqual([
      [
        {
          posicion: 2,
          NroFactura: badTotals.nroFactura,
          Msg: 'El campo importeTotal enviado (999.00) no coincide con el calculado (116.00)',
        },
      ],
      [{ posicion: 3, NroFactura: unknownCompany.nroFactura, Msg: 'La razón social J-111111111 no existe' }],
    ]);
    expect(await lotActual(ctx, demo)).toBe(start + 2);
    const after = await footprint(ctx);
    expect(Number(after.facturas)).toBe(Number(before.facturas) + 2);
    expect(Number(after.factura_lineas)).toBe(Number(before.factura_lineas) + 2);
  });

  it('names the field and both values for a wrong line importe or montoGravamen', async () => {
    const withLine = (patch: Record<string, unknown>) => {
      const inv = invoice();
      const lines = inv.lstDetallesFacturaGeneral as Array<Record<string, unknown>>;
      lines[0] = { ...lines[0], ...patch };
      return inv;
    };
    expect(await rejected(withLine({ importe: '110.00' }))).toBe(
      'El campo lstDetallesFacturaGeneral[0].importe enviado (110.00) no coincide con el calculado (100.00)',
    );
    expect(await rejected(withLine({ montoGravamen: 12 }))).toBe(
      'El campo lstDetallesFacturaGeneral[0].montoGravamen enviado (12.00) no coincide con el calculado (16.00)',
    );
  });

  it('checks lstGravamenes against the lines: base and amount per rate, and a rate no line has', async () => {
    const inv = invoice();
    expect(
      await rejected({
        ...inv,
        lstGravamenes: [{ baseImponible: '100.00', alicuota: 16, montoAlicuota: '15.00' }],
      }),
    ).toBe('El campo lstGravamenes[16].montoAlicuota enviado (15.00) no coincide con el calculado (16.00)');
    expect(
      await rejected({
        ...inv,
        lstGravamenes: [{ baseImponible: '90', alicuota: '16', montoAlicuota: '16' }],
      }),
    ).toBe('El campo lstGravamenes[16].baseImponible enviado (90.00) no coincide con el calculado (100.00)');
    expect(
      await rejected({
        ...inv,
        lstGravamenes: [
          { baseImponible: '100', alicuota: 16, montoAlicuota: '16' },
          { baseImponible: '50', alicuota: 8, montoAlicuota: '4' },
        ],
      }),
    ).toBe('El campo lstGravamenes[8].montoAlicuota enviado (4.00) no coincide con el calculado (0.00)');
    // A zero row of another rate, or no lstGravamenes at all, is fine.
    await createInvoice(ctx, await admin(), {
      ...invoice(),
      lstGravamenes: [
        { baseImponible: '100', alicuota: 16, montoAlicuota: '16' },
        { baseImponible: 0, alicuota: 8, montoAlicuota: 0 },
      ],
    });
    await createInvoice(ctx, await admin(), { ...invoice(), lstGravamenes: null });
  });

  it('tolerance: a difference of exactly 0.01 is accepted (the computed amount is stored), 0.02 is rejected', async () => {
    const created = await createInvoice(ctx, await admin(), invoice({ extra: { importeTotal: '116.01' } }));
    const stored = await detail(created.id);
    expect(stored.importeTotal).toBe('116.00');
    await createInvoice(ctx, await admin(), invoice({ extra: { importeTotal: 115.99, subTotal: '100.01' } }));
    const line = invoice();
    (line.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0].importe = '99.99';
    await createInvoice(ctx, await admin(), line);

    expect(await rejected(invoice({ extra: { importeTotal: '116.02' } }))).toBe(
      'El campo importeTotal enviado (116.02) no coincide con el calculado (116.00)',
    );
    expect(await rejected(invoice({ extra: { importeTotal: 115.98 } }))).toBe(
      'El campo importeTotal enviado (115.98) no coincide con el calculado (116.00)',
    );
  });

  it('duplicates: the same company, series and number twice in a batch or in a later request is "ya existe" and takes no control number', async () => {
    const demo = await companyIdByRif(ctx, DEMO_RIF);
    const nro = nextNumber('D');
    const start = await lotActual(ctx, demo);
    const first = invoice({ nroFactura: nro, extra: { serieNrofactura: 'B' } });
    const again = invoice({ nroFactura: nro, extra: { serieNrofactura: 'b' }, cliente: newClient() });
    const otherSeries = invoice({ nroFactura: nro, extra: { serieNrofactura: 'C' } });
    const answer = await ingest(ctx, await admin(), [first, again, otherSeries]);
    expect(answer.code).toBe(203);
    expect(answer.DetalleFacturaProcesadas.map(([d]) => [d.NroFactura, d.NroControl])).toEqual([
      [`B-${nro}`, control(start + 1)],
      [`C-${nro}`, control(start + 2)],
    ]);
    expect(answer.DetalleErrorFacturas).toHaveLength(1);
    expect(answer.DetalleErrorFacturas![0][0]).toMatchObject({ posicion: 2, NroFactura: nro });
    expect(answer.DetalleErrorFacturas![0][0].Msg).toContain('ya existe');
    expect(await lotActual(ctx, demo)).toBe(start + 2);

    // A later request with the same invoice: an error again, nothing written.
    const msg = await rejected({ ...first, cliente: { ...(first.cliente as object), ...newClient() } });
    expect(msg).toContain('ya existe');
    expect(msg).toBe(`La factura B-${nro} ya existe`);
    expect(await lotActual(ctx, demo)).toBe(start + 2);
    // Without series: the plain number.
    const plain = invoice();
    await createInvoice(ctx, await admin(), plain);
    expect(await rejected(plain)).toBe(`La factura ${plain.nroFactura} ya existe`);
    // The same number at another company is another document.
    const other = await newCompany(ctx);
    await createInvoice(ctx, await admin(), { ...plain, rif: other.rif });
  });

  it('reads liberally: amounts as strings and numbers, "true"/"false", keys in any case, absent as null/""/omitted; extras and lot fields are kept', async () => {
    const nro = nextNumber('T');
    const raw = {
      RIF: 'j-123456789',
      CodigoSucursal: '',
      NROFACTURA: nro,
      serie: null,
      serieNrofactura: '',
      ImporteTotal: '267.60',
      subtotal: 250,
      montoDescuento: '0',
      TotalExento: 80,
      totalExonerado: '50.00',
      condicionPago: 'contado',
      facturaDivisa: 'vef',
      cambioDivisa: '',
      tipoCambioDiaUsd: null,
      tipoColetilla: 'false',
      tipoVenta: 'Interna',
      modeloFactura: 'General',
      diasCredito: '',
      fechaVencimiento: null,
      estatusCredito: '',
      cuentaTerceros: 'false',
      rifPrestador: '',
      coletillaIGTF: 'false',
      observacion: 'Primera línea/nSegunda línea',
      observacionInfo: 'Entregar en almacén 3',
      ordenCompra: 'OC-77',
      Cliente: {
        ContribuyenteEspecial: 'false',
        TIPODOCUMENTO: 'v',
        numeroDocumento: 12345678,
        Identificacion: 'PEDRO PEREZ',
        direccion: null,
        telefonoMovil: '',
        correo: 'PEDRO@EXAMPLE.COM',
        tipoPersona: 'CLIENTE',
        tipoProveedor: '',
      },
      lstDetallesFacturaGeneral: [
        {
          CodigoProducto: 'P-001',
          descripcion: 'Resma',
          unidadMedida: 'unidad',
          cantidad: '2',
          precio: '50.00',
          exento: 'false',
          Exonerado: false,
          importe: 100,
          ALICUOTAGRAVAMEN: '16',
          montoGravamen: '16.00',
          montoDescuento: null,
          descuento: '',
          nrolote: 'L-2026-01',
          fechaVenciProducto: '2027-01-31',
          color: 'azul',
        },
        {
          codigoProducto: 'P-004',
          descripcion: 'Libro',
          cantidad: 1,
          precio: 80,
          exento: 'true',
          importe: '80',
          alicuotaGravamen: 0,
        },
        {
          codigoProducto: 'P-005',
          descripcion: 'Medicina',
          cantidad: 1,
          precio: '50',
          exonerado: 'true',
          importe: '50.00',
          alicuotaGravamen: '0.00',
          NroLote: 'L-9',
          FechaVenciProducto: '2026-12-31T00:00:00.000Z',
        },
        {
          codigoProducto: 'P-003',
          descripcion: 'Harina',
          cantidad: '1.000',
          precio: 20,
          importe: '20.00',
          alicuotaGravamen: 8,
          MontoGravamen: 1.6,
        },
      ],
      lstPagos: null,
      lstGravamenes: [
        { BaseImponible: '100.00', Alicuota: '16', MontoAlicuota: 16 },
        { baseimponible: 20, alicuota: 8, montoalicuota: '1.60' },
      ],
      extraCampo: 'guardado',
      vendedor: { codigo: 7, nombre: 'Ana' },
    };
    const created = await createInvoice(ctx, await admin(), raw);
    expect(created.NroFactura).toBe(nro);
    expect(created.Cliente).toBe('V-12345678 / PEDRO PEREZ');
    const stored = await detail(created.id);
    expect(stored).toMatchObject({
      rif: DEMO_RIF,
      nroFactura: nro,
      serieNrofactura: '',
      id_sucursal: null,
      subTotal: '250.00',
      totalExento: '80.00',
      totalExonerado: '50.00',
      montoDescuento: '0.00',
      totalIva: '17.60',
      importeTotal: '267.60',
      condicionPago: 'CONTADO',
      facturaDivisa: 'VEF',
      tipoVenta: 'INTERNA',
      modeloFactura: 'GENERAL',
      tipoColetilla: false,
      coletillaIGTF: false,
      cuentaTerceros: false,
      diasCredito: null,
      fechaVencimiento: null,
      observacion: 'Primera línea/nSegunda línea',
      observacionInfo: 'Entregar en almacén 3',
      ordenCompra: 'OC-77',
      lstPagos: [],
      extras: { extraCampo: 'guardado', vendedor: { codigo: 7, nombre: 'Ana' } },
    });
    expect(stored.cliente).toMatchObject({
      tipoDocumento: 'V',
      numeroDocumento: '12345678',
      identificacion: 'PEDRO PEREZ',
      direccion: null,
      telefonoMovil: null,
      correo: 'PEDRO@EXAMPLE.COM',
      contribuyenteEspecial: false,
      tipoProveedor: 'PNR',
    });
    const lines = stored.lstDetallesFacturaGeneral as Array<Record<string, unknown>>;
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({
      codigoProducto: 'P-001',
      unidadMedida: 'UNIDAD',
      importe: '100.00',
      montoGravamen: '16.00',
      exento: false,
      exonerado: false,
      nrolote: 'L-2026-01',
      fechaVenciProducto: '2027-01-31',
      color: 'azul',
    });
    expect(Number(lines[0].alicuotaGravamen)).toBe(16);
    expect(Number(lines[0].cantidad)).toBe(2);
    expect(lines[1]).toMatchObject({ exento: true, exonerado: false, importe: '80.00', nrolote: null });
    expect(lines[2]).toMatchObject({
      exento: false,
      exonerado: true,
      importe: '50.00',
      nrolote: 'L-9',
      fechaVenciProducto: '2026-12-31',
    });
    expect(lines[3]).toMatchObject({ montoGravamen: '1.60', importe: '20.00' });
    expect(
      (stored.lstGravamenes as Array<Record<string, string>>).map((g) => [
        Number(g.alicuota),
        g.baseImponible,
        g.montoAlicuota,
      ]),
    ).toEqual([
      [8, '20.00', '1.60'],
      [16, '100.00', '16.00'],
    ]);
    // The stored columns are real values, not the text that was sent.
    const [row] = await ctx().database.query<{ lote: string; vence: string }>(
      `select nrolote as lote, fecha_venci_producto::text as vence from factura_lineas
        where id_factura = $1 and posicion = 1`,
      [created.id],
    );
    expect(row).toEqual({ lote: 'L-2026-01', vence: '2027-01-31' });
  });

  it('malformed bodies: not JSON → 400, an object → 400, both in Spanish; a string element → 203 for that element only', async () => {
    const token = await admin();
    const before = await footprint(ctx);
    const notJson = await ctx().request({
      method: 'POST',
      url: INGEST,
      token,
      headers: { 'content-type': 'application/json' },
      payload: '[{"rif": "J-123456789",',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({
      code: 400,
      message: 'El cuerpo de la solicitud no es un JSON válido',
    });
    const object = await ctx().request({ method: 'POST', url: INGEST, token, payload: invoice() });
    expect(object.statusCode).toBe(400);
    expect(object.json()).toMatchObject({ code: 400, message: 'El cuerpo debe ser un arreglo de facturas' });
    expect(await footprint(ctx)).toEqual(before);

    const good = invoice();
    const answer = await ingest(ctx, token, ['hola', good, null, 42]);
    expect(answer.code).toBe(203);
    expect(answer.totalFacturasNew).toBe(1);
    expect(answer.DetalleFacturaProcesadas[0][0].NroFactura).toBe(good.nroFactura);
    expect(answer.DetalleErrorFacturas!.map(([e]) => e.posicion)).toEqual([1, 3, 4]);
    for (const [e] of answer.DetalleErrorFacturas!) {
      expect(e.NroFactura).toBe('');
      expect(e.Msg).toMatch(/se esperaba objeto/);
    }
    // Required fields missing: the message names them, in Spanish.
    const missing = await rejected({ ...invoice(), cliente: undefined, condicionPago: 'FIADO' });
    expect(missing).toContain('cliente');
    expect(missing).toContain('condicionPago debe ser uno de: CONTADO, CREDITO');
    expect(await rejected({ ...invoice(), lstDetallesFacturaGeneral: [] })).toBe(
      'lstDetallesFacturaGeneral: La factura debe tener al menos una línea',
    );
    expect(await rejected({ ...invoice(), importeTotal: 'mucho' })).toBe(
      'importeTotal: importeTotal debe ser un número',
    );
    // An empty array is a valid, empty batch.
    expect(await ingest(ctx, token, [])).toMatchObject({
      code: 200,
      TotalFacturasProcedas: 0,
      totalFacturasNew: 0,
      totalFacturaconError: 0,
    });
  });

  it('discounts per spec 001 §4.4: percent → (price − price × pct/100) × qty, fixed amount → price × qty − amount', async () => {
    const payload = {
      ...invoice(),
      importeTotal: '411.80',
      subTotal: '355.00',
      montoDescuento: '45.00',
      totalExento: 0,
      totalExonerado: 0,
      lstDetallesFacturaGeneral: [
        {
          codigoProducto: 'D-1',
          descripcion: 'Con 10 %',
          cantidad: 3,
          precio: '100.00',
          descuento: 10,
          montoDescuento: '30.00',
          importe: '270.00',
          alicuotaGravamen: 16,
          montoGravamen: '43.20',
        },
        {
          codigoProducto: 'D-2',
          descripcion: 'Con 15 Bs.',
          cantidad: 2,
          precio: 50,
          montoDescuento: 15,
          importe: 85,
          alicuotaGravamen: 16,
          montoGravamen: 13.6,
        },
      ],
      lstGravamenes: [{ baseImponible: '355.00', alicuota: 16, montoAlicuota: '56.80' }],
    };
    const created = await createInvoice(ctx, await admin(), payload);
    const stored = await detail(created.id);
    expect(stored).toMatchObject({
      subTotal: '355.00',
      montoDescuento: '45.00',
      totalIva: '56.80',
      importeTotal: '411.80',
    });
    const [pct, amount] = stored.lstDetallesFacturaGeneral;
    expect(pct).toMatchObject({ importe: '270.00', montoDescuento: '30.00', montoGravamen: '43.20' });
    expect(Number(pct.descuento)).toBe(10);
    expect(amount).toMatchObject({ importe: '85.00', montoDescuento: '15.00', montoGravamen: '13.60' });

    // Per unit, then rounded: 33.33 less 15 % is 28.3305 a unit, 84.99 for three.
    await createInvoice(
      ctx,
      await admin(),
      invoice({ lines: [{ precio: 33.33, cantidad: 3, alicuota: 16, descuento: 15 }] }),
    );
    // A percent discount whose montoDescuento disagrees, and a fixed discount larger than the line.
    const wrongDiscount = invoice({ lines: [{ precio: 100, cantidad: 3, alicuota: 16, descuento: 10 }] });
    (wrongDiscount.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0].montoDescuento = '10.00';
    expect(await rejected(wrongDiscount)).toBe(
      'El campo lstDetallesFacturaGeneral[0].montoDescuento enviado (10.00) no coincide con el calculado (30.00)',
    );
    const tooMuch = invoice();
    (tooMuch.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0].montoDescuento = 150;
    expect(await rejected(tooMuch)).toBe('Línea 1: el descuento supera el monto de la línea');
    const over100 = invoice();
    (over100.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0].descuento = 120;
    expect(await rejected(over100)).toBe('Línea 1: descuento no puede superar 100 %');
  });

  it('exempt and exonerated lines carry no tax and have their own totals; a line cannot be both', async () => {
    const lines = [
      { precio: 100, cantidad: 1, alicuota: 16 as const },
      { precio: 40, cantidad: 2, exento: true },
      { precio: 50, cantidad: 1, exonerado: true },
      { precio: 20, cantidad: 1, alicuota: 8 as const },
    ];
    const inv = invoice({ lines });
    expect(inv).toMatchObject({
      subTotal: '250.00',
      totalExento: '80.00',
      totalExonerado: '50.00',
      importeTotal: '267.60',
    });
    const created = await createInvoice(ctx, await admin(), inv);
    const stored = await detail(created.id);
    expect(stored).toMatchObject({
      totalExento: '80.00',
      totalExonerado: '50.00',
      totalIva: '17.60',
      importeTotal: '267.60',
    });
    // An exempt line sent with a rate is still exempt: no tax on it.
    const taxedExempt = invoice({ lines: [{ precio: 100, cantidad: 1, exento: true }] });
    (taxedExempt.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0].alicuotaGravamen = 16;
    const exemptOnly = await createInvoice(ctx, await admin(), taxedExempt);
    expect(await detail(exemptOnly.id)).toMatchObject({
      totalExento: '100.00',
      totalIva: '0.00',
      importeTotal: '100.00',
    });

    expect(await rejected({ ...inv, totalExento: '0' })).toBe(
      'El campo totalExento enviado (0.00) no coincide con el calculado (80.00)',
    );
    expect(await rejected({ ...inv, totalExonerado: 0, totalExento: 130 })).toBe(
      'El campo totalExento enviado (130.00) no coincide con el calculado (80.00); El campo totalExonerado enviado (0.00) no coincide con el calculado (50.00)',
    );
    const both = invoice({ lines: [{ precio: 10, cantidad: 1, exento: true }] });
    (both.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0].exonerado = 'true';
    expect(await rejected(both)).toBe('Línea 1: un producto no puede ser exento y exonerado a la vez');
  });

  it('IGTF: a 116.00 Bs. invoice paid with 20 USD at 40.00 carries 3.48 Bs., not 24.00', async () => {
    const created = await createInvoice(ctx, await admin(), {
      ...invoice(),
      lstPagos: [{ modoPago: 'EFECTIVO', monto: '20', divisa: 'USD', tasaDiaDivisa: '40.00', igtf: true }],
    });
    const stored = await detail(created.id);
    // applied: min(20 × 40.00 = 800.00, 116.00) = 116.00; × 3 % = 3.48 Bs. = 0.087 USD → 0.09
    expect(stored).toMatchObject({ importeTotal: '116.00', totalIgtf: '3.48', coletillaIGTF: true });
    expect(stored.lstPagos[0]).toMatchObject({ divisa: 'USD', igtf: true, igtfValor: '0.09' });
  });

  it('IGTF: 3 % of a foreign-currency payment at a special taxpayer, with coletillaIGTF; refused on a VEF payment and at an ordinary taxpayer', async () => {
    const usd = {
      ...invoice(),
      facturaDivisa: 'USD',
      cambioDivisa: '40.00',
      lstPagos: [
        {
          modoPago: 'EFECTIVO',
          nro: '',
          monto: '116.00',
          fechaComprobantePago: '2026-03-02',
          banco: null,
          divisa: 'USD',
          tasaDiaDivisa: 40,
          igtf: 'true',
        },
      ],
    };
    const created = await createInvoice(ctx, await admin(), usd);
    const stored = await detail(created.id);
    expect(stored).toMatchObject({
      facturaDivisa: 'USD',
      cambioDivisa: '40.00000000',
      coletillaIGTF: true,
      totalIgtf: '3.48',
    });
    expect(stored.lstPagos).toEqual([
      expect.objectContaining({
        modoPago: 'EFECTIVO',
        monto: '116.00',
        divisa: 'USD',
        igtf: true,
        igtfValor: '3.48',
      }),
    ]);

    // A VEF invoice paid partly in dollars cash: IGTF on the dollar payment only.
    const mixed = await createInvoice(ctx, await admin(), {
      ...invoice(),
      lstPagos: [
        { modoPago: 'EFECTIVO', monto: 10, divisa: 'USD', tasaDiaDivisa: '5', igtf: true },
        { modoPago: 'TRANSFERENCIA', monto: '66.00', divisa: 'VEF', igtf: false },
      ],
    });
    const mixedStored = await detail(mixed.id);
    expect(mixedStored.coletillaIGTF).toBe(true);
    expect(mixedStored.lstPagos.map((p: Record<string, unknown>) => [p.divisa, p.igtf, p.igtfValor])).toEqual(
      [
        ['USD', true, '0.30'],
        ['VEF', false, '0.00'],
      ],
    );
    expect(mixedStored.totalIgtf).toBe('1.50');

    // No IGTF asked: none charged, no footnote.
    const plain = await createInvoice(ctx, await admin(), {
      ...invoice(),
      lstPagos: [{ modoPago: 'EFECTIVO', monto: 116, divisa: 'USD', igtf: 'false' }],
    });
    expect(await detail(plain.id)).toMatchObject({ coletillaIGTF: false, totalIgtf: '0.00' });

    expect(
      await rejected({
        ...invoice(),
        lstPagos: [{ modoPago: 'TRANSFERENCIA', monto: 116, divisa: 'VEF', igtf: true }],
      }),
    ).toBe('lstPagos[0]: El IGTF solo aplica a pagos en divisas');
    const ordinary = await newCompany(ctx, { contribuyenteEspecial: false });
    expect(
      await rejected({
        ...invoice({ rif: ordinary.rif }),
        lstPagos: [{ modoPago: 'EFECTIVO', monto: 116, divisa: 'USD', igtf: 'true' }],
      }),
    ).toBe('lstPagos[0]: El IGTF solo aplica cuando la razón social es contribuyente especial');
    // The demo's second company is not a special taxpayer either.
    expect(
      await rejected({
        ...invoice({ rif: SECOND_RIF, codigoSucursal: '002' }),
        lstPagos: [{ modoPago: 'EFECTIVO', monto: 116, divisa: 'USD', igtf: true }],
      }),
    ).toMatch(/contribuyente especial/);
  });

  it('IGTF of a payment in a third currency (EUR) without tasaDiaDivisa uses the EUR rate of the day, never 0', async () => {
    // EUR 10 cash at 276.61098245 Bs. = 2766.11 Bs. pays a 116.00 Bs. invoice: the IGTF is on the 116.00
    // applied to the debt, not on the change: 116.00 × 3 % = Bs. 3.48 = EUR 0.0126 → 0.01.
    const vef = await createInvoice(ctx, await admin(), {
      ...invoice(),
      lstPagos: [{ modoPago: 'EFECTIVO', monto: 10, divisa: 'EUR', igtf: true }],
    });
    const vefStored = await detail(vef.id);
    expect(vefStored.lstPagos[0]).toMatchObject({ divisa: 'EUR', igtfValor: '0.01' });
    expect(vefStored).toMatchObject({ coletillaIGTF: true, totalIgtf: '3.48' });
    // On a USD invoice of 116.00 USD at 40 Bs./USD the same payment (2766.11 / 40 = 69.15 USD) is all applied:
    // 69.15 × 3 % = USD 2.07.
    const usd = await createInvoice(ctx, await admin(), {
      ...invoice(),
      facturaDivisa: 'USD',
      cambioDivisa: 40,
      lstPagos: [{ modoPago: 'EFECTIVO', monto: '10', divisa: 'EUR', igtf: 'true' }],
    });
    expect((await detail(usd.id)).totalIgtf).toBe('2.07');
    // With its own tasaDiaDivisa (300: 3000.00 Bs.), still 3 % of the 116.00 it applies: 3.48.
    const own = await createInvoice(ctx, await admin(), {
      ...invoice(),
      lstPagos: [{ modoPago: 'EFECTIVO', monto: 10, divisa: 'EUR', tasaDiaDivisa: '300', igtf: true }],
    });
    expect((await detail(own.id)).totalIgtf).toBe('3.48');
    // A currency with no rate of the day and none sent: a clear error rather than an IGTF of 0.
    expect(
      await rejected({
        ...invoice(),
        lstPagos: [{ modoPago: 'EFECTIVO', monto: 10, divisa: 'COP', igtf: true }],
      }),
    ).toBe('lstPagos[0]: No hay tasa de cambio de COP para hoy: envíe tasaDiaDivisa');
  });

  it('rounds half-up on exact decimals (2.675 → 2.68, 3.33 × 0.5 → 1.67), whatever the connector rounded', async () => {
    const inv = invoice({
      lines: [
        { precio: 2.675, cantidad: 1, alicuota: 16 },
        { precio: 3.33, cantidad: 0.5, alicuota: 8 },
        { precio: 0.125, cantidad: 1, exento: true },
      ],
    });
    expect(inv).toMatchObject({ subTotal: '4.48', importeTotal: '5.04' });
    // A connector that rounded with binary floats sends 2.67: within the tolerance, and 2.68 is stored.
    const lines = inv.lstDetallesFacturaGeneral as Array<Record<string, unknown>>;
    lines[0].importe = (2.675).toFixed(2);
    expect(lines[0].importe).toBe('2.67');
    const created = await createInvoice(ctx, await admin(), inv);
    const stored = await detail(created.id);
    expect(
      stored.lstDetallesFacturaGeneral.map((l: Record<string, string>) => [l.importe, l.montoGravamen]),
    ).toEqual([
      ['2.68', '0.43'],
      ['1.67', '0.13'],
      ['0.13', '0.00'],
    ]);
    expect(stored).toMatchObject({
      subTotal: '4.48',
      totalExento: '0.13',
      totalIva: '0.56',
      importeTotal: '5.04',
    });
  });

  it('text limits of the contract: observacion up to 100 characters, nroFactura 20, client document 9 digits; fechaVenciFactura is the due date', async () => {
    const long = 'x'.repeat(100);
    const ok = await createInvoice(ctx, await admin(), {
      ...invoice(),
      observacion: long,
      condicionPago: 'CREDITO',
      diasCredito: '30',
      fechaVenciFactura: '2026-04-01',
    });
    expect(await detail(ok.id)).toMatchObject({
      observacion: long,
      condicionPago: 'CREDITO',
      diasCredito: 30,
      fechaVencimiento: '2026-04-01',
    });
    expect(await rejected({ ...invoice(), observacion: `${long}y` })).toBe(
      'observacion: observacion admite máximo 100 caracteres',
    );
    expect(await rejected(invoice({ nroFactura: '1'.repeat(21) }))).toBe(
      'nroFactura: nroFactura admite máximo 20 caracteres',
    );
    expect(await rejected(invoice({ cliente: { numeroDocumento: '1234567890' } }))).toMatch(
      /numeroDocumento/,
    );
    expect(await rejected(invoice({ cliente: { correo: 'no-es-correo' } }))).toBe(
      'cliente.correo: cliente.correo no es un correo válido',
    );
  });

  it('a USD invoice without cambioDivisa takes the day rate; without tipoCambioDiaUsd the USD rate of the day is stored', async () => {
    const created = await createInvoice(ctx, await admin(), {
      ...invoice(),
      facturaDivisa: 'USD',
      cambioDivisa: null,
      tipoCambioDiaUsd: '',
    });
    const stored = await detail(created.id);
    expect(stored.cambioDivisa).toBe('237.75290000');
    expect(stored.tipoCambioDiaUsd).toBe('237.75290000');
    const omitted = invoice();
    delete omitted.cambioDivisa;
    const eur = await createInvoice(ctx, await admin(), { ...omitted, facturaDivisa: 'EUR' });
    expect((await detail(eur.id)).cambioDivisa).toBe('276.61098245');
    // A rate sent is kept as sent; a VEF invoice has none.
    const sent = await createInvoice(ctx, await admin(), {
      ...invoice(),
      facturaDivisa: 'USD',
      cambioDivisa: '36.5',
    });
    expect((await detail(sent.id)).cambioDivisa).toBe('36.50000000');
    const vef = await createInvoice(ctx, await admin(), invoice());
    expect((await detail(vef.id)).cambioDivisa).toBeNull();
    // No rate of the day for PTR: a clear error.
    expect(await rejected({ ...invoice(), facturaDivisa: 'PTR', cambioDivisa: 0 })).toBe(
      'No hay tasa de cambio de PTR para hoy: envíe cambioDivisa',
    );
  });

  it('an empty nroFactura is an error without automatic numbering, and takes the next automatic number once it is switched on', async () => {
    const company = await newCompany(ctx);
    const token = await admin();
    expect(await rejected(invoice({ rif: company.rif, nroFactura: '' }))).toBe(
      'nroFactura es requerido: la razón social no asigna números de factura automáticamente',
    );
    const range = await ctx().request({
      method: 'POST',
      url: `${AUTO}/AddUpdateControlfacturaAuto`,
      token,
      payload: { id: company.id, serie: 'A', nroFacturaDesde: 100, cantidadFacturas: 10 },
    });
    expect(range.statusCode, range.body).toBe(200);
    const on = await ctx().request({
      method: 'POST',
      url: `${AUTO}/updateActivityNroFactura`,
      token,
      payload: { id_localidad: company.id, asignaNroFacturas: 'GLOBAL', tipo: 'Localidad' },
    });
    expect(on.statusCode, on.body).toBe(200);

    const missing = invoice({ rif: company.rif });
    delete missing.nroFactura;
    const answer = await ingest(ctx, token, [
      invoice({ rif: company.rif, nroFactura: '' }),
      invoice({ rif: company.rif, nroFactura: '', extra: { importeTotal: 1 } }),
      missing,
      invoice({ rif: company.rif, extra: { nroFactura: null } }),
    ]);
    expect(answer.totalFacturaconError).toBe(1);
    expect(answer.DetalleFacturaProcesadas.map(([d]) => [d.NroFactura, d.NroControl])).toEqual([
      ['A-00000101', control(1)],
      ['A-00000102', control(2)],
      ['A-00000103', control(3)],
    ]);
    const [row] = await ctx().database.query<{ serie_factura: string; nro_factura: string }>(
      `select serie_factura, nro_factura from facturas where id = $1`,
      [answer.DetalleFacturaProcesadas[0][0].id],
    );
    expect(row).toEqual({ serie_factura: 'A', nro_factura: '00000101' });
    // A number sent is used as sent, even with automatic numbering on.
    const own = await createInvoice(ctx, token, invoice({ rif: company.rif, nroFactura: 'ERP-1' }));
    expect(own.NroFactura).toBe('ERP-1');
    const next = await ctx().request({
      method: 'GET',
      url: `/v2/facturas/asignanrofactura/?id=${company.id}`,
      token,
    });
    expect(next.json().result.nroFactura).toBe('00000104');
  });

  it('tenancy: usuario@sigece.local sending for Servicios Ejemplo gets "No tiene acceso…" and nothing is stored; its own company works', async () => {
    const user = await ctx().login(DEMO_USER.email, DEMO_USER.password);
    const msg = await rejected(
      invoice({ rif: SECOND_RIF, codigoSucursal: '002', cliente: newClient() }),
      user,
    );
    expect(msg).toBe(`No tiene acceso a la razón social ${SECOND_RIF}`);
    const answer = await ingest(ctx, user, [
      invoice({ rif: SECOND_RIF, codigoSucursal: '002' }),
      invoice({ rif: DEMO_RIF, codigoSucursal: '001' }),
    ]);
    expect(answer.totalFacturasNew).toBe(1);
    expect(answer.DetalleErrorFacturas![0][0]).toMatchObject({ posicion: 1 });
    expect(answer.DetalleErrorFacturas![0][0].Msg).toMatch(/^No tiene acceso/);
    // An unknown branch of an allowed company.
    expect(await rejected(invoice({ codigoSucursal: '999' }), user)).toBe(
      `La sucursal 999 no existe en ${DEMO_RIF}`,
    );
  });

  it('no token → 401; a role without the invoice modules or without "add" → 403; the new-invoice module alone is enough', async () => {
    const before = await footprint(ctx);
    const none = await ctx().request({ method: 'POST', url: INGEST, payload: [invoice()] });
    expect(none.statusCode).toBe(401);
    const forged = await ctx().request({ method: 'POST', url: INGEST, token: 'x.y.z', payload: [invoice()] });
    expect(forged.statusCode).toBe(401);
    const demo = await companyIdByRif(ctx, DEMO_RIF);
    const noInvoices = await userWith(ctx, { '/mantenimiento/Localidad': ['view'] }, [demo]);
    const denied = await ctx().request({
      method: 'POST',
      url: INGEST,
      token: noInvoices,
      payload: [invoice()],
    });
    expect(denied.statusCode).toBe(403);
    const noAdd = await userWith(ctx, { [LIST_MODULE]: LIST_ACTIONS.filter((a) => a !== 'add') }, [demo]);
    expect(
      (await ctx().request({ method: 'POST', url: INGEST, token: noAdd, payload: [invoice()] })).statusCode,
    ).toBe(403);
    expect(await footprint(ctx)).toEqual(before);
    const newOnly = await userWith(ctx, { [NEW_MODULE]: [] }, [demo]);
    await createInvoice(ctx, newOnly, invoice());
  });

  it('nothing is written for a failed invoice, even one that fails after its client, lines and payments were inserted', async () => {
    // A lot of 2 numbers: the third invoice fails when it asks for its control number, last of all.
    const company = await newCompany(ctx, { lot: 2, contribuyenteEspecial: true });
    const clients = [newClient(), newClient(), newClient()];
    const before = await footprint(ctx);
    const answer = await ingest(
      ctx,
      await admin(),
      clients.map((cliente) => ({
        ...invoice({
          rif: company.rif,
          cliente,
          lines: [
            { precio: 10, cantidad: 1 },
            { precio: 5, cantidad: 2, exento: true },
          ],
        }),
        lstPagos: [{ modoPago: 'EFECTIVO', monto: '21.60', divisa: 'USD', igtf: true }],
      })),
    );
    expect(answer.totalFacturasNew).toBe(2);
    expect(answer.DetalleErrorFacturas).toHaveLength(1);
    expect(answer.DetalleErrorFacturas![0][0].posicion).toBe(3);
    expect(answer.DetalleErrorFacturas![0][0].Msg).toMatch(/\S/);
    const after = await footprint(ctx);
    expect(after).toEqual({
      ...before,
      facturas: String(Number(before.facturas) + 2),
      factura_lineas: String(Number(before.factura_lineas) + 4),
      factura_pagos: String(Number(before.factura_pagos) + 2),
      factura_gravamenes: String(Number(before.factura_gravamenes) + 2),
      clientes: String(Number(before.clientes) + 2),
      control_lots_actual: String(Number(before.control_lots_actual) + 2),
    });
    const third = await ctx().database.query(
      `select 1 from clientes where id_localidad = $1 and numero_documento = $2`,
      [company.id, clients[2].numeroDocumento],
    );
    expect(third).toEqual([]);
    // A batch of nothing but failures writes nothing, the audit log included.
    const [audit] = await ctx().database.query<{ n: string }>(`select count(*)::text as n from audit_log`);
    const all = await ingest(ctx, await admin(), [
      invoice({ extra: { subTotal: 1 }, cliente: newClient() }),
      invoice({ rif: 'J-000000009', cliente: newClient() }),
      invoice({ rif: company.rif, cliente: newClient() }),
    ]);
    expect(all).toMatchObject({ code: 203, totalFacturasNew: 0, totalFacturaconError: 3 });
    expect(await footprint(ctx)).toEqual(after);
    const [auditAfter] = await ctx().database.query<{ n: string }>(
      `select count(*)::text as n from audit_log`,
    );
    expect(auditAfter.n).toBe(audit.n);
  });

  it('concurrency: 16 parallel requests of 5 invoices (some invalid, some racing duplicates) give distinct consecutive control numbers 1..N', async () => {
    const company = await newCompany(ctx, { lot: 10_000 });
    const token = await admin();
    const shared = Array.from({ length: 4 }, () => nextNumber('R'));
    // A few clients every request bills, each request in its own order.
    const clients = Array.from({ length: 3 }, newClient);
    const batches = Array.from({ length: 16 }, (_, r) =>
      Array.from({ length: 5 }, (_, i) => {
        const cliente = clients[(r + i) % 3];
        if (i === 2) return invoice({ rif: company.rif, cliente, extra: { importeTotal: '1.00' } });
        // Four requests send each of these numbers: only one of them may create it.
        if (i === 4) return invoice({ rif: company.rif, nroFactura: shared[r % 4], cliente });
        return invoice({ rif: company.rif, cliente, lines: [{ precio: r + 1, cantidad: i + 1 }] });
      }),
    );
    const answers = await Promise.all(batches.map((b) => ingest(ctx, token, b)));
    const created = answers.flatMap((a) => a.DetalleFacturaProcesadas.map(([d]) => d));
    const errors = answers.flatMap((a) => a.DetalleErrorFacturas ?? []).map(([e]) => e);
    expect(created.length + errors.length).toBe(80);
    expect(errors.filter((e) => e.posicion === 3)).toHaveLength(16);
    const duplicates = errors.filter((e) => e.posicion === 5);
    expect(duplicates).toHaveLength(12);
    for (const e of duplicates) expect(e.Msg).toContain('ya existe');
    expect(created).toHaveLength(52);
    const numbers = created.map((d) => Number(d.NroControl.slice(3))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    expect(new Set(created.map((d) => d.NroFactura)).size).toBe(52);
    expect(await lotActual(ctx, company.id)).toBe(52);
    const [stored] = await ctx().database.query<{ n: string; max: string }>(
      `select count(*)::text as n, max(numero_control)::text as max from facturas where id_localidad = $1`,
      [company.id],
    );
    expect(stored).toEqual({ n: '52', max: '52' });
  });

  it('two requests billing the same clients in opposite order, both held at the control lot, both succeed (no deadlock)', async ({
    skip,
  }) => {
    // PGlite serves one connection at a time: nothing can interleave there.
    if (ctx().driver === 'pglite') skip();
    const company = await newCompany(ctx);
    const token = await admin();
    const [c1, c2] = [newClient(), newClient()];
    const a = [invoice({ rif: company.rif, cliente: c1 }), invoice({ rif: company.rif, cliente: c2 })];
    const b = [invoice({ rif: company.rif, cliente: c2 }), invoice({ rif: company.rif, cliente: c1 })];

    // Another transaction holds the lot's row while both requests start.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = ctx().database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from control_lots where id_localidad = ${company.id} and familia = 'FACTURA' for update`,
      );
      locked();
      await released;
    });
    await isLocked;
    const requests = [a, b].map((body) =>
      ctx().request({ method: 'POST', url: INGEST, token, payload: body }),
    );
    try {
      await waitFor('both requests waiting on a lock', async () => {
        const [row] = await ctx().database.query<{ n: string }>(
          `select count(*)::text as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(row.n) >= 2 ? true : undefined;
      });
    } finally {
      release();
      await holder;
    }
    const answers = await Promise.all(requests);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: 200, totalFacturasNew: 2 });
    }
    const numbers = answers
      .flatMap((res) => (res.json() as IngestBody).DetalleFacturaProcesadas.map(([d]) => d.NroControl))
      .sort();
    expect(numbers).toEqual([control(1), control(2), control(3), control(4)]);
  });

  it('two requests that each hold a client the other needs next (lock-order inversion) both succeed', async ({
    skip,
  }) => {
    if (ctx().driver === 'pglite') skip();
    const company = await newCompany(ctx);
    const token = await admin();
    const [shared, c1, c2] = [newClient(), newClient(), newClient()];
    await createInvoice(ctx, token, invoice({ rif: company.rif, cliente: shared }));
    const tag = nextNumber('X');
    // Request A bills c1, then the shared client, then c2; request B bills c2, the shared client, c1.
    const a = [c1, shared, c2].map((cliente, i) =>
      invoice({ rif: company.rif, nroFactura: `${tag}A${i}`, cliente }),
    );
    const b = [c2, shared, c1].map((cliente, i) =>
      invoice({ rif: company.rif, nroFactura: `${tag}B${i}`, cliente }),
    );

    // Another transaction holds the shared client's row, so each request stops right after its first
    // client; when it lets go, the one that takes the shared client next wants the other's first one.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = ctx().database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from clientes where id_localidad = ${company.id} and numero_documento = ${shared.numeroDocumento} for update`,
      );
      locked();
      await released;
    });
    await isLocked;
    const requests = [a, b].map((body) =>
      ctx().request({ method: 'POST', url: INGEST, token, payload: body }),
    );
    try {
      await waitFor('both requests waiting on a lock', async () => {
        const [row] = await ctx().database.query<{ n: string }>(
          `select count(*)::text as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(row.n) >= 2 ? true : undefined;
      });
    } finally {
      release();
      await holder;
    }
    const answers = await Promise.all(requests);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: 200, totalFacturasNew: 3 });
    }
    const numbers = answers
      .flatMap((res) => (res.json() as IngestBody).DetalleFacturaProcesadas.map(([d]) => d.NroControl))
      .sort();
    expect(numbers).toEqual([2, 3, 4, 5, 6, 7].map(control));
    expect(await lotActual(ctx, company.id)).toBe(7);
  });
});
