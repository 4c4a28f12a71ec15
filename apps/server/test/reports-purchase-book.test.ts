// Integration tests of the purchase book (layout and sources in
// packages/fiscal/src/reports/purchase-book.ts, RLIVA art. 75): a month of one company's purchases in two
// rates, with an exempt line, a purchase with exonerated, not-subject and without-right-to-credit lines (each
// in its own column), the month-end crédito-fiscal summary, an import, an inactivated record, one from another month and one IVA withholding voucher,
// read back line by line and in its totals from the PDF (pdftotext) and the spreadsheet (exceljs) against
// figures computed by hand below; vouchers that must not match (another supplier, another agent); bad
// input and tenancy.
import { caracasDate } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { newCompany, userWith } from './support/invoices.ts';
import { pdfToText } from './support/pdf-text.ts';
import { es, sheetRows } from './support/sheet-rows.ts';
import { issueIvaVoucher, makeWithholdingAgent } from './support/withholdings.ts';

const R = '/v2/mantenimiento/reportes';
const MODULE = '/reportes/libroCompras';

let supplierSeq = 0;
const supplierDocument = () => String(400_000_000 + (process.pid % 1000) * 1000 + ++supplierSeq);

const line = (precio: string, alicuota: string, exento = false, tratamientoIva?: string) => ({
  concepto: 'Material',
  cantidad: '1',
  unidadMedida: 'UNIDAD',
  precio,
  alicuota,
  exento,
  ...(tratamientoIva ? { tratamientoIva } : {}),
});

/** The month-end summary (RLIVA art. 75, closing paragraph of SENIAT's "IVA – Libros"), computed by hand. */
const RESUMEN: Array<[string, string, string]> = [
  ['Compras internas exentas', '100.00', '0.00'],
  ['Compras internas exoneradas', '40.00', '0.00'],
  ['Compras internas no sujetas', '60.00', '0.00'],
  // P4: 300.00 + its 16 % (48.00).
  ['Compras sin derecho a crédito fiscal', '348.00', '0.00'],
  ['Importaciones exentas, exoneradas o no sujetas', '0.00', '0.00'],
  ['Importaciones gravadas, alícuota general 16%', '2000.00', '320.00'],
  ['Importaciones gravadas, alícuota reducida 8%', '0.00', '0.00'],
  ['Importaciones gravadas, alícuota general más adicional 31%', '0.00', '0.00'],
  // P1 1,000.00 + P2 500.00 at 16 %; P1 250.00 + P4 200.00 at 8 %.
  ['Compras internas gravadas, alícuota general 16%', '1500.00', '240.00'],
  ['Compras internas gravadas, alícuota reducida 8%', '450.00', '36.00'],
  ['Compras internas gravadas, alícuota general más adicional 31%', '0.00', '0.00'],
  ['Ajustes por notas de débito', '0.00', '0.00'],
  ['Ajustes por notas de crédito', '0.00', '0.00'],
  // 3,500.00 + 450.00; 560.00 + 36.00.
  ['Total crédito fiscal del período', '3950.00', '596.00'],
  ['IVA retenido a los proveedores', '0.00', '60.00'],
];

