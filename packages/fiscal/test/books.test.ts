// Unit tests of what the sales and purchase books share (src/reports/books.ts: exact cent sums, the rule
// matching an IVA withholding voucher's line to a document) and of the purchase book's rules
// (src/reports/purchase-book.ts; Reglamento de la Ley del IVA art. 75 as cited there: date, number,
// control number, supplier and RIF, imports by their customs declaration, chronological order).
import { describe, expect, it } from 'vitest';
import {
  CentSum,
  controlKey,
  documentNumberKey,
  PURCHASE_BOOK_COLUMNS,
  PURCHASE_BOOK_FILES,
  type PurchaseBookSource,
  PurchaseBookTotals,
  purchaseBookCells,
  purchaseBookLine,
  purchaseBookResumen,
  purchaseTotals,
  rifKey,
  toCents,
  type WithholdingLineRef,
  withheldOn,
  withholdsFrom,
} from '../src/index.ts';

describe('cent sums (exact, no Decimal per amount)', () => {
  it('adds 2-decimal texts exactly, negative and short forms included', () => {
    const sum = new CentSum();
    for (const v of ['0.10', '0.20', '-1234.56', '12', '0.5', '-0.05', '999999999999999.99']) sum.add(v);
    // 0.10 + 0.20 − 1234.56 + 12 + 0.50 − 0.05 + 999999999999999.99 = 999999999998778.18
    expect(sum.toString()).toBe('999999999998778.18');
    expect(new CentSum().toString()).toBe('0.00');
    const negative = new CentSum();
    negative.add('-0.07');
    expect(negative.toString()).toBe('-0.07');
    expect(toCents('1.005')).toBe(101n);
  });
});

describe('which voucher line withholds from which document (books.ts rule)', () => {
  const line: WithholdingLineRef = {
    rifProveedor: 'J-012345678',
    nroControlDocumento: '00-00000012',
    nroDocumento: 'F-000123',
    nroNota: null,
    impuestoRetenido: '12.00',
    nroComprobante: '20261100000001',
  };
  const doc = { rifVendedor: 'J-12345678', nroControl: '0000000012', numero: 'F123' };

  it('compares RIFs by letter and number, control numbers without punctuation, numbers without leading zeros', () => {
    expect(rifKey('J-12345678')).toBe(rifKey('J012345678'));
    expect(controlKey(' 00-0000 0012 ')).toBe('0000000012');
    expect(documentNumberKey('F-000123')).toBe('F123');
    expect(documentNumberKey('000100')).toBe('100');
    expect(withholdsFrom(line, doc)).toBe(true);
  });

  it('another seller, another control number or another named number is no match; no number is a match', () => {
    expect(withholdsFrom(line, { ...doc, rifVendedor: 'J-12345679' })).toBe(false);
    expect(withholdsFrom(line, { ...doc, nroControl: '00-00000013' })).toBe(false);
    expect(withholdsFrom(line, { ...doc, numero: 'F124' })).toBe(false);
    expect(withholdsFrom({ ...line, nroDocumento: null }, { ...doc, numero: 'F124' })).toBe(true);
    // A note line names the note: its number is nroNota.
    expect(withholdsFrom({ ...line, nroNota: '00000007' }, { ...doc, numero: '7' })).toBe(true);
  });

  it('several vouchers on one document add up and are all named', () => {
    const second = { ...line, impuestoRetenido: '4.05', nroComprobante: '20261100000002' };
    expect(withheldOn(doc, [line, second, { ...line, nroControlDocumento: '99' }])).toEqual({
      monto: '16.05',
      comprobantes: '20261100000001, 20261100000002',
    });
    expect(withheldOn(doc, [])).toBeNull();
  });
});

