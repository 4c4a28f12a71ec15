import { describe, expect, it } from 'vitest';
import { compareAmounts, documentTotals, type LineInput, lineTotals } from '../src/index.ts';

// Every expected value below is computed by hand in exact decimal arithmetic (the working is in the
// comment next to it); none is derived from the code under test.

const line = (l: Partial<LineInput> & Pick<LineInput, 'precio' | 'cantidad'>): LineInput => ({
  alicuota: '16',
  ...l,
});

describe('spec 001 §4.4 line rule: no discount', () => {
  it('spec 001 §4.4: with no discount, importe = price × quantity', () => {
    // 12.50 × 3 = 37.50; tax 37.50 × 16 % = 6.00
    expect(lineTotals(line({ precio: '12.50', cantidad: '3' }))).toEqual({
      bruto: '37.50',
      descuento: '0.00',
      importe: '37.50',
      alicuota: '16.00',
      impuesto: '6.00',
      exento: false,
      exonerado: false,
    });
  });

  it('spec 001 §4.4 + contract "General rules": importe is rounded half-up to 2 places (1.005 → 1.01)', () => {
    // A binary float gives (1.005).toFixed(2) === '1.00'; the law rounds half up.
    expect(lineTotals(line({ precio: '1.005', cantidad: '1' })).importe).toBe('1.01');
    // 0.125 × 3 = 0.375 → 0.38
    expect(lineTotals(line({ precio: '0.125', cantidad: '3' })).importe).toBe('0.38');
    // 3.33 × 1.5 = 4.995 → 5.00 (fractional quantity)
    expect(lineTotals(line({ precio: '3.33', cantidad: '1.5' })).importe).toBe('5.00');
    // 3.33 × 1.4 = 4.662 → 4.66 (below the half)
    expect(lineTotals(line({ precio: '3.33', cantidad: '1.4' })).importe).toBe('4.66');
  });

  it('spec 001 §4.4: the line tax is importe × rate, rounded half-up (0.50 × 31 % = 0.155 → 0.16)', () => {
    // (0.5 * 0.31).toFixed(2) === '0.15' in binary floats.
    expect(lineTotals(line({ precio: '0.50', cantidad: '1', alicuota: '31' })).impuesto).toBe('0.16');
    // 1.50 × 31 % = 0.465 → 0.47
    expect(lineTotals(line({ precio: '1.50', cantidad: '1', alicuota: '31' })).impuesto).toBe('0.47');
    // 10.03 × 16 % = 1.6048 → 1.60
    expect(lineTotals(line({ precio: '10.03', cantidad: '1' })).impuesto).toBe('1.60');
    // 72.65 × 8 % = 5.812 → 5.81
    expect(lineTotals(line({ precio: '72.65', cantidad: '1', alicuota: '8' })).impuesto).toBe('5.81');
  });

  it('contract "General rules": amounts as JSON numbers and as numeric strings give the same exact result', () => {
    // 0.1 × 3 is 0.30000000000000004 in binary floats; exactly 0.30 here.
    const fromNumbers = lineTotals({ precio: 0.1, cantidad: 3, alicuota: 16 });
    const fromStrings = lineTotals({ precio: '0.1', cantidad: '3', alicuota: '16' });
    expect(fromNumbers).toEqual(fromStrings);
    // 0.30 × 16 % = 0.048 → 0.05
    expect(fromNumbers).toMatchObject({
      bruto: '0.30',
      importe: '0.30',
      impuesto: '0.05',
      alicuota: '16.00',
    });
  });

  it('spec 001 §4.4: large amounts stay exact (99,999,999,999.99 × 1000 at 16 %)', () => {
    // 99999999999.99 × 1000 = 99999999999990.00; × 0.16 = 15999999999998.40
    expect(lineTotals(line({ precio: '99999999999.99', cantidad: '1000' }))).toMatchObject({
      bruto: '99999999999990.00',
      importe: '99999999999990.00',
      impuesto: '15999999999998.40',
    });
  });
});

