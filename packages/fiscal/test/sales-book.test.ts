// Unit tests of the sales book's rules (spec 002 §3 Reports, §5 Reports, §9). Legal
// sources, as cited in src/reports/sales-book.ts: Ley del IVA art. 56 (every operation, notes in their
// month), Reglamento de la Ley del IVA art. 75 and its sales-book twin (date, number, buyer, RIF, totals,
// exempt, base and tax per rate), the Reglamento's rule that credit notes are registered negative and
// third-party sales apart, Providencia SNAT/2011/00071 (one control-number sequence; annulled documents
// keep their line).
import { describe, expect, it } from 'vitest';
import {
  isTaxpayerBuyer,
  monthRange,
  rateKey,
  SALES_BOOK_COLUMNS,
  type SalesBookSource,
  SalesBookTotals,
  salesBookCells,
  salesBookExtendedQuerySchema,
  salesBookLine,
  salesBookQuerySchema,
  toBolivares,
} from '../src/index.ts';

const base: SalesBookSource = {
  tipo: 'FAC',
  fechaEmision: new Date('2026-03-10T15:00:00Z'),
  rif: 'V-12345678',
  nombre: 'PEDRO PEREZ',
  numero: 'F000001',
  nroControl: '00-00000001',
  facturaAfectada: null,
  anulado: false,
  moneda: 'VEF',
  tasaCambio: '1',
  totalExento: '80.00',
  totalExonerado: '0.00',
  importeTotal: '196.00',
  gravamenes: [{ alicuota: '16.00', baseImponible: '100.00', montoAlicuota: '16.00' }],
  terceros: null,
};

