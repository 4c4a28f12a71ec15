// Integration test of the sales book to the letter of RLIVA arts. 76–78 (layout and sources
// in packages/fiscal/src/reports/sales-book.ts): documents issued through the integration API — an invoice
// to a J-type buyer (a taxpayer) with an exempt line, an EXPORTACION invoice to another J-type buyer, a credit
// note on the first, and an invoice to a V-type buyer (a final consumer) with exonerated and not-subject
// lines — read back from the PDF (pdftotext) and the spreadsheet (exceljs): the taxpayers' section first,
// then the final consumers', each with its total; the exempt, exonerated, not-subject and exports (FOB)
// columns; and the month-end summary, every figure computed by hand below.
import { caracasDate } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { createInvoice, invoice, newCompany } from './support/invoices.ts';
import { generatedInvoice, ingestNotes, noteItem } from './support/notes.ts';
import { pdfToText } from './support/pdf-text.ts';
import { es, sheetRows } from './support/sheet-rows.ts';

const R = '/v2/mantenimiento/reportes';
const z = '0.00';

/** Per document: total, exempt, exonerated, not subject, exports, base and IVA at 16 %, 8 % and 31 %. */
type Amounts = [string, string, string, string, string, string, string, string, string, string, string];

// F1, J buyer: 1,000.00 at 16 % (160.00) + 200.00 exempt → 1,360.00.
const F1: Amounts = ['1360.00', '200.00', z, z, z, '1000.00', '160.00', z, z, z, z];
// F3, EXPORTACION to a J buyer: 500.00 untaxed → the exports column (FOB) holds it, exempt stays 0.
const F3: Amounts = ['500.00', z, z, z, '500.00', z, z, z, z, z, z];
// Credit note on F1: 100.00 at 16 % → −116.00 (base −100.00, IVA −16.00).
const NC: Amounts = ['-116.00', z, z, z, z, '-100.00', '-16.00', z, z, z, z];
// F2, V buyer: 100.00 at 8 % (8.00) + 50.00 exonerated + 30.00 at rate 0 (not subject) → 188.00.
const F2: Amounts = ['188.00', z, '50.00', '30.00', z, z, z, '100.00', '8.00', z, z];

// Section and book totals: count, the eleven amounts, IVA withheld by buyers.
const TAXPAYERS = ['3', '1744.00', '200.00', z, z, '500.00', '900.00', '144.00', z, z, z, z, z];
const CONSUMERS = ['1', '188.00', z, '50.00', '30.00', z, z, z, '100.00', '8.00', z, z, z];
const OWN = [
  '4',
  '1932.00',
  '200.00',
  '50.00',
  '30.00',
  '500.00',
  '900.00',
  '144.00',
  '100.00',
  '8.00',
  z,
  z,
  z,
];
const THIRD = ['0', z, z, z, z, z, z, z, z, z, z, z, z];

/** The month-end summary (IVA_LIBROS closing paragraph; salesBookResumen), by hand. */
const RESUMEN: Array<[string, string, string]> = [
  // Invoices only: F1's 16 %, F2's 8 %.
  ['Ventas internas gravadas, alícuota general 16%', '1000.00', '160.00'],
  ['Ventas internas gravadas, alícuota reducida 8%', '100.00', '8.00'],
  ['Ventas internas gravadas, alícuota general más adicional 31%', z, z],
  ['Ventas exentas', '200.00', z],
  ['Ventas exoneradas', '50.00', z],
  ['Ventas no sujetas', '30.00', z],
  ['Exportaciones (valor FOB)', '500.00', z],
  ['Ajustes por notas de débito', z, z],
  ['Ajustes por notas de crédito', '-100.00', '-16.00'],
  // 1,000 + 100 − 100 bases; 160 + 8 − 16 débito fiscal.
  ['Total débito fiscal del período', '1000.00', '152.00'],
  ['IVA retenido por los compradores', z, z],
];

