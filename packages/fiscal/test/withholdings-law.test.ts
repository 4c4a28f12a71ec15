// The withholding rules to the letter of their sources. Each expected figure is
// worked out by hand in the test from the source it cites.
import { describe, expect, it } from 'vitest';
import {
  checkIslrLine,
  Decimal,
  declarationPeriod,
  declarationQuerySchema,
  declaredVoucherMessage,
  declareSchema,
  duplicateLineMessage,
  fortnightOf,
  type IslrConcept,
  islrDeclarationXml,
  islrLineSchema,
  islrWithheld,
  ivaDeclarationTxt,
  WITHHOLDING_MESSAGES as M,
  periodsOverlap,
  TARIFA_2_BRACKETS,
  tarifa2Tax,
  tarifa2Tramos,
  taxUnitOn,
  xmlControlNumber,
  xmlInvoiceNumber,
} from '../src/index.ts';

/** The UT values with their gazettes (apps/server/src/db/reference/tax-units.ts). */
const UNITS = [
  { valor: '0.40', fechaDesde: '2022-04-20' }, // SNAT/2022/000023, G.O. 42.359
  { valor: '9.00', fechaDesde: '2023-05-08' }, // SNAT/2023/000031, G.O. 42.623
  { valor: '43.00', fechaDesde: '2025-06-04' }, // G.O. 43.140 (sources.md S8)
];
const UT43 = UNITS[2];

// Decreto 1.808 art. 9 as seeded (db/reference/islr.ts).
const c002: IslrConcept = {
  codigo: '002',
  concepto: 'Honorarios profesionales no mercantiles',
  tipoPersona: 'PNR',
  porcentaje: '3.00',
  baseImponible: '100.00',
  sustraendo: true,
  factor: '83.3334',
};
const c053: IslrConcept = { ...c002, codigo: '053', porcentaje: '1.00' };
const c005: IslrConcept = {
  codigo: '005',
  concepto: 'Honorarios profesionales no mercantiles',
  tipoPersona: 'PJND',
  porcentaje: '15.00',
  baseImponible: '90.00',
  sustraendo: false,
  factor: null,
  tarifa2: true,
};

describe('item 1: unidad tributaria Bs. 43,00 (G.O. 43.140, June 2025; sources.md S8)', () => {
  it('is the value in force after its date, 9.00 the day before', () => {
    expect(taxUnitOn(UNITS, '2025-06-03')?.valor).toBe('9.00');
    expect(taxUnitOn(UNITS, '2025-06-04')?.valor).toBe('43.00');
    expect(taxUnitOn(UNITS, '2026-11-20')?.valor).toBe('43.00');
  });
  it('concept 002 (honorarios PNR, 3 %) on 10,000.00 withholds 192.50 (sustraendo 107.50)', () => {
    // Decreto 1.808 art. 9 parágrafo segundo: sustraendo = UT × 83.3334 × 3 % = 43 × 2.500002 = 107.500086
    const sustraendo = new Decimal('43').times('83.3334').times('0.03');
    expect(sustraendo.toFixed(2)).toBe('107.50');
    // 10,000.00 × 3 % = 300.00; 300.00 − 107.50 = 192.50
    const expected = new Decimal('10000').times('0.03').minus(sustraendo).toFixed(2);
    expect(expected).toBe('192.50');
    expect(islrWithheld('10000.00', c002, UT43)).toMatchObject({
      baseRetencion: '10000.00',
      porcentaje: '3.00',
      sustraendo: '107.50',
      ut: '43.00',
      retenido: '192.50',
    });
  });
  it('concept 053 (contratistas PNR, 1 %) on 800.00 withholds 0.00', () => {
    // 800 × 1 % = 8.00 < sustraendo 43 × 83.3334 × 1 % = 35.83: nothing withheld (art. 9 parágrafo segundo)
    expect(islrWithheld('800.00', c053, UT43)).toMatchObject({ sustraendo: '35.83', retenido: '0.00' });
  });
});

