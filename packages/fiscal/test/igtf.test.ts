import { describe, expect, it } from 'vitest';
import {
  dec,
  GENERATE_MAX_REMAINING,
  IGTF_RATE,
  igtfOf,
  igtfOfPayments,
  igtfProblem,
  OWED_ZERO_THRESHOLD,
  remainingBalance,
} from '../src/index.ts';

const special = { contribuyenteEspecial: true };
const ordinary = { contribuyenteEspecial: false };

describe('spec 001 §9 IGTF: 3 % of foreign-currency payments received by a special taxpayer', () => {
  it('spec 001 §9: the rate is 3 %', () => {
    expect(IGTF_RATE).toBe('3');
  });

  it('spec 001 §9: USD and EUR payments to a special taxpayer carry 3 % of the amount', () => {
    // 100.00 × 3 % = 3.00
    expect(igtfOf({ monto: '100.00', divisa: 'USD', igtf: true }, special)).toBe('3.00');
    // 250.50 × 3 % = 7.515 → 7.52 (half-up)
    expect(igtfOf({ monto: '250.50', divisa: 'EUR', igtf: true }, special)).toBe('7.52');
    // 1234567.89 × 3 % = 37037.0367 → 37037.04
    expect(igtfOf({ monto: '1234567.89', divisa: 'USD', igtf: true }, special)).toBe('37037.04');
  });

  it('spec 001 §9: the surcharge rounds half-up to the cent (0.50 → 0.015 → 0.02; 100.50 → 3.015 → 3.02)', () => {
    expect(igtfOf({ monto: '0.50', divisa: 'USD', igtf: true }, special)).toBe('0.02');
    expect(igtfOf({ monto: '10.50', divisa: 'USD', igtf: true }, special)).toBe('0.32');
    expect(igtfOf({ monto: '100.50', divisa: 'USD', igtf: true }, special)).toBe('3.02');
    // 10.49 × 3 % = 0.3147 → 0.31
    expect(igtfOf({ monto: '10.49', divisa: 'USD', igtf: true }, special)).toBe('0.31');
    // a JSON number amount is read exactly: 10.5 → 0.315 → 0.32
    expect(igtfOf({ monto: 10.5, divisa: 'USD', igtf: true }, special)).toBe('0.32');
  });

  it('spec 001 §9: any currency outside the national financial system counts (COP), whatever its case', () => {
    expect(igtfOf({ monto: '200', divisa: 'COP', igtf: true }, special)).toBe('6.00');
    expect(igtfOf({ monto: '200', divisa: 'usd', igtf: true }, special)).toBe('6.00');
  });

  it('spec 001 §9: an ordinary (not special) taxpayer never charges IGTF, even on USD or EUR', () => {
    expect(igtfOf({ monto: '100.00', divisa: 'USD', igtf: true }, ordinary)).toBeNull();
    expect(igtfOf({ monto: '100.00', divisa: 'EUR', igtf: true }, ordinary)).toBeNull();
  });

  it('spec 001 §9: payments in bolívares (VEF, VES, VED, Bs.) never carry IGTF, even for a special taxpayer', () => {
    for (const divisa of ['VEF', 'VES', 'VED', 'BS', 'Bs.', 'vef']) {
      expect(igtfOf({ monto: '100.00', divisa, igtf: true }, special)).toBeNull();
    }
  });

  it('spec 001 §4.2: a payment whose IGTF box is not ticked carries none', () => {
    expect(igtfOf({ monto: '100.00', divisa: 'USD', igtf: false }, special)).toBeNull();
  });
});

describe('spec 001 §9 IGTF: why a ticked IGTF cannot apply (the message a connector reads)', () => {
  it('spec 001 §9: a ticked IGTF on a bolívar payment is refused, naming the rule', () => {
    expect(igtfProblem({ monto: '100', divisa: 'VEF', igtf: true }, special)).toBe(
      'El IGTF solo aplica a pagos en divisas',
    );
  });

  it('spec 001 §9: a ticked IGTF for a company that is not a special taxpayer is refused, naming the rule', () => {
    expect(igtfProblem({ monto: '100', divisa: 'USD', igtf: true }, ordinary)).toBe(
      'El IGTF solo aplica cuando la razón social es contribuyente especial',
    );
  });

  it('spec 001 §9: no problem when it applies or when it is not ticked', () => {
    expect(igtfProblem({ monto: '100', divisa: 'USD', igtf: true }, special)).toBeNull();
    expect(igtfProblem({ monto: '100', divisa: 'VEF', igtf: false }, ordinary)).toBeNull();
    expect(igtfProblem({ monto: '100', divisa: 'USD', igtf: false }, ordinary)).toBeNull();
  });
});