describeWithApp('libro de compras', (ctx) => {
  const admin = () => ctx().adminToken();
  let company: { id: string; rif: string; nombre: string };
  let other: { id: string; rif: string };
  let month: { fechaInicio: string; fechaFin: string };
  /** The book's lines computed by hand, in chronological order: every cell after "N°". */
  let expected: string[][] = [];
  let voucher = '';

  const get = async (path: string, query: Record<string, string>, token?: string) =>
    ctx().request({
      method: 'GET',
      url: `${R}/${path}?${new URLSearchParams(query)}`,
      token: token ?? (await admin()),
    });

  /** Records a purchase (for the book's company unless another is named); returns its id. */
  async function purchase(body: {
    companyId?: string;
    supplier: { numeroDocumento: string; identificacion: string };
    nroFactura: string;
    nroControl: string;
    fechaFactura: string;
    tipoCompra?: string;
    lines: ReturnType<typeof line>[];
  }): Promise<number> {
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/facturaCompra/crear',
      token: await admin(),
      payload: {
        id_localidad: body.companyId ?? company.id,
        proveedor: { tipoDocumento: 'J', ...body.supplier, direccion: 'Calle 1, Caracas' },
        nroControl: body.nroControl,
        nroFactura: body.nroFactura,
        fechaFactura: body.fechaFactura,
        tipoCompra: body.tipoCompra ?? 'INTERNA',
        lstDetalles: body.lines,
        lstPagos: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id;
  }

  beforeAll(async () => {
    company = await newCompany(ctx, { lot: 0 });
    other = await newCompany(ctx, { lot: 0 });
    await makeWithholdingAgent(ctx, company.id);
    await makeWithholdingAgent(ctx, other.id);
    const today = caracasDate(new Date());
    const first = `${today.slice(0, 7)}-01`;
    const last = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
    month = { fechaInicio: first, fechaFin: `${today.slice(0, 7)}-${last}` };
    const previousMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 15))
      .toISOString()
      .slice(0, 10);
    const a = { numeroDocumento: supplierDocument(), identificacion: 'Suministros Uno, C.A.' };
    const b = { numeroDocumento: supplierDocument(), identificacion: 'Papelera Dos, C.A.' };
    const c = { numeroDocumento: supplierDocument(), identificacion: 'Import Tres LLC' };
    const d = { numeroDocumento: supplierDocument(), identificacion: 'Servicios Cuatro, C.A.' };
    const rif = (s: { numeroDocumento: string }) => `J-${s.numeroDocumento}`;

    // P2 (today), supplier B: 500.00 at 16 % → IVA 80.00, total 580.00; IVA withheld at 75 %: 60.00.
    await purchase({
      supplier: b,
      nroFactura: 'B-000777',
      nroControl: '00-0002002',
      fechaFactura: today,
      lines: [line('500', '16')],
    });
    // P1 (first day), supplier A: 1,000.00 at 16 % (160.00), 250.00 at 8 % (20.00), 100.00 exempt →
    // total 1,530.00.
    await purchase({
      supplier: a,
      nroFactura: 'A-000123',
      nroControl: '00-0001001',
      fechaFactura: first,
      lines: [line('1000', '16'), line('250', '8'), line('100', '16', true)],
    });
    // P3 (first day), an import from supplier C: 2,000.00 at 16 % (320.00) → 2,320.00.
    await purchase({
      supplier: c,
      nroFactura: 'DUA-4455',
      nroControl: '00-0003003',
      fechaFactura: first,
      tipoCompra: 'IMPORTACION',
      lines: [line('2000', '16')],
    });
    // P4 (first day), supplier D: 300.00 at 16 % without right to credit (IVA 48.00), 40.00 exempt and
    // exonerated, 60.00 at rate 0 not subject, 200.00 at 8 % (16.00) → total 600.00 + 64.00 = 664.00.
    await purchase({
      supplier: d,
      nroFactura: 'D-000044',
      nroControl: '00-0004004',
      fechaFactura: first,
      lines: [
        line('300', '16', false, 'SIN_DERECHO'),
        line('40', '0', true, 'EXONERADO'),
        line('60', '0', false, 'NO_SUJETO'),
        line('200', '8'),
      ],
    });
    // Inactivated (eliminar): a withdrawn record, not listed.
    const gone = await purchase({
      supplier: a,
      nroFactura: 'A-000999',
      nroControl: '00-0009009',
      fechaFactura: first,
      lines: [line('10', '16')],
    });
    const off = await ctx().request({
      method: 'PUT',
      url: `/v2/facturaCompra/eliminar/${gone}`,
      token: await admin(),
    });
    expect(off.statusCode, off.body).toBe(200);
    // Another month: not in this book.
    await purchase({
      supplier: a,
      nroFactura: 'A-000050',
      nroControl: '00-0000050',
      fechaFactura: previousMonth,
      lines: [line('70', '16')],
    });
    // Another company's purchase from supplier B: never in this company's book.
    await purchase({
      companyId: other.id,
      supplier: { numeroDocumento: b.numeroDocumento, identificacion: 'PROVEEDOR AJENO' },
      nroFactura: 'B-000888',
      nroControl: '00-0002002',
      fechaFactura: first,
      lines: [line('40', '16')],
    });

    // The company's voucher on P2, its control number typed without the dash: it matches.
    voucher = await issueIvaVoucher(ctx, {
      rif: company.rif,
      rifProveedor: rif(b),
      lines: [
        {
          nroDocumento: 'B-777',
          nroControlDocumento: '000002002',
          montoTotalDocumento: '580.00',
          baseImponible: '500.00',
          impuestoCausado: '80.00',
          impuestoRetenido: '60.00',
        },
      ],
    });
    // P1's control number but another supplier: no match.
    await issueIvaVoucher(ctx, {
      rif: company.rif,
      rifProveedor: rif(c),
      lines: [
        {
          nroDocumento: 'A-000123',
          nroControlDocumento: '00-0001001',
          montoTotalDocumento: '1160.00',
          baseImponible: '1000.00',
          impuestoCausado: '160.00',
          impuestoRetenido: '120.00',
        },
      ],
    });
    // Another agent's voucher on supplier B's 00-0002002 (its own purchase): not this company's withholding.
    await issueIvaVoucher(ctx, {
      rif: other.rif,
      rifProveedor: rif(b),
      lines: [
        {
          nroDocumento: 'B-000888',
          nroControlDocumento: '00-0002002',
          montoTotalDocumento: '46.40',
          baseImponible: '40.00',
          impuestoCausado: '6.40',
          impuestoRetenido: '4.80',
        },
      ],
    });

    const ddmmyyyy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    const z = '0.00';
    const p1 = [
      ddmmyyyy(first),
      'FAC',
      rif(a),
      a.identificacion,
      'A-000123',
      '00-0001001',
      '',
      '',
      '',
      '',
    ].concat(['1530.00', '100.00', z, z, z, '1000.00', '160.00', '250.00', '20.00', z, z, '', '']);
    const p3 = [
      ddmmyyyy(first),
      'IMP',
      rif(c),
      c.identificacion,
      '',
      '00-0003003',
      '',
      '',
      '',
      'DUA-4455',
    ].concat(['2320.00', z, z, z, z, '2000.00', '320.00', z, z, z, z, '', '']);
    const p4 = [
      ddmmyyyy(first),
      'FAC',
      rif(d),
      d.identificacion,
      'D-000044',
      '00-0004004',
      '',
      '',
      '',
      '',
    ].concat(['664.00', z, '40.00', '60.00', '348.00', z, z, '200.00', '16.00', z, z, '', '']);
    const p2 = [
      ddmmyyyy(today),
      'FAC',
      rif(b),
      b.identificacion,
      'B-000777',
      '00-0002002',
      '',
      '',
      '',
      '',
    ].concat(['580.00', z, z, z, z, '500.00', '80.00', z, z, z, z, '60.00', voucher]);
    // By date, then by record: P1, P3, P4 (recorded in that order on the first day), P2 (today's) last —
    // unless today is the first, when P2, recorded first, comes first.
    expected = today === first ? [p2, p1, p3, p4] : [p1, p3, p4, p2];
  }, 300_000);

  it('the PDF lists the purchases by date with their amounts, the withheld IVA and voucher, and the totals', async () => {
    const res = await get('getlibroCompras', { ...month, id_localidad: company.id });
    expect(res.statusCode, res.body).toBe(200);
    const { libro } = res.json();
    expect(libro).toMatchObject({
      documentos: 4,
      internas: 3,
      importaciones: 1,
      totalCompras: '5094.00',
      totalExento: '100.00',
      totalExonerado: '40.00',
      totalNoSujeto: '60.00',
      totalSinDerecho: '348.00',
      totalGravamenes: [
        { alicuota: '16', baseImponible: '3500.00', montoAlicuota: '560.00' },
        { alicuota: '8', baseImponible: '450.00', montoAlicuota: '36.00' },
        { alicuota: '31', baseImponible: '0.00', montoAlicuota: '0.00' },
      ],
      totalIvaRetenido: '60.00',
      resumen: RESUMEN.map(([concepto, baseImponible, impuesto]) => ({ concepto, baseImponible, impuesto })),
    });
    const text = await pdfToText(Buffer.from(libro.reporteCompra, 'base64'));
    expect(text).toContain('LIBRO DE COMPRAS');
    expect(text).toContain(company.rif);
    for (const absent of ['A-000999', 'A-000050', 'B-000888', 'PROVEEDOR AJENO', '4,80', '120,00'])
      expect(text).not.toContain(absent);
    const lines = text.split('\n');
    const positions = expected.map((e) => lines.findIndex((l) => l.includes(e[5])));
    expect(
      positions.every((p) => p >= 0),
      text,
    ).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expected.forEach((e, i) => {
      const words = lines[positions[i]].trim().split(/\s+/);
      expect(words.slice(0, 3)).toEqual([String(i + 1), e[0], e[1]]);
      const amounts = e.slice(10, 21).map(es);
      const withheld = e[21] ? [es(e[21]), e[22]] : [];
      expect(words.slice(-(amounts.length + withheld.length))).toEqual([...amounts, ...withheld]);
    });
    const total = (label: RegExp) => (lines.find((l) => label.test(l)) ?? '').trim().split(/\s+/).slice(-13);
    // count, total, exempt, exonerated, not subject, without credit, 16 %, 8 %, 31 % (base and IVA), withheld
    expect(total(/TOTAL COMPRAS INTERNAS/)).toEqual(
      ['3', '2774.00', '100.00', '40.00', '60.00', '348.00', '1500.00', '240.00', '450.00', '36.00']
        .concat(['0.00', '0.00', '60.00'])
        .map((v, i) => (i === 0 ? v : es(v))),
    );
    expect(total(/TOTAL IMPORTACIONES/)).toEqual(
      ['1', '2320.00', '0.00', '0.00', '0.00', '0.00', '2000.00', '320.00', '0.00', '0.00']
        .concat(['0.00', '0.00', '0.00'])
        .map((v, i) => (i === 0 ? v : es(v))),
    );
    expect(total(/TOTAL COMPRAS\s+4\s/)).toEqual(
      ['4', '5094.00', '100.00', '40.00', '60.00', '348.00', '3500.00', '560.00', '450.00', '36.00']
        .concat(['0.00', '0.00', '60.00'])
        .map((v, i) => (i === 0 ? v : es(v))),
    );
    // The month-end summary under the book: concept, base, tax.
    expect(text).toContain('RESUMEN DEL PERÍODO (CRÉDITO FISCAL)');
    for (const [concepto, base, iva] of RESUMEN) {
      const row = lines.find((l) => l.trim().startsWith(`${concepto} `)) ?? '';
      expect(row.trim().split(/\s+/).slice(-2), concepto).toEqual([es(base), es(iva)]);
    }
  });

  it('the spreadsheet has the same lines and totals, read back with exceljs', async () => {
    const res = await get('getLibroComprasExcel', { ...month, id_localidad: company.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().libro).toMatchObject({
      documentos: 4,
      totalCompras: '5094.00',
      totalSinDerecho: '348.00',
      totalIvaRetenido: '60.00',
    });
    const rows = await sheetRows(Buffer.from(res.json().libro.libroExcel, 'base64'));
    expect(rows[0][0]).toBe('LIBRO DE COMPRAS');
    expect(rows[3].slice(0, 4)).toEqual(['N°', 'Fecha', 'Tipo Doc.', 'RIF Proveedor']);
    expect(rows[3].slice(-2)).toEqual(['IVA Retenido al Proveedor', 'N° Comprobante de Retención']);
    expect(rows[3].slice(12, 16)).toEqual([
      'Compras Exentas',
      'Compras Exoneradas',
      'Compras No Sujetas',
      'Compras sin Derecho a Crédito Fiscal',
    ]);
    const body = rows.slice(4, 4 + expected.length);
    // exceljs drops trailing empty cells: compare with the expected row's trailing '' cut.
    const trimmed = (r: string[]) => r.slice(0, r.findLastIndex((v) => v !== '') + 1);
    for (const [i, r] of body.entries()) expect(trimmed(r)).toEqual(trimmed([String(i + 1), ...expected[i]]));
    const totals = rows.slice(4 + expected.length, 4 + expected.length + 3);
    expect(totals.map((r) => r[4])).toEqual([
      'TOTAL COMPRAS INTERNAS',
      'TOTAL IMPORTACIONES',
      'TOTAL COMPRAS',
    ]);
    expect(totals[0].slice(10)).toEqual(
      [
        '3.00',
        '2774.00',
        '100.00',
        '40.00',
        '60.00',
        '348.00',
        '1500.00',
        '240.00',
        '450.00',
        '36.00',
      ].concat(['0.00', '0.00', '60.00']),
    );
    expect(totals[1].slice(10)).toEqual(
      ['1.00', '2320.00', '0.00', '0.00', '0.00', '0.00', '2000.00', '320.00', '0.00', '0.00'].concat([
        '0.00',
        '0.00',
        '0.00',
      ]),
    );
    expect(totals[2].slice(10)).toEqual(
      [
        '4.00',
        '5094.00',
        '100.00',
        '40.00',
        '60.00',
        '348.00',
        '3500.00',
        '560.00',
        '450.00',
        '36.00',
      ].concat(['0.00', '0.00', '60.00']),
    );
    // The month-end summary: a blank row, its title, its heading, then one row per concept.
    const summary = rows.slice(4 + expected.length + 3);
    const title = summary.findIndex((r) => r[0] === 'RESUMEN DEL PERÍODO (CRÉDITO FISCAL)');
    expect(title).toBeGreaterThanOrEqual(0);
    expect(summary[title + 1]).toEqual(['Concepto', 'Base Imponible', 'Impuesto']);
    expect(summary.slice(title + 2)).toEqual(RESUMEN);
  });

  it('bad input is a 400 with the message; an unknown company 404', async () => {
    const reversed = await get('getlibroCompras', {
      fechaInicio: month.fechaFin,
      fechaFin: month.fechaInicio,
      id_localidad: company.id,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('La fecha Hasta no puede ser anterior a la fecha Desde');
    const badDate = await get('getLibroComprasExcel', {
      ...month,
      fechaInicio: '2026-02-31x',
      id_localidad: company.id,
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('fechaInicio debe ser una fecha válida (aaaa-mm-dd)');
    const tooLong = await get('getlibroCompras', {
      fechaInicio: '2024-01-01',
      fechaFin: '2025-06-01',
      id_localidad: company.id,
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await get('getlibroCompras', { ...month })).statusCode).toBe(400);
    expect((await get('getlibroCompras', { ...month, id_localidad: 'no-es-uuid' })).statusCode).toBe(400);
    expect(
      (
        await get('getlibroCompras', {
          ...month,
          id_localidad: company.id,
          id_sucursal: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    const unknown = await get('getLibroComprasExcel', {
      ...month,
      id_localidad: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    // A taxed line cannot be exonerated: 400 with the message, nothing recorded.
    const refused = await ctx().request({
      method: 'POST',
      url: '/v2/facturaCompra/crear',
      token: await admin(),
      payload: {
        id_localidad: company.id,
        proveedor: { tipoDocumento: 'J', numeroDocumento: supplierDocument(), identificacion: 'Mal, C.A.' },
        nroControl: '00-0005005',
        nroFactura: 'E-1',
        fechaFactura: month.fechaInicio,
        tipoCompra: 'INTERNA',
        lstDetalles: [line('10', '16', false, 'EXONERADO')],
        lstPagos: [],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(
      'tratamientoIva EXENTO, EXONERADO o NO_SUJETO solo aplica a líneas exentas o de alícuota 0',
    );
    expect(
      (await get('getlibroCompras', { ...month, id_localidad: company.id })).json().libro.documentos,
    ).toBe(4);
  });

  it("tenancy: a user of one company sees its book, never another company's rows; no permission is 403", async () => {
    const token = await userWith(ctx, { [MODULE]: [] }, [company.id]);
    const own = await get('getLibroComprasExcel', { ...month, id_localidad: company.id }, token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().libro.documentos).toBe(4);
    for (const path of ['getlibroCompras', 'getLibroComprasExcel'])
      expect((await get(path, { ...month, id_localidad: other.id }, token)).statusCode).toBe(403);
    // The other company's own book holds its one purchase and its own voucher's 4.80.
    const otherBook = await get('getlibroCompras', { ...month, id_localidad: other.id });
    expect(otherBook.json().libro).toMatchObject({ documentos: 1, totalIvaRetenido: '4.80' });
    const outsider = await userWith(ctx, { '/reportes/libroVentas': [] }, [company.id]);
    expect((await get('getlibroCompras', { ...month, id_localidad: company.id }, outsider)).statusCode).toBe(
      403,
    );
    expect(
      (await ctx().request({ method: 'GET', url: `${R}/getlibroCompras?${new URLSearchParams(month)}` }))
        .statusCode,
    ).toBe(401);
  });
});