describe('item 2: Tarifa N° 2 (Ley de ISLR art. 52; Decreto 1.808 art. 9; manual 60.40.40.039 v2.2 note V)', () => {
  it('has the brackets 15/22/34 % at 2,000 and 3,000 UT with sustraendos 140 and 500 UT', () => {
    expect(TARIFA_2_BRACKETS.map((b) => [b.hastaUT, b.porcentaje, b.sustraendoUT])).toEqual([
      ['2000', '15.00', '0'],
      ['3000', '22.00', '140'],
      [null, '34.00', '500'],
    ]);
    // The sustraendo form is continuous at the limits: 2,000 UT × 15 % = 300 UT = 2,000 × 22 % − 140;
    // 3,000 UT: 300 + 1,000 × 22 % = 520 UT = 3,000 × 34 % − 500.
    expect(tarifa2Tax('86000', '43').toFixed(2)).toBe('12900.00');
    expect(tarifa2Tax('129000', '43').toFixed(2)).toBe('22360.00'); // 520 × 43
  });
  it('concept 005 on 100,000.00 (base 90 %) with UT 43 and nothing paid before withholds 13,780.00', () => {
    // base = 100,000 × 90 % = 90,000.00 = 2,093.02 UT, in the second bracket:
    // 22 % × 90,000.00 − 140 × 43 = 19,800.00 − 6,020.00 = 13,780.00
    // = by fractions: 86,000.00 × 15 % + 4,000.00 × 22 % = 12,900.00 + 880.00
    const computed = islrWithheld('100000.00', c005, UT43);
    expect(computed).toMatchObject({ baseRetencion: '90000.00', retenido: '13780.00', porcentaje: '22.00' });
    expect(computed.tramos).toEqual([
      { monto: '86000.00', porcentaje: '15.00' },
      { monto: '4000.00', porcentaje: '22.00' },
    ]);
  });
  it('takes the amount accumulated per beneficiary in the fiscal year: the next payment goes on from it', () => {
    // Prior base 90,000.00 (the payment above); a second 100,000.00 → base 90,000.00; accumulated 180,000.00
    // = 4,186.05 UT. Tax(180,000) = 34 % × 180,000 − 500 × 43 = 61,200 − 21,500 = 39,700.00;
    // Tax(90,000) = 13,780.00; withheld 39,700.00 − 13,780.00 = 25,920.00
    // = by fractions: (129,000 − 90,000) × 22 % + (180,000 − 129,000) × 34 % = 8,580.00 + 17,340.00
    const second = islrWithheld('100000.00', c005, UT43, { acumuladoPrevio: '90000.00' });
    expect(second.retenido).toBe('25920.00');
    expect(second.tramos).toEqual([
      { monto: '39000.00', porcentaje: '22.00' },
      { monto: '51000.00', porcentaje: '34.00' },
    ]);
    // Beyond 3,000 UT everything is at 34 %: 10,000 × 90 % = 9,000 × 34 % = 3,060.00
    expect(islrWithheld('10000', c005, UT43, { acumuladoPrevio: '200000' }).retenido).toBe('3060.00');
  });
  it('a small first payment stays at 15 %, and the rule needs a UT', () => {
    // 1,000 × 90 % × 15 % = 135.00
    expect(islrWithheld('1000', c005, UT43).retenido).toBe('135.00');
    expect(() => islrWithheld('1000', c005, null)).toThrow('unidad tributaria');
    expect(tarifa2Tramos('0', '0', '43')).toEqual([]);
  });
  it('checks a line with the accumulated amount (13,500.00 sent — the flat 15 % — is refused)', () => {
    const line = islrLineSchema.parse({
      fechaDocumento: '2026-11-10',
      nroDocumento: 'F-1',
      nroControlDocumento: '00-1',
      conceptoIslr: '005',
      montoTotalDocumento: '100000',
      baseImponible: '100000',
      causadoRetenido: '13500.00',
    });
    expect(() => checkIslrLine(line, c005, UT43, '2026-11-20')).toThrow(
      'El campo causadoRetenido enviado (13500.00) no coincide con el calculado (13780.00)',
    );
    expect(checkIslrLine({ ...line, causadoRetenido: '13780.00' }, c005, UT43, '2026-11-20').retenido).toBe(
      '13780.00',
    );
  });
});