describe('spec 001 §4.2 remaining balance: payments converted into the invoice currency', () => {
  it('spec 001 §4.2: with no payment the whole total is owed', () => {
    expect(remainingBalance('605.69', [])).toBe('605.69');
  });

  it('spec 001 §4.2: each payment reduces what is owed, converted by its rate', () => {
    // VEF invoice of 1000.00: 20 USD at 36.50 = 730.00, then 200.00 Bs. → 1000 − 930 = 70.00
    expect(
      remainingBalance('1000.00', [
        { monto: '20', rateToInvoice: '36.50' },
        { monto: '200.00', rateToInvoice: '1' },
      ]),
    ).toBe('70.00');
  });

  it('spec 001 §4.2: a bolívar payment on a USD invoice converts without losing a cent (1825 Bs. at 36.5 = 50 USD)', () => {
    // 1 / 36.5 is a repeating decimal; 1825 × (1 / 36.5) must still settle exactly 50.00.
    expect(remainingBalance('150.00', [{ monto: '1825', rateToInvoice: dec(1).div('36.5') }])).toBe('100.00');
  });

  it('spec 001 §4.2: an overpayment beyond the 0.03 margin shows as a negative balance', () => {
    expect(remainingBalance('100.00', [{ monto: '110', rateToInvoice: '1' }])).toBe('-10.00');
  });
});

describe('spec 001 §4.4 / §9: the amount owed is treated as 0 at 0.03 or less', () => {
  it('spec 001 §9: the threshold is 0.03', () => {
    expect(OWED_ZERO_THRESHOLD).toBe('0.03');
  });

  it('spec 001 §4.4: 0.03 owed is 0; 0.04 is still owed', () => {
    expect(remainingBalance('605.69', [{ monto: '605.66', rateToInvoice: '1' }])).toBe('0.00');
    expect(remainingBalance('605.69', [{ monto: '605.65', rateToInvoice: '1' }])).toBe('0.04');
    // exact settlement
    expect(remainingBalance('605.69', [{ monto: '605.69', rateToInvoice: '1' }])).toBe('0.00');
  });

  it('spec 001 §4.4: the remainder is rounded half-up before the test (0.034 → 0.03 → 0; 0.035 → 0.04)', () => {
    // 25 EUR at 3.99864 = 99.966 → 0.034 left → 0.03 → 0.00
    expect(remainingBalance('100.00', [{ monto: '25', rateToInvoice: '3.99864' }])).toBe('0.00');
    // 25 EUR at 3.9986 = 99.965 → 0.035 left → 0.04
    expect(remainingBalance('100.00', [{ monto: '25', rateToInvoice: '3.9986' }])).toBe('0.04');
  });

  it('spec 001 §4.4: a mixed-currency settlement 0.03 short counts as paid', () => {
    // 1000.00 Bs.: 20 USD at 36.50 = 730.00 + 269.97 Bs. = 999.97 → 0.03 left → 0.00
    expect(
      remainingBalance('1000.00', [
        { monto: '20', rateToInvoice: '36.50' },
        { monto: '269.97', rateToInvoice: '1' },
      ]),
    ).toBe('0.00');
  });

  it('spec 001 §4.4: an overpayment of up to 0.03 also counts as exactly paid', () => {
    expect(remainingBalance('100.00', [{ monto: '100.03', rateToInvoice: '1' }])).toBe('0.00');
    expect(remainingBalance('100.00', [{ monto: '100.04', rateToInvoice: '1' }])).toBe('-0.04');
  });
});

describe('spec 001 §5.1 / §9: the remaining balance must be below 0.9 to generate', () => {
  it('spec 001 §5.1: 0.89 left allows generating, 0.90 left does not', () => {
    expect(GENERATE_MAX_REMAINING).toBe('0.9');
    const left = (paid: string) => dec(remainingBalance('100.00', [{ monto: paid, rateToInvoice: '1' }]));
    expect(left('99.11').toFixed(2)).toBe('0.89');
    expect(left('99.11').lt(GENERATE_MAX_REMAINING)).toBe(true);
    expect(left('99.10').toFixed(2)).toBe('0.90');
    expect(left('99.10').lt(GENERATE_MAX_REMAINING)).toBe(false);
  });
});