describe('spec 001 §4.4 line rule: percent discount', () => {
  it('spec 001 §4.4: percent discount: importe = (price − price×pct/100) × quantity', () => {
    // 10.99 × 15 / 100 = 1.6485; 10.99 − 1.6485 = 9.3415; × 3 = 28.0245 → 28.02
    // bruto 10.99 × 3 = 32.97; descuento 32.97 − 28.02 = 4.95; tax 28.02 × 16 % = 4.4832 → 4.48
    expect(lineTotals(line({ precio: '10.99', cantidad: '3', descuentoPorcentaje: '15' }))).toEqual({
      bruto: '32.97',
      descuento: '4.95',
      importe: '28.02',
      alicuota: '16.00',
      impuesto: '4.48',
      exento: false,
      exonerado: false,
    });
  });

  it('spec 001 §4.4: percent discount: the discounted importe rounds half-up (0.35 − 10 % = 0.315 → 0.32)', () => {
    // 0.35 − 0.035 = 0.315 → 0.32 (floats give 0.31499999999999995); descuento 0.35 − 0.32 = 0.03
    expect(lineTotals(line({ precio: '0.35', cantidad: '1', descuentoPorcentaje: '10' }))).toMatchObject({
      importe: '0.32',
      descuento: '0.03',
    });
    // 55.55 − 5.555 = 49.995; × 3 = 149.985 → 149.99; bruto 166.65; descuento 16.66
    expect(
      lineTotals(line({ precio: '55.55', cantidad: '3', descuentoPorcentaje: '10', alicuota: '8' })),
    ).toMatchObject({ bruto: '166.65', importe: '149.99', descuento: '16.66', impuesto: '12.00' });
  });

  it('spec 001 §4.4: a 100 % discount leaves importe and tax at 0 and the whole amount as discount', () => {
    // 45.67 × 2 = 91.34, all of it discounted
    expect(
      lineTotals(line({ precio: '45.67', cantidad: '2', descuentoPorcentaje: '100', alicuota: '31' })),
    ).toMatchObject({
      bruto: '91.34',
      descuento: '91.34',
      importe: '0.00',
      impuesto: '0.00',
      alicuota: '31.00',
    });
  });

  it('spec 001 §4.4: the percent wins when a connector sends both percent (descuento) and amount (montoDescuento)', () => {
    // 100 − 10 % = 90; × 2 = 180.00 (the 50.00 amount is the connector's echo, not a second discount)
    expect(
      lineTotals(line({ precio: '100', cantidad: '2', descuentoPorcentaje: '10', descuentoMonto: '50' })),
    ).toMatchObject({ importe: '180.00', descuento: '20.00', impuesto: '28.80' });
  });
});

describe('spec 001 §4.4 line rule: fixed amount discount', () => {
  it('spec 001 §4.4: fixed amount discount: importe = price × quantity − amount', () => {
    // 20 × 4 = 80.00; − 7.35 = 72.65; tax 72.65 × 8 % = 5.812 → 5.81
    expect(lineTotals(line({ precio: '20', cantidad: '4', descuentoMonto: '7.35', alicuota: '8' }))).toEqual({
      bruto: '80.00',
      descuento: '7.35',
      importe: '72.65',
      alicuota: '8.00',
      impuesto: '5.81',
      exento: false,
      exonerado: false,
    });
  });

  it('spec 001 §4.4: an amount discount applies when the percent is absent or 0', () => {
    // 80.00 − 5.50 = 74.50; tax 74.50 × 31 % = 23.095 → 23.10
    for (const descuentoPorcentaje of [undefined, null, '0', 0]) {
      expect(
        lineTotals(
          line({ precio: '80', cantidad: '1', descuentoPorcentaje, descuentoMonto: '5.50', alicuota: '31' }),
        ),
      ).toMatchObject({ importe: '74.50', descuento: '5.50', impuesto: '23.10' });
    }
  });

  it('spec 001 §4.4: an amount discount equal to the line amount leaves 0', () => {
    expect(lineTotals(line({ precio: '45.67', cantidad: '2', descuentoMonto: '91.34' }))).toMatchObject({
      importe: '0.00',
      descuento: '91.34',
      impuesto: '0.00',
    });
  });
});

describe('spec 001 §4.4 line rule: exempt and exonerated lines carry no tax', () => {
  it('spec 001 §4.4: an exempt line keeps its amount, its rate becomes 0 and its tax 0', () => {
    expect(lineTotals(line({ precio: '50', cantidad: '1', exento: true, alicuota: '16' }))).toEqual({
      bruto: '50.00',
      descuento: '0.00',
      importe: '50.00',
      alicuota: '0.00',
      impuesto: '0.00',
      exento: true,
      exonerado: false,
    });
  });

  it('spec 001 §4.4: an exonerated line keeps its amount, its rate becomes 0 and its tax 0', () => {
    // 25.25 × 2 = 50.50
    expect(lineTotals(line({ precio: '25.25', cantidad: '2', exonerado: true, alicuota: '8' }))).toEqual({
      bruto: '50.50',
      descuento: '0.00',
      importe: '50.50',
      alicuota: '0.00',
      impuesto: '0.00',
      exento: false,
      exonerado: true,
    });
  });
});