describe('purchase book lines and totals (Reglamento LIVA art. 75)', () => {
  const source: PurchaseBookSource = {
    fechaFactura: '2026-03-02',
    rif: 'J-300000001',
    nombre: 'Suministros Uno, C.A.',
    nroFactura: 'A-000123',
    nroControl: '00-0001001',
    tipoCompra: 'INTERNA',
    totalExento: '100.00',
    importeTotal: '1530.00',
    gravamenes: [
      { alicuota: '16', baseImponible: '1000.00', montoAlicuota: '160.00' },
      { alicuota: '8.00', baseImponible: '250.00', montoAlicuota: '20.00' },
    ],
    retenido: null,
  };

  it('an internal purchase: date dd/MM/yyyy, supplier, number and control, base and tax per rate', () => {
    const line = purchaseBookLine(source, 1);
    expect(purchaseBookCells(line)).toEqual([
      '1',
      '02/03/2026',
      'FAC',
      'J-300000001',
      'Suministros Uno, C.A.',
      'A-000123',
      '00-0001001',
      '',
      '',
      '',
      '',
      '1530.00',
      '100.00',
      '0.00',
      '0.00',
      '0.00',
      '1000.00',
      '160.00',
      '250.00',
      '20.00',
      '0.00',
      '0.00',
      '',
      '',
    ]);
    expect(purchaseBookCells(line)).toHaveLength(PURCHASE_BOOK_COLUMNS.length);
  });

  it('an import is registered by its customs declaration (type IMP); the withheld IVA and voucher are shown', () => {
    const line = purchaseBookLine(
      {
        ...source,
        tipoCompra: 'IMPORTACION',
        nroFactura: 'DUA-4455',
        retenido: { monto: '60.00', comprobantes: '20260300000001' },
      },
      2,
    );
    expect([line.tipo, line.nroFactura, line.nroImportacion]).toEqual(['IMP', '', 'DUA-4455']);
    expect([line.ivaRetenido, line.comprobanteRetencion]).toEqual(['60.00', '20260300000001']);
  });

  it('totals: internal purchases and imports apart, and the whole book', () => {
    const totals = new PurchaseBookTotals();
    totals.add(purchaseBookLine(source, 1));
    totals.add(
      purchaseBookLine(
        {
          ...source,
          totalExento: '0.00',
          importeTotal: '580.00',
          gravamenes: [{ alicuota: '16', baseImponible: '500.00', montoAlicuota: '80.00' }],
          retenido: { monto: '60.00', comprobantes: 'x' },
        },
        2,
      ),
    );
    totals.add(
      purchaseBookLine(
        {
          ...source,
          tipoCompra: 'IMPORTACION',
          totalExento: '0.00',
          importeTotal: '2320.00',
          gravamenes: [{ alicuota: 16, baseImponible: '2000.00', montoAlicuota: '320.00' }],
        },
        3,
      ),
    );
    expect(totals.summary()).toEqual({
      documentos: 3,
      internas: 2,
      importaciones: 1,
      totalCompras: '4430.00',
      totalExento: '100.00',
      totalExonerado: '0.00',
      totalNoSujeto: '0.00',
      totalSinDerecho: '0.00',
      totalGravamenes: [
        { alicuota: '16', baseImponible: '3500.00', montoAlicuota: '560.00' },
        { alicuota: '8', baseImponible: '250.00', montoAlicuota: '20.00' },
        { alicuota: '31', baseImponible: '0.00', montoAlicuota: '0.00' },
      ],
      totalIvaRetenido: '60.00',
      resumen: expect.any(Array),
    });
    const { internas, importaciones } = totals.parts();
    expect([internas.importeTotal, internas.ivaRetenido, importaciones.base['16']]).toEqual([
      '2110.00',
      '60.00',
      '2000.00',
    ]);
  });

  it('file names', () => {
    expect(PURCHASE_BOOK_FILES.pdf).toBe('Libro_de_compras.pdf');
    expect(PURCHASE_BOOK_FILES.excel('20261125_101500')).toBe('LibroCompras_20261125_101500.xlsx');
  });
});