// IGTF 3 %: Ley de IGTF (reform, G.O. Ext. 6.687, 25-02-2022) art. 4 num. 11 and art. 13,
// rate set at 3 % by Decreto 4.647 (G.O. 42.339); perceived by special taxpayers per Providencia
// SNAT/2022/000013 art. 1 (sources.md S9). Base: the payment applied to the debt, min(payment, debt), as
// binaural-dev/odoo-venezuela l10n_ve_igtf computes it (sources.md S10).
describe('IGTF is 3 % of the foreign-currency payment applied to the debt, never of change', () => {
  it('a 116.00 Bs. invoice paid with 20 USD at 40.00 (800.00 Bs.) carries 3.48 Bs., not 24.00', () => {
    // applied = min(20 × 40.00 = 800.00, 116.00) = 116.00; 116.00 × 3 % = 3.48
    const r = igtfOfPayments('116.00', [
      { monto: '20', rateToInvoice: '40.00', igtf: true, national: false },
    ]);
    expect(r.payments).toEqual([{ base: '116.00', igtf: '3.48' }]);
    expect(r.total).toBe('3.48');
    // what is owed counts the IGTF: 116.00 + 3.48 − 800.00 = −680.52 (change)
    expect(remainingBalance('116.00', [{ monto: '20', rateToInvoice: '40.00' }], r.total)).toBe('-680.52');
  });

  it('bolívar payments cancel the debt first: 100.00 Bs. + 20 USD at 40.00 on 116.00 → IGTF on 16.00 = 0.48', () => {
    // the USD payment is listed first; the 100.00 Bs. still apply first: 116.00 − 100.00 = 16.00; 16.00 × 3 % = 0.48
    const r = igtfOfPayments('116.00', [
      { monto: '20', rateToInvoice: '40.00', igtf: true, national: false },
      { monto: '100.00', rateToInvoice: '1', igtf: false, national: true },
    ]);
    expect(r.payments).toEqual([
      { base: '16.00', igtf: '0.48' },
      { base: '0.00', igtf: '0.00' },
    ]);
    expect(r.total).toBe('0.48');
  });

  it('two foreign payments: the second pays only what the first left (1000.00 Bs.; 20 USD at 36.50 then 10 EUR at 40.00)', () => {
    // first: min(730.00, 1000.00) = 730.00 → 21.90; second: min(400.00, 270.00) = 270.00 → 8.10; total 30.00
    const r = igtfOfPayments('1000.00', [
      { monto: '20', rateToInvoice: '36.50', igtf: true, national: false },
      { monto: '10', rateToInvoice: '40.00', igtf: true, national: false },
    ]);
    expect(r.payments.map((p) => [p.base, p.igtf])).toEqual([
      ['730.00', '21.90'],
      ['270.00', '8.10'],
    ]);
    expect(r.total).toBe('30.00');
    // owed: 1000.00 + 30.00 − 730.00 − 400.00 = −100.00
    expect(
      remainingBalance(
        '1000.00',
        [
          { monto: '20', rateToInvoice: '36.50' },
          { monto: '10', rateToInvoice: '40.00' },
        ],
        r.total,
      ),
    ).toBe('-100.00');
  });

  it('paying exactly the total leaves the IGTF owed (the PDF asks TOTAL A PAGAR = total + IGTF)', () => {
    // 2.90 USD × 40.00 = 116.00 → IGTF 3.48 → 3.48 still owed, above the 0.9 that lets it generate
    const r = igtfOfPayments('116.00', [
      { monto: '2.90', rateToInvoice: '40.00', igtf: true, national: false },
    ]);
    expect(r.total).toBe('3.48');
    const left = remainingBalance('116.00', [{ monto: '2.90', rateToInvoice: '40.00' }], r.total);
    expect(left).toBe('3.48');
    expect(dec(left).lt(GENERATE_MAX_REMAINING)).toBe(false);
  });

  it('an unticked foreign payment carries none but still cancels debt', () => {
    const r = igtfOfPayments('100.00', [
      { monto: '1', rateToInvoice: '60', igtf: false, national: false },
      { monto: '1', rateToInvoice: '60', igtf: true, national: false },
    ]);
    // second: min(60, 100 − 60 = 40) = 40.00 → 1.20
    expect(r.payments[1]).toEqual({ base: '40.00', igtf: '1.20' });
    expect(r.total).toBe('1.20');
  });

  it('a USD invoice: the IGTF is in the invoice currency (100.00 USD paid with 150 USD → 3.00 USD)', () => {
    const r = igtfOfPayments('100.00', [{ monto: '150', rateToInvoice: '1', igtf: true, national: false }]);
    expect(r.total).toBe('3.00');
  });
});