describeWithApp('libro de ventas: secciones, exportaciones y resumen (RLIVA arts. 76–78)', (ctx) => {
  let company: { id: string; rif: string };
  let month: { fechaInicio: string; fechaFin: string };
  /** The book's lines in order: control number, type and amounts. */
  let expected: Array<{ control: string; tipo: string; rif: string; amounts: Amounts }> = [];

  const get = async (path: string) =>
    ctx().request({
      method: 'GET',
      url: `${R}/${path}?${new URLSearchParams({ ...month, id_localidad: company.id })}`,
      token: await ctx().adminToken(),
    });

  beforeAll(async () => {
    const token = await ctx().adminToken();
    company = await newCompany(ctx);
    const today = caracasDate(new Date());
    const last = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
    month = { fechaInicio: `${today.slice(0, 7)}-01`, fechaFin: `${today.slice(0, 7)}-${last}` };
    const jota = { tipoDocumento: 'J', numeroDocumento: '301234567', identificacion: 'DISTRIBUIDORA JOTA' };
    // Generated (rendered and signed) at once: a note needs its invoice generated.
    const f1g = await generatedInvoice(ctx, token, {
      rif: company.rif,
      lines: [
        { precio: 1000, cantidad: 1, alicuota: 16 },
        { precio: 200, cantidad: 1, exento: true },
      ],
      cliente: jota,
    });
    const f1 = { NroFactura: f1g.nroFactura, NroControl: f1g.nroControl };
    const f2 = await createInvoice(
      ctx,
      token,
      invoice({
        rif: company.rif,
        lines: [
          { precio: 100, cantidad: 1, alicuota: 8 },
          { precio: 50, cantidad: 1, exonerado: true },
          { precio: 30, cantidad: 1, alicuota: 0 },
        ],
      }),
    );
    const f3 = await createInvoice(
      ctx,
      token,
      invoice({
        rif: company.rif,
        lines: [{ precio: 500, cantidad: 1, exento: true }],
        cliente: { tipoDocumento: 'J', numeroDocumento: '402345678', identificacion: 'GLOBAL TRADING' },
        extra: { tipoVenta: 'EXPORTACION' },
      }),
    );
    const notes = await ingestNotes(ctx, token, [
      noteItem({
        rif: company.rif,
        nroFactura: f1.NroFactura,
        tipo: 'Credito',
        lines: [{ codigo: 'P-001', precio: 100, cantidad: 1, alicuota: 16 }],
      }),
    ]);
    expect(notes.DetalleErrorNotas.flat(), JSON.stringify(notes)).toEqual([]);
    const [nc] = notes.DetalleNotasProcesadas.flat();
    // Taxpayers first (F1, F3, the note: control-number order), then the final consumer's F2.
    expected = [
      { control: f1.NroControl, tipo: 'FAC', rif: 'J', amounts: F1 },
      { control: f3.NroControl, tipo: 'FAC', rif: 'J', amounts: F3 },
      { control: nc.nroControl, tipo: 'N/C', rif: 'J', amounts: NC },
      { control: f2.NroControl, tipo: 'FAC', rif: 'V', amounts: F2 },
    ];
  }, 300_000);

  it('the answer: own totals and the month-end summary', async () => {
    const res = await get('getlibroVentas');
    expect(res.statusCode, res.body).toBe(200);
    const { libro } = res.json();
    expect(libro).toMatchObject({
      consolidado: 4,
      SinTerceros: 4,
      ConTerceros: 0,
      totalFacturas: {
        totalExentoSinTerceros: '200.00',
        totalExoneradoSinTerceros: '50.00',
        totalImporteTotalSinTerceros: '1932.00',
      },
      totalGravamenes: [
        { alicuota: '16', baseImponible: '900.00', montoAlicuota: '144.00' },
        { alicuota: '8', baseImponible: '100.00', montoAlicuota: '8.00' },
        { alicuota: '31', baseImponible: z, montoAlicuota: z },
      ],
      resumen: RESUMEN.map(([concepto, baseImponible, impuesto]) => ({ concepto, baseImponible, impuesto })),
    });
  });

  it('the PDF: the two sections with their totals, each document in its columns, the summary', async () => {
    const res = await get('getlibroVentas');
    const text = await pdfToText(Buffer.from(res.json().libro.reporteVenta, 'base64'));
    const lines = text.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle));
    const positions = expected.map((e) => at(e.control));
    expect(
      positions.every((p) => p >= 0),
      text,
    ).toBe(true);
    // Headings and totals where they belong: taxpayers' heading, their 3 lines, their total, then the
    // consumers' heading, their line, their total.
    const taxpayers = lines.findIndex((l) => l.trim() === 'OPERACIONES CON CONTRIBUYENTES');
    const consumers = at('OPERACIONES CON NO CONTRIBUYENTES (CONSUMIDORES FINALES)');
    const taxpayersTotal = at('TOTAL CONTRIBUYENTES');
    const consumersTotal = at('TOTAL NO CONTRIBUYENTES');
    expect([
      taxpayers,
      ...positions.slice(0, 3),
      taxpayersTotal,
      consumers,
      positions[3],
      consumersTotal,
    ]).toEqual(
      [
        ...[taxpayers, ...positions.slice(0, 3), taxpayersTotal, consumers, positions[3], consumersTotal],
      ].sort((a, b) => a - b),
    );
    expect(taxpayers).toBeGreaterThanOrEqual(0);
    expected.forEach((e, i) => {
      const words = lines[positions[i]].trim().split(/\s+/);
      expect(words[0]).toBe(String(i + 1));
      expect(words[2]).toBe(e.tipo);
      expect(words[3].charAt(0)).toBe(e.rif);
      expect(words.slice(-11), e.control).toEqual(e.amounts.map(es));
    });
    const total = (i: number) => lines[i].trim().split(/\s+/).slice(-13);
    const printed = (cells: string[]) => cells.map((v, i) => (i === 0 ? v : es(v)));
    expect(total(taxpayersTotal)).toEqual(printed(TAXPAYERS));
    expect(total(consumersTotal)).toEqual(printed(CONSUMERS));
    expect(total(at('TOTAL VENTAS PROPIAS'))).toEqual(printed(OWN));
    expect(total(at('TOTAL VENTAS TERCEROS'))).toEqual(printed(THIRD));
    expect(text).toContain('RESUMEN DEL PERÍODO (DÉBITO FISCAL)');
    for (const [concepto, base, iva] of RESUMEN) {
      const row = lines.find((l) => l.trim().startsWith(`${concepto} `)) ?? '';
      expect(row.trim().split(/\s+/).slice(-2), concepto).toEqual([es(base), es(iva)]);
    }
  });

  it('the spreadsheet: the same sections, columns, totals and summary, read back with exceljs', async () => {
    const res = await get('getLibroVentasExcel');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sheetRows(Buffer.from(res.json().libro.libroExcel, 'base64'));
    expect(rows[3].slice(12, 17)).toEqual([
      'Total Ventas con IVA',
      'Ventas Exentas',
      'Ventas Exoneradas',
      'Ventas No Sujetas',
      'Exportaciones (FOB)',
    ]);
    expect(rows[4]).toEqual(['OPERACIONES CON CONTRIBUYENTES']);
    const doc = (r: string[], e: (typeof expected)[number], n: number) => {
      expect([r[0], r[2], r[3].charAt(0), r[6]]).toEqual([String(n), e.tipo, e.rif, e.control]);
      expect(r.slice(12, 23)).toEqual(e.amounts);
    };
    for (let i = 0; i < 3; i++) doc(rows[5 + i], expected[i], i + 1);
    // The totals' count is a number too; the amounts start after it.
    const total = (r: string[]) => [String(Number(r[11])), ...r.slice(12, 24)];
    expect(rows[8][4]).toBe('TOTAL CONTRIBUYENTES');
    expect(total(rows[8])).toEqual(TAXPAYERS);
    expect(rows[9]).toEqual(['OPERACIONES CON NO CONTRIBUYENTES (CONSUMIDORES FINALES)']);
    doc(rows[10], expected[3], 4);
    expect([rows[11][4], rows[12][4], rows[13][4]]).toEqual([
      'TOTAL NO CONTRIBUYENTES',
      'TOTAL VENTAS PROPIAS',
      'TOTAL VENTAS TERCEROS',
    ]);
    expect(total(rows[11])).toEqual(CONSUMERS);
    expect(total(rows[12])).toEqual(OWN);
    expect(total(rows[13])).toEqual(THIRD);
    const title = rows.findIndex((r) => r[0] === 'RESUMEN DEL PERÍODO (DÉBITO FISCAL)');
    expect(title).toBeGreaterThan(13);
    expect(rows[title + 1]).toEqual(['Concepto', 'Base Imponible', 'Impuesto']);
    expect(rows.slice(title + 2)).toEqual(RESUMEN);
  });
});