describe('item 3: RelacionRetencionesISLR (manual 60.40.40.039 v2.2 §2.1, §4.1; odoo-venezuela islr_xml_wh.py)', () => {
  it('keeps the last 10 digits of the invoice and the last 8 of the control number, NA when none', () => {
    expect(xmlInvoiceNumber('FAC-000012345678')).toBe('0012345678');
    expect(xmlInvoiceNumber('A-77')).toBe('77');
    expect(xmlInvoiceNumber('S/N')).toBe('0');
    expect(xmlControlNumber('00-00168441')).toBe('00168441');
    expect(xmlControlNumber('01-2345678901')).toBe('45678901');
    expect(xmlControlNumber('00-3')).toBe('3');
    expect(xmlControlNumber('00168441')).toBe('00168441');
    expect(xmlControlNumber('N/A')).toBe('NA');
  });
  it('MontoOperacion is the payment × base %, one record per Tarifa N° 2 bracket', () => {
    const computed = islrWithheld('100000.00', c005, UT43);
    const xml = islrDeclarationXml('J-123456789', '2026-11', [
      {
        rifAgente: 'J-123456789',
        rifProveedor: 'J-400000001',
        nroComprobante: '20261100000001',
        lines: [
          {
            fechaDocumento: '2026-11-05',
            nroDocumento: 'FAC-000012345678',
            nroControlDocumento: '00-00168441',
            conceptoIslr: '005',
            baseImponible: '100000.00',
            baseRetencion: computed.baseRetencion,
            porcentaje: computed.porcentaje,
            tramos: computed.tramos,
          },
        ],
      },
    ]);
    const records = [
      ...xml.matchAll(/<MontoOperacion>([\d.]+)<\/MontoOperacion>\s*<PorcentajeRetencion>([\d.]+)</g),
    ];
    expect(records.map((r) => [r[1], r[2]])).toEqual([
      ['86000.00', '15.00'],
      ['4000.00', '22.00'],
    ]);
    // Σ MontoOperacion × PorcentajeRetencion = 12,900.00 + 880.00 = 13,780.00, what was withheld
    const total = records.reduce(
      (acc, r) => acc.plus(new Decimal(r[1]).times(r[2]).div(100)),
      new Decimal(0),
    );
    expect(total.toFixed(2)).toBe(computed.retenido);
    expect(xml).toContain('<NumeroFactura>0012345678</NumeroFactura>');
    expect(xml).toContain('<NumeroControl>00168441</NumeroControl>');
  });
  it('a concept with base 90 % declares 90 % of the payment (concept 003 PNNR 34 %)', () => {
    const xml = islrDeclarationXml('J-123456789', '2026-11', [
      {
        rifAgente: 'J-123456789',
        rifProveedor: 'V-012345678',
        nroComprobante: '1',
        lines: [
          {
            fechaDocumento: '2026-11-05',
            nroDocumento: '1',
            nroControlDocumento: '',
            conceptoIslr: '003',
            baseImponible: '1000.00',
            baseRetencion: '900.00',
            porcentaje: '34.00',
          },
        ],
      },
    ]);
    // 1,000 × 90 % = 900.00; 900.00 × 34 % = 306.00 withheld
    expect(xml).toContain('<MontoOperacion>900.00</MontoOperacion>');
    expect(xml).toContain('<NumeroControl>NA</NumeroControl>');
  });
});