describe('sales book line (Reglamento LIVA: date, number, buyer, totals, base and tax per rate)', () => {
  it('an invoice in bolívares keeps its amounts, its tax in the 16 % column', () => {
    const line = salesBookLine(base, 1);
    expect(line).toMatchObject({
      tipo: 'FAC',
      nroDocumento: 'F000001',
      nroNotaCredito: '',
      estado: 'EMITIDA',
      importeTotal: '196.00',
      exento: '80.00',
      base: { '16': '100.00', '8': '0.00', '31': '0.00' },
      impuesto: { '16': '16.00', '8': '0.00', '31': '0.00' },
    });
  });

  it('a USD invoice is converted at its own rate and rounded half up to the cent', () => {
    // 116.00 USD × 36.5555 = 4240.438 → 4240.44; 100 × 36.5555 = 3655.55; 16 × 36.5555 = 584.888 → 584.89
    const line = salesBookLine(
      {
        ...base,
        moneda: 'USD',
        tasaCambio: '36.5555',
        totalExento: '0',
        importeTotal: '116.00',
      },
      2,
    );
    expect(line.importeTotal).toBe('4240.44');
    expect(line.base['16']).toBe('3655.55');
    expect(line.impuesto['16']).toBe('584.89');
    expect(toBolivares('0.005', 'USD', '1')).toBe('0.01');
  });

  it('a credit note is registered negative, a debit note positive, both naming the affected invoice', () => {
    const credit = salesBookLine({ ...base, tipo: 'N/C', numero: '00000001', facturaAfectada: 'F000001' }, 3);
    expect(credit.nroNotaCredito).toBe('00000001');
    expect(credit.nroDocumento).toBe('');
    expect(credit.facturaAfectada).toBe('F000001');
    expect(credit.importeTotal).toBe('-196.00');
    expect(credit.impuesto['16']).toBe('-16.00');
    const debit = salesBookLine({ ...base, tipo: 'N/D', numero: '00000002', facturaAfectada: 'F000001' }, 4);
    expect(debit.nroNotaDebito).toBe('00000002');
    expect(debit.importeTotal).toBe('196.00');
  });

  it('an annulled document keeps its line (its control number was used) with zero amounts', () => {
    const line = salesBookLine({ ...base, anulado: true }, 5);
    expect(line.estado).toBe('ANULADA');
    expect(line.nroControl).toBe('00-00000001');
    expect([line.importeTotal, line.exento, line.base['16'], line.impuesto['16']]).toEqual([
      '0.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
  });

  it('rates 8, 16 and 31 have their columns; 16, "16.00" and 16.0 are one key; others none', () => {
    expect(rateKey('16.00')).toBe('16');
    expect(rateKey(8)).toBe('8');
    expect(rateKey('31')).toBe('31');
    expect(rateKey('12')).toBeNull();
    expect(rateKey('16.5')).toBeNull();
  });

  it('cells follow the column headings one to one', () => {
    const cells = salesBookCells(salesBookLine(base, 1), '10/03/2026');
    expect(cells).toHaveLength(SALES_BOOK_COLUMNS.length);
    expect(cells.slice(0, 3)).toEqual(['1', '10/03/2026', 'FAC']);
  });
});

describe('sales book totals (third-party sales apart, spec 002 §3 Reports field names)', () => {
  it('sums the own lines and the third-party lines separately', () => {
    const totals = new SalesBookTotals();
    totals.add(salesBookLine(base, 1));
    totals.add(
      salesBookLine(
        {
          ...base,
          tipo: 'N/C',
          totalExento: '0',
          importeTotal: '58.00',
          gravamenes: [{ alicuota: 16, baseImponible: '50.00', montoAlicuota: '8.00' }],
        },
        2,
      ),
    );
    totals.add(salesBookLine({ ...base, anulado: true }, 3));
    totals.add(
      salesBookLine(
        {
          ...base,
          terceros: { rif: 'J-111111111', nombre: 'Tercero' },
          totalExento: '0',
          importeTotal: '108.00',
          gravamenes: [{ alicuota: 8, baseImponible: '100.00', montoAlicuota: '8.00' }],
        },
        4,
      ),
    );
    expect(totals.summary()).toEqual({
      consolidado: 4,
      SinTerceros: 3,
      ConTerceros: 1,
      totalFacturas: {
        totalExentoSinTerceros: '80.00',
        totalExoneradoSinTerceros: '0.00',
        totalImporteTotalSinTerceros: '138.00',
      },
      totalGravamenes: [
        { alicuota: '16', baseImponible: '50.00', montoAlicuota: '8.00' },
        { alicuota: '8', baseImponible: '0.00', montoAlicuota: '0.00' },
        { alicuota: '31', baseImponible: '0.00', montoAlicuota: '0.00' },
      ],
      AcumuladoImporteTerceros: '108.00',
      AcumuladoGravamenTerceros: [
        { alicuota: '16', baseImponible: '0.00', montoAlicuota: '0.00' },
        { alicuota: '8', baseImponible: '100.00', montoAlicuota: '8.00' },
        { alicuota: '31', baseImponible: '0.00', montoAlicuota: '0.00' },
      ],
      totalIvaRetenido: '0.00',
      // By hand: invoices 16 % 100.00/16.00 (line 1) and 8 % 100.00/8.00 (line 4); exempt
      // 80.00; the credit note −50.00/−8.00; total débito 100 + 100 − 50 = 150.00 and 16 + 8 − 8 = 16.00.
      resumen: [
        {
          concepto: 'Ventas internas gravadas, alícuota general 16%',
          baseImponible: '100.00',
          impuesto: '16.00',
        },
        {
          concepto: 'Ventas internas gravadas, alícuota reducida 8%',
          baseImponible: '100.00',
          impuesto: '8.00',
        },
        {
          concepto: 'Ventas internas gravadas, alícuota general más adicional 31%',
          baseImponible: '0.00',
          impuesto: '0.00',
        },
        { concepto: 'Ventas exentas', baseImponible: '80.00', impuesto: '0.00' },
        { concepto: 'Ventas exoneradas', baseImponible: '0.00', impuesto: '0.00' },
        { concepto: 'Ventas no sujetas', baseImponible: '0.00', impuesto: '0.00' },
        { concepto: 'Exportaciones (valor FOB)', baseImponible: '0.00', impuesto: '0.00' },
        { concepto: 'Ajustes por notas de débito', baseImponible: '0.00', impuesto: '0.00' },
        { concepto: 'Ajustes por notas de crédito', baseImponible: '-50.00', impuesto: '-8.00' },
        { concepto: 'Total débito fiscal del período', baseImponible: '150.00', impuesto: '16.00' },
        { concepto: 'IVA retenido por los compradores', baseImponible: '0.00', impuesto: '0.00' },
      ],
    });
  });

  it('the IVA withheld by the buyer is shown with its vouchers and summed; an annulled document shows none', () => {
    const retenido = { monto: '12.00', comprobantes: '20261100000001' };
    const line = salesBookLine({ ...base, retenido }, 1);
    expect([line.ivaRetenido, line.comprobanteRetencion]).toEqual(['12.00', '20261100000001']);
    expect(salesBookCells(line, '10/03/2026').slice(-2)).toEqual(['12.00', '20261100000001']);
    const annulled = salesBookLine({ ...base, anulado: true, retenido }, 2);
    expect([annulled.ivaRetenido, annulled.comprobanteRetencion]).toEqual(['', '']);
    const none = salesBookLine(base, 3);
    expect([none.ivaRetenido, none.comprobanteRetencion]).toEqual(['', '']);
    const totals = new SalesBookTotals();
    for (const l of [
      line,
      annulled,
      none,
      salesBookLine({ ...base, retenido: { monto: '0.05', comprobantes: 'x' } }, 4),
    ])
      totals.add(l);
    expect(totals.summary().totalIvaRetenido).toBe('12.05');
    expect(totals.parts().own.ivaRetenido).toBe('12.05');
  });
});

describe('sales book requests (spec 002 §5 Reports, §7 Reports)', () => {
  const company = '8f4c1b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
  it('months 1 to 12 give their first and last day, February of a leap year included', () => {
    expect(monthRange(2028, 2)).toEqual({ fechaInicio: '2028-02-01', fechaFin: '2028-02-29' });
    expect(monthRange(2026, 12)).toEqual({ fechaInicio: '2026-12-01', fechaFin: '2026-12-31' });
  });
  it('needs a company and ordered dates within a year', () => {
    expect(
      salesBookQuerySchema.safeParse({
        fechaInicio: '2026-03-01',
        fechaFin: '2026-03-31',
        id_localidad: company,
      }).success,
    ).toBe(true);
    const reversed = salesBookQuerySchema.safeParse({
      fechaInicio: '2026-03-31',
      fechaFin: '2026-03-01',
      id_localidad: company,
    });
    expect(reversed.error?.issues[0].message).toBe('La fecha Hasta no puede ser anterior a la fecha Desde');
    expect(
      salesBookQuerySchema.safeParse({
        fechaInicio: '2025-01-01',
        fechaFin: '2026-03-01',
        id_localidad: company,
      }).success,
    ).toBe(false);
    expect(
      salesBookQuerySchema.safeParse({ fechaInicio: '2026-03-01', fechaFin: '2026-03-31' }).success,
    ).toBe(false);
  });
  it('the extended book needs an e-mail like x@y.z', () => {
    const q = { fechaInicio: '2026-03-01', fechaFin: '2026-03-31', id_localidad: company };
    const bad = salesBookExtendedQuerySchema.safeParse({ ...q, email: 'no-es-correo' });
    expect(bad.error?.issues[0].message).toBe('Ingresa un correo electronico valido');
    expect(salesBookExtendedQuerySchema.safeParse({ ...q, email: 'conta@empresa.com' }).success).toBe(true);
  });
});

// RLIVA art. 76 lit. d–e (exempt, exonerated, not subject; the FOB value of exports) and
// art. 78 (taxpayers and non-taxpayers apart), as SENIAT's "IVA – Libros" states them (sources.md S2).
describe('the sales book per RLIVA arts. 76–78', () => {
  it('an EXPORTACION invoice puts its untaxed amount in the exports column (FOB), not in exempt', () => {
    // 500.00 USD at 40.00 = 20,000.00 Bs., all at 0 %: exports 20,000.00; exempt 0.00
    const line = salesBookLine(
      {
        ...base,
        rif: 'J-400000001',
        moneda: 'USD',
        tasaCambio: '40.00',
        totalExento: '500.00',
        importeTotal: '500.00',
        gravamenes: [],
        exportacion: true,
      },
      1,
    );
    expect([line.importeTotal, line.exportacion, line.exento, line.noSujeto]).toEqual([
      '20000.00',
      '20000.00',
      '0.00',
      '0.00',
    ]);
  });

  it('a domestic invoice with a 0 % line neither exempt nor exonerated: that amount is not subject', () => {
    // total 246.00 = exempt 80.00 + base 100.00 + IVA 16.00 + 50.00 at 0 % → not subject 50.00
    const line = salesBookLine({ ...base, importeTotal: '246.00' }, 1);
    expect([line.exento, line.noSujeto, line.exportacion]).toEqual(['80.00', '50.00', '0.00']);
    // the cells carry both new columns after Exoneradas
    const cells = salesBookCells(line, '10/03/2026');
    const at = (key: string) => SALES_BOOK_COLUMNS.findIndex((c) => c.key === key);
    expect([cells[at('noSujeto')], cells[at('exportacion')]]).toEqual(['50.00', '0.00']);
  });

  it('a credit note keeps the sign in the not-subject column too', () => {
    const line = salesBookLine(
      { ...base, tipo: 'N/C', totalExento: '0', importeTotal: '10.00', gravamenes: [] },
      1,
    );
    expect(line.noSujeto).toBe('-10.00');
  });

  it('a buyer with a RIF of a legal person, public body or commune is a taxpayer; a natural person is a final consumer', () => {
    expect(['J-123', 'G-2000', 'C-1', 'j123'].map(isTaxpayerBuyer)).toEqual([true, true, true, true]);
    expect(['V-12345678', 'E-8123456', 'P-123', ''].map(isTaxpayerBuyer)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(salesBookLine({ ...base, rif: 'J-400000001' }, 1).contribuyente).toBe(true);
    expect(salesBookLine(base, 1).contribuyente).toBe(false);
  });

  it('the totals of each section: taxpayers and final consumers apart', () => {
    const totals = new SalesBookTotals();
    totals.add(salesBookLine({ ...base, rif: 'J-400000001' }, 1));
    totals.add(salesBookLine(base, 2));
    totals.add(salesBookLine(base, 3));
    expect([totals.section(true).documentos, totals.section(true).importeTotal]).toEqual([1, '196.00']);
    // 196.00 × 2 = 392.00; IVA 16.00 × 2 = 32.00
    expect([totals.section(false).documentos, totals.section(false).importeTotal]).toEqual([2, '392.00']);
    expect(totals.section(false).impuesto['16']).toBe('32.00');
  });

  it('the summary: a debit note is an adjustment, exports and not-subject sales are summed, the withheld IVA closes it', () => {
    const totals = new SalesBookTotals();
    totals.add(salesBookLine({ ...base, retenido: { monto: '12.00', comprobantes: 'X' } }, 1));
    totals.add(
      salesBookLine(
        {
          ...base,
          tipo: 'N/D',
          totalExento: '0',
          importeTotal: '23.20',
          gravamenes: [{ alicuota: 16, baseImponible: '20.00', montoAlicuota: '3.20' }],
        },
        2,
      ),
    );
    totals.add(
      salesBookLine(
        { ...base, totalExento: '0', importeTotal: '300.00', gravamenes: [], exportacion: true },
        3,
      ),
    );
    const r = Object.fromEntries(
      totals.summary().resumen.map((x) => [x.concepto, [x.baseImponible, x.impuesto]]),
    );
    expect(r['Ventas internas gravadas, alícuota general 16%']).toEqual(['100.00', '16.00']);
    expect(r['Ajustes por notas de débito']).toEqual(['20.00', '3.20']);
    expect(r['Exportaciones (valor FOB)']).toEqual(['300.00', '0.00']);
    // 100.00 + 20.00 = 120.00; 16.00 + 3.20 = 19.20
    expect(r['Total débito fiscal del período']).toEqual(['120.00', '19.20']);
    expect(r['IVA retenido por los compradores']).toEqual(['0.00', '12.00']);
  });
});