// RLIVA art. 75 (SENIAT "IVA – Libros", sources.md S2): (d) imports split into taxed,
// exempt or exonerated, (e) domestic purchases into taxed, exempt, exonerated, not subject or without right
// to crédito fiscal, the crédito fiscal per rate; at month end, the summary of the period.
describe('purchase book columns and crédito-fiscal summary (RLIVA art. 75)', () => {
  const line = (precio: string, alicuota: '0' | '8' | '16' | '31', extra: object = {}) => ({
    concepto: 'x',
    cantidad: '1',
    unidadMedida: 'UNIDAD' as const,
    precio,
    exento: false,
    alicuota,
    ...extra,
  });
  // 1,000.00 at 16 % with credit; 200.00 at 16 % without right to credit; 250.00 at 8 %; 100.00 exempt;
  // 50.00 exonerated; 30.00 not subject; 20.00 at rate 0 unmarked (not subject, as the sales book).
  const lines = [
    line('1000.00', '16'),
    line('200.00', '16', { tratamientoIva: 'SIN_DERECHO' }),
    line('250.00', '8'),
    line('100.00', '0', { exento: true }),
    line('50.00', '0', { exento: true, tratamientoIva: 'EXONERADO' }),
    line('30.00', '0', { exento: true, tratamientoIva: 'NO_SUJETO' }),
    line('20.00', '0'),
  ];
  const totals = purchaseTotals(lines);
  const source = (tipoCompra: string): PurchaseBookSource => ({
    fechaFactura: '2026-03-05',
    rif: 'J-300000002',
    nombre: 'Proveedor Mixto, C.A.',
    nroFactura: 'B-77',
    nroControl: '00-0000077',
    tipoCompra,
    totalExento: totals.totalExento,
    importeTotal: totals.importeTotal,
    gravamenes: totals.lstGravamenes,
    lineas: lines.map((l, i) => ({
      ...l,
      alicuota: totals.lines[i].alicuota,
      importe: totals.lines[i].importe,
    })),
    retenido: { monto: '120.00', comprobantes: '20260300000009' },
  });

  it('each kind in its own column; the line without right to credit carries its base and IVA there', () => {
    // The stored totals: 16 %: base 1,200.00, IVA 192.00; 8 %: 250.00, 20.00; total 1,650.00 + 212.00.
    expect(totals.importeTotal).toBe('1862.00');
    const l = purchaseBookLine(source('INTERNA'), 1);
    // Without right to credit: 200.00 + 16 % of it (32.00) = 232.00; the 16 % credit: 192.00 − 32.00.
    expect([l.exento, l.exonerado, l.noSujeto, l.sinDerecho]).toEqual(['100.00', '50.00', '50.00', '232.00']);
    expect([l.base['16'], l.impuesto['16'], l.base['8'], l.impuesto['8']]).toEqual([
      '1000.00',
      '160.00',
      '250.00',
      '20.00',
    ]);
    // The columns add up to the total: 100 + 50 + 50 + 232 + 1,000 + 160 + 250 + 20 = 1,862.00.
    const cells = purchaseBookCells(l);
    const at = (key: string) => cells[PURCHASE_BOOK_COLUMNS.findIndex((c) => c.key === key)];
    expect(['exento', 'exonerado', 'noSujeto', 'sinDerecho'].map(at)).toEqual([
      '100.00',
      '50.00',
      '50.00',
      '232.00',
    ]);
    expect(PURCHASE_BOOK_COLUMNS.map((c) => c.titulo)).toEqual(
      expect.arrayContaining([
        'Compras Exentas',
        'Compras Exoneradas',
        'Compras No Sujetas',
        'Compras sin Derecho a Crédito Fiscal',
      ]),
    );
  });

  it('a record without lines (older callers) keeps its exempt total as exempt', () => {
    const l = purchaseBookLine({ ...source('INTERNA'), lineas: undefined }, 1);
    expect([l.exento, l.exonerado, l.noSujeto, l.sinDerecho]).toEqual(['180.00', '0.00', '0.00', '0.00']);
  });

  it('the month-end summary: untaxed by kind, imports and domestic purchases per rate, total crédito fiscal', () => {
    const book = new PurchaseBookTotals();
    book.add(purchaseBookLine(source('INTERNA'), 1));
    book.add(purchaseBookLine(source('IMPORTACION'), 2));
    const resumen = book.summary().resumen;
    const rows = Object.fromEntries(resumen.map((r) => [r.concepto, [r.baseImponible, r.impuesto]]));
    expect(rows).toEqual({
      'Compras internas exentas': ['100.00', '0.00'],
      'Compras internas exoneradas': ['50.00', '0.00'],
      'Compras internas no sujetas': ['50.00', '0.00'],
      // Both records' 232.00.
      'Compras sin derecho a crédito fiscal': ['464.00', '0.00'],
      // The import's exempt 100.00 + exonerated 50.00 + not subject 50.00.
      'Importaciones exentas, exoneradas o no sujetas': ['200.00', '0.00'],
      'Importaciones gravadas, alícuota general 16%': ['1000.00', '160.00'],
      'Importaciones gravadas, alícuota reducida 8%': ['250.00', '20.00'],
      'Importaciones gravadas, alícuota general más adicional 31%': ['0.00', '0.00'],
      'Compras internas gravadas, alícuota general 16%': ['1000.00', '160.00'],
      'Compras internas gravadas, alícuota reducida 8%': ['250.00', '20.00'],
      'Compras internas gravadas, alícuota general más adicional 31%': ['0.00', '0.00'],
      'Ajustes por notas de débito': ['0.00', '0.00'],
      'Ajustes por notas de crédito': ['0.00', '0.00'],
      // 2 × (1,000 + 250) bases, 2 × (160 + 20) crédito fiscal.
      'Total crédito fiscal del período': ['2500.00', '360.00'],
      'IVA retenido a los proveedores': ['0.00', '240.00'],
    });
    expect(purchaseBookResumen(book.parts())).toEqual(resumen);
    expect(book.summary()).toMatchObject({
      totalExento: '200.00',
      totalExonerado: '100.00',
      totalNoSujeto: '100.00',
      totalSinDerecho: '464.00',
    });
  });
});