describe('item 4: a document with several rates (odoo-venezuela generate_txt.py: one TXT line per tax)', () => {
  const base = {
    fechaDocumento: '2026-11-10',
    tipoTransaccion: '01-REG' as const,
    nroDocumento: '000123',
    nroControlDocumento: '00-00168441',
  };
  it('one line per rate of the same invoice is valid; the same rate twice is the spec duplicate', () => {
    expect(
      duplicateLineMessage([
        { ...base, alicuota: '16' },
        { ...base, alicuota: '8' },
      ]),
    ).toBeNull();
    expect(
      duplicateLineMessage([
        { ...base, alicuota: '16' },
        { ...base, alicuota: '16.00' },
      ]),
    ).toBe(M.duplicateDocumento);
  });
  it('gives one TXT line per rate', () => {
    const line = {
      ...base,
      nroNota: null,
      nroDocumentoAfectado: null,
      compraExento: '0',
    };
    // 16 %: base 1,000.00, IVA 160.00, 75 % = 120.00; 8 %: base 500.00, IVA 40.00, 75 % = 30.00;
    // the invoice's total 1,000 + 160 + 500 + 40 = 1,700.00 on both lines.
    const txt = ivaDeclarationTxt('2026-11', [
      {
        rifAgente: 'J-123456789',
        rifProveedor: 'J-987654321',
        nroComprobante: '20261100000001',
        lines: [
          {
            ...line,
            montoTotalDocumento: '1700',
            baseImponible: '1000',
            alicuota: '16',
            impuestoRetenido: '120',
          },
          {
            ...line,
            montoTotalDocumento: '1700',
            baseImponible: '500',
            alicuota: '8',
            impuestoRetenido: '30',
          },
        ],
      },
    ]);
    const rows = txt
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split('\t'));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r[6], r[9], r[10], r[14]])).toEqual([
      ['000123', '1000.00', '120.00', '16.00'],
      ['000123', '500.00', '30.00', '8.00'],
    ]);
  });
});

describe('item 6: fortnights (quincenas 1-15 and 16-end; sources.md S9, S12)', () => {
  it('gives the days of a month or one of its fortnights', () => {
    expect(declarationPeriod('2026-02', 2)).toEqual({
      periodo: '2026-02',
      quincena: 2,
      desde: '2026-02-16',
      hasta: '2026-02-28',
      etiqueta: '202602-Q2',
    });
    expect(declarationPeriod('2028-02', null).hasta).toBe('2028-02-29');
    expect(declarationPeriod('2026-11', 1)).toMatchObject({ desde: '2026-11-01', hasta: '2026-11-15' });
  });
  it("a voucher's fiscal period defaults to its fortnight", () => {
    expect(fortnightOf('2026-11-15')).toEqual({
      periodoFiscalDel: '2026-11-01',
      periodoFiscalAl: '2026-11-15',
    });
    expect(fortnightOf('2026-11-16')).toEqual({
      periodoFiscalDel: '2026-11-16',
      periodoFiscalAl: '2026-11-30',
    });
  });
  it('reads quincena 1 or 2 and refuses anything else in Spanish', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(
      declarationQuerySchema.parse({ id_localidad: id, periodo: '2026-11', quincena: '2' }).quincena,
    ).toBe(2);
    expect(declarationQuerySchema.parse({ id_localidad: id, periodo: '2026-11' }).quincena).toBeUndefined();
    const bad = declarationQuerySchema.safeParse({ id_localidad: id, periodo: '2026-11', quincena: '3' });
    expect(bad.success ? '' : bad.error.issues[0].message).toContain('quincena debe ser 1');
  });
  it('a month and one of its fortnights overlap; the two fortnights do not', () => {
    expect(periodsOverlap(declarationPeriod('2026-11'), declarationPeriod('2026-11', 2))).toBe(true);
    expect(periodsOverlap(declarationPeriod('2026-11', 1), declarationPeriod('2026-11', 2))).toBe(false);
  });
});

describe('item 7: declared state', () => {
  it('says why a declared voucher cannot change and what to do instead', () => {
    const m = declaredVoucherMessage('20261100000001', '202611-Q1');
    expect(m).toContain('ya fue declarada al SENIAT en el período 202611-Q1');
    expect(m).toContain('no se puede anular ni modificar');
    expect(m).toContain('ajuste en un período posterior');
  });
  it('takes the SHA-256 of the downloaded file', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const ok = declareSchema.safeParse({
      id_localidad: id,
      periodo: '2026-11',
      modelo: 'IVA',
      sha256: 'A'.repeat(64),
    });
    expect(ok.success && ok.data.sha256).toBe('a'.repeat(64));
    const bad = declareSchema.safeParse({ id_localidad: id, periodo: '2026-11', modelo: 'IVA', sha256: 'x' });
    expect(bad.success ? '' : bad.error.issues[0].message).toContain('sha256 debe ser el SHA-256');
  });
});