// Lines of a mixed invoice, with their hand-computed amounts:
//  A 100.00 × 2 at 16 %                → 200.00
//  B 55.55 × 3 at 8 %, 10 % discount   → 149.99 (discount 16.66)
//  C 80.00 × 1 at 31 %, 5.50 discount  → 74.50  (discount 5.50)
//  D 40.00 × 1 exempt (rate 16 sent)   → 40.00
//  E 25.25 × 2 exonerated (rate 8 sent)→ 50.50
//  F 10.00 × 1 at 16 %                 → 10.00
//  G 12.00 × 1 at 0 %, not flagged     → 12.00
const A = line({ precio: '100.00', cantidad: '2', alicuota: '16' });
const B = line({ precio: '55.55', cantidad: '3', alicuota: '8', descuentoPorcentaje: '10' });
const C = line({ precio: '80', cantidad: '1', alicuota: '31', descuentoMonto: '5.50' });
const D = line({ precio: '40', cantidad: '1', alicuota: '16', exento: true });
const E = line({ precio: '25.25', cantidad: '2', alicuota: '8', exonerado: true });
const F = line({ precio: '10', cantidad: '1', alicuota: '16' });
const G = line({ precio: '12', cantidad: '1', alicuota: '0' });

describe('spec 001 §4.4 document totals: mixed rates 8/16/31, exempt and exonerated', () => {
  it('spec 001 §4.4: subtotal, exempt, exonerated, discount, one row per rate, total', () => {
    // subTotal = 200.00 + 149.99 + 74.50 + 40.00 + 50.50 + 10.00 + 12.00 = 536.99
    // 8 %:  base 149.99 → 11.9992 → 12.00
    // 16 %: base 200.00 + 10.00 = 210.00 → 33.60
    // 31 %: base 74.50 → 23.095 → 23.10 (half-up)
    // IVA 12.00 + 33.60 + 23.10 = 68.70; total 536.99 + 68.70 = 605.69
    // discount 16.66 + 5.50 = 22.16
    expect(documentTotals([A, B, C, D, E, F, G].map(lineTotals))).toEqual({
      subTotal: '536.99',
      totalExento: '40.00',
      totalExonerado: '50.50',
      montoDescuento: '22.16',
      gravamenes: [
        { alicuota: '8.00', baseImponible: '149.99', montoAlicuota: '12.00' },
        { alicuota: '16.00', baseImponible: '210.00', montoAlicuota: '33.60' },
        { alicuota: '31.00', baseImponible: '74.50', montoAlicuota: '23.10' },
      ],
      totalIva: '68.70',
      importeTotal: '605.69',
    });
  });

  it('spec 001 §4.4: removing a line subtracts its amounts from the subtotal, tax and total', () => {
    // Without C: subTotal 536.99 − 74.50 = 462.49; no 31 % row; IVA 12.00 + 33.60 = 45.60;
    // total 462.49 + 45.60 = 508.09; discount 22.16 − 5.50 = 16.66
    expect(documentTotals([A, B, D, E, F, G].map(lineTotals))).toMatchObject({
      subTotal: '462.49',
      montoDescuento: '16.66',
      gravamenes: [
        { alicuota: '8.00', baseImponible: '149.99', montoAlicuota: '12.00' },
        { alicuota: '16.00', baseImponible: '210.00', montoAlicuota: '33.60' },
      ],
      totalIva: '45.60',
      importeTotal: '508.09',
    });
  });

  it('spec 001 §4.4: with no lines every total is 0.00 and there is no tax row', () => {
    expect(documentTotals([])).toEqual({
      subTotal: '0.00',
      totalExento: '0.00',
      totalExonerado: '0.00',
      montoDescuento: '0.00',
      gravamenes: [],
      totalIva: '0.00',
      importeTotal: '0.00',
    });
  });
});

describe('spec 001 §4.2 tax totals are grouped per tax type', () => {
  it('spec 001 §4.2: one row per rate, in rate order 8, 16, 31 whatever the line order', () => {
    // Sorting the rates as text would give 16, 31, 8.
    const rows = documentTotals([C, F, B, A].map(lineTotals)).gravamenes;
    expect(rows.map((g) => g.alicuota)).toEqual(['8.00', '16.00', '31.00']);
  });

  it('spec 001 §4.2: the tax of a rate is its grouped base × rate, not the sum of rounded line taxes', () => {
    // Three lines of 0.50 at 31 %: each line tax 0.155 → 0.16 (0.48 summed), but the group's base is
    // 1.50 and its tax 0.465 → 0.47.
    const lines = [1, 2, 3].map(() => lineTotals(line({ precio: '0.50', cantidad: '1', alicuota: '31' })));
    expect(lines.map((l) => l.impuesto)).toEqual(['0.16', '0.16', '0.16']);
    expect(documentTotals(lines)).toMatchObject({
      subTotal: '1.50',
      gravamenes: [{ alicuota: '31.00', baseImponible: '1.50', montoAlicuota: '0.47' }],
      totalIva: '0.47',
      importeTotal: '1.97',
    });
  });

  it('spec 001 §4.2: rates sent as 16, "16" and "16.0" fall in the same row', () => {
    const lines = [16, '16', '16.0'].map((alicuota) =>
      lineTotals(line({ precio: '10', cantidad: '1', alicuota })),
    );
    expect(documentTotals(lines).gravamenes).toEqual([
      { alicuota: '16.00', baseImponible: '30.00', montoAlicuota: '4.80' },
    ]);
  });
});

