// Integration tests of the IGTF, its perceived report and received withholdings, through the API: the IGTF of
// a payment with change, the fortnight's IGTF perceived report (JSON, PDF text, spreadsheet read back), and a
// withholding voucher received from a buyer outside sigece recorded (with its validations and tenancy) and
// shown in the sales book's 'IVA Retenido por el Comprador'. Figures computed by hand in the comments.
import { caracasDate } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { createInvoice, invoice, newCompany, userWith } from './support/invoices.ts';
import { pdfToText } from './support/pdf-text.ts';
import { sheetRows } from './support/sheet-rows.ts';

describeWithApp('IGTF, IGTF perceived and received withholdings', (ctx) => {
  const admin = () => ctx().adminToken();
  let company: { id: string; rif: string };
  let other: { id: string; rif: string };
  let paid: { id: string; NroFactura: string; NroControl: string };
  let fortnight: { anio: string; mes: string; quincena: string };

  beforeAll(async () => {
    const token = await admin();
    company = await newCompany(ctx, { contribuyenteEspecial: true });
    other = await newCompany(ctx);
    // 100.00 at 16 % = 116.00 Bs., paid with 20 USD at 40.00 (800.00 Bs.): IGTF on 116.00 = 3.48 Bs.
    paid = await createInvoice(ctx, token, {
      ...invoice({ rif: company.rif, lines: [{ precio: 100, cantidad: 1, alicuota: 16 }] }),
      lstPagos: [{ modoPago: 'EFECTIVO', monto: '20', divisa: 'USD', tasaDiaDivisa: '40.00', igtf: true }],
    });
    const day = caracasDate(new Date());
    fortnight = {
      anio: day.slice(0, 4),
      mes: String(Number(day.slice(5, 7))),
      quincena: Number(day.slice(8, 10)) <= 15 ? '1' : '2',
    };
  }, 300_000);

  const report = async (path: string, query: Record<string, string>, token?: string) =>
    ctx().request({
      method: 'GET',
      url: `/v2/reportes/${path}?${new URLSearchParams(query)}`,
      token: token ?? (await admin()),
    });

  it('the IGTF perceived report: the payment, its base 2.90 USD, IGTF 0.09 USD and 3.48 Bs.', async () => {
    const res = await report('getIgtfPercibido', { id_localidad: company.id, ...fortnight });
    expect(res.statusCode, res.body).toBe(200);
    const { reporte } = res.json();
    // base: 116.00 Bs. / 40.00 = 2.90 USD; IGTF 3.48 / 40.00 = 0.087 → 0.09 USD
    expect(reporte.filas).toEqual([
      expect.objectContaining({
        nroControl: paid.NroControl,
        divisa: 'USD',
        montoPago: '20.00',
        baseIgtf: '2.90',
        igtfDivisa: '0.09',
        igtfBs: '3.48',
      }),
    ]);
    expect(reporte).toMatchObject({
      pagos: 1,
      totalIgtfBs: '3.48',
      totalesPorDivisa: [{ divisa: 'USD', pagos: 1, igtf: '0.09' }],
    });
    const pdf = await report('getIgtfPercibidoPdf', { id_localidad: company.id, ...fortnight });
    const text = await pdfToText(Buffer.from(pdf.json().reporte.reportePdf, 'base64'));
    expect(text).toContain('IGTF PERCIBIDO');
    expect(text).toContain(paid.NroControl);
    expect(text).toMatch(/TOTAL IGTF PERCIBIDO\s+1 pagos\s+3,48/);
    const xlsx = await report('getIgtfPercibidoExcel', { id_localidad: company.id, ...fortnight });
    const rows = await sheetRows(Buffer.from(xlsx.json().reporte.reporteExcel, 'base64'));
    const line = rows.find((r) => r.includes(paid.NroControl));
    expect(line?.slice(-5)).toEqual(['20.00', '40.00000000', '2.90', '0.09', '3.48']);
    // bad input and a foreign tenant
    const bad = await report('getIgtfPercibido', { id_localidad: company.id, ...fortnight, quincena: '3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('quincena debe ser 1 o 2');
    const stranger = await userWith(ctx, { '/reportes/igtfPercibido': [] }, [other.id]);
    const foreign = await report('getIgtfPercibido', { id_localidad: company.id, ...fortnight }, stranger);
    expect(foreign.statusCode).toBe(403);
  });

  it('a received voucher: recorded within the IVA, refused over it, duplicated or on a foreign invoice; in the sales book', async () => {
    const token = await admin();
    const body = {
      id_localidad: company.id,
      rifAgente: 'J-40123456-7',
      nombreAgente: 'COMPRADOR EXTERNO, C.A.',
      nroComprobante: '20260300000077',
      fechaComprobante: caracasDate(new Date()),
      nroControlFactura: paid.NroControl,
      montoRetenido: '12.00',
    };
    const post = (b: Record<string, unknown>, t = token) =>
      ctx().request({ method: 'POST', url: '/v2/retenciones/recibidas/crear', token: t, payload: b });
    const created = await post(body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result).toMatchObject({ rifAgente: 'J-401234567', ivaFactura: '16.00' });
    // 16.00 of IVA − 12.00 withheld leaves 4.00: 4.01 more is refused
    const over = await post({ ...body, nroComprobante: '20260300000078', montoRetenido: '4.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'El monto retenido no puede superar el IVA de la factura por retener (4.00 Bs.)',
    );
    const dup = await post(body);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(
      'El comprobante N° 20260300000077 del agente J-401234567 ya fue registrado',
    );
    const unknown = await post({ ...body, nroComprobante: '9', nroControlFactura: '99-99999999' });
    expect(unknown.statusCode).toBe(400);
    const stranger = await userWith(ctx, { '/retenciones/recibidas': ['add', 'search'] }, [other.id]);
    expect((await post({ ...body, nroComprobante: '10' }, stranger)).statusCode).toBe(403);
    const list = await ctx().request({
      method: 'GET',
      url: `/v2/retenciones/recibidas/listar?id_localidad=${company.id}&search=EXTERNO`,
      token,
    });
    expect(list.json().totalResults).toBe(1);

    const day = caracasDate(new Date());
    const last = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
    const book = await ctx().request({
      method: 'GET',
      url: `/v2/mantenimiento/reportes/getLibroVentasExcel?${new URLSearchParams({
        id_localidad: company.id,
        fechaInicio: `${day.slice(0, 7)}-01`,
        fechaFin: `${day.slice(0, 7)}-${last}`,
      })}`,
      token,
    });
    expect(book.statusCode, book.body).toBe(200);
    expect(book.json().libro.totalIvaRetenido).toBe('12.00');
    const rows = await sheetRows(Buffer.from(book.json().libro.libroExcel, 'base64'));
    const row = rows.find((r) => r.includes(paid.NroControl));
    expect(row?.slice(-2)).toEqual(['12.00', '20260300000077']);
  });
});