describe('spec 001 §4.4 document totals: many lines do not drift', () => {
  it('spec 001 §4.4: 105 lines of 0.10 at 31 % → base 10.50, tax 3.255 → 3.26 (floats give 3.25)', () => {
    // Adding 0.1 105 times in binary floats gives 10.499999999999979, whose 31 % rounds to 3.25.
    const lines = Array.from({ length: 105 }, () =>
      lineTotals(line({ precio: '0.10', cantidad: '1', alicuota: '31' })),
    );
    expect(documentTotals(lines)).toMatchObject({
      subTotal: '10.50',
      gravamenes: [{ alicuota: '31.00', baseImponible: '10.50', montoAlicuota: '3.26' }],
      totalIva: '3.26',
      importeTotal: '13.76',
    });
  });

  it('spec 001 §4.4: 1000 lines of 0.07 at 16 % → 70.00 + 11.20 = 81.20 (floats give 69.99999999999966)', () => {
    const lines = Array.from({ length: 1000 }, () => lineTotals(line({ precio: '0.07', cantidad: '1' })));
    expect(documentTotals(lines)).toMatchObject({
      subTotal: '70.00',
      gravamenes: [{ alicuota: '16.00', baseImponible: '70.00', montoAlicuota: '11.20' }],
      totalIva: '11.20',
      importeTotal: '81.20',
    });
  });

  it('spec 001 §4.4: large amounts across rates stay exact', () => {
    // 99999999999990.00 at 16 % → 15999999999998.40; 12345678901.23 exempt;
    // 987654321.05 × 3 = 2962962963.15 at 31 % → 918518518.5765 → 918518518.58
    // subTotal 99999999999990.00 + 12345678901.23 + 2962962963.15 = 100015308641854.38
    // IVA 15999999999998.40 + 918518518.58 = 16000918518516.98
    // total 100015308641854.38 + 16000918518516.98 = 116016227160371.36
    const lines = [
      line({ precio: '99999999999.99', cantidad: '1000' }),
      line({ precio: '12345678901.23', cantidad: '1', exento: true }),
      line({ precio: '987654321.05', cantidad: '3', alicuota: '31' }),
    ].map(lineTotals);
    expect(documentTotals(lines)).toEqual({
      subTotal: '100015308641854.38',
      totalExento: '12345678901.23',
      totalExonerado: '0.00',
      montoDescuento: '0.00',
      gravamenes: [
        { alicuota: '16.00', baseImponible: '99999999999990.00', montoAlicuota: '15999999999998.40' },
        { alicuota: '31.00', baseImponible: '2962962963.15', montoAlicuota: '918518518.58' },
      ],
      totalIva: '16000918518516.98',
      importeTotal: '116016227160371.36',
    });
  });
});

describe("contract invoices: the connector's amounts are checked with a 0.01 tolerance, naming the field", () => {
  it('contract: a difference of exactly 0.01 is accepted, exactly (0.31 − 0.30 is 0.010000000000000009 in floats)', () => {
    expect(
      compareAmounts([
        { field: 'importeTotal', sent: '605.70', expected: '605.69' },
        { field: 'subTotal', sent: '536.98', expected: '536.99' },
        { field: 'totalIva', sent: 0.31, expected: '0.30' },
        { field: 'montoDescuento', sent: '22.16', expected: '22.16' },
      ]),
    ).toEqual([]);
  });

  it('contract: a difference of 0.02 (or 0.011) is reported with the field, what was sent and what was expected', () => {
    expect(
      compareAmounts([
        { field: 'importeTotal', sent: '605.71', expected: '605.69' },
        { field: 'subTotal', sent: '536.979', expected: '536.99' },
        { field: 'totalExento', sent: 40, expected: '40.00' },
      ]),
    ).toEqual([
      { field: 'importeTotal', sent: '605.71', expected: '605.69' },
      // 536.979 is 0.011 away; shown rounded half-up: 536.98
      { field: 'subTotal', sent: '536.98', expected: '536.99' },
    ]);
  });

  it('contract: an amount the connector did not send (absent or null) is not compared', () => {
    expect(
      compareAmounts([
        { field: 'lstDetallesFacturaGeneral[0].importe', sent: undefined, expected: '1.00' },
        { field: 'lstDetallesFacturaGeneral[0].montoGravamen', sent: null, expected: '0.16' },
      ]),
    ).toEqual([]);
  });
});
