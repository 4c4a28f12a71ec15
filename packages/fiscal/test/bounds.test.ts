// Bounds of what documents store (issue 13 item 9): values that fit their columns, extra fields bounded
// in depth and size, checked without recursion.
import { describe, expect, it } from 'vitest';
import {
  documentLabel,
  extraFieldsProblem,
  fitsDecimal,
  INTEGER_MAX,
  invoiceExtrasProblem,
  measureJson,
  shownControlNumber,
  tolerant,
} from '../src/index.ts';

describe('fitsDecimal: numeric(20,2) amounts, numeric(24,8) rates, numeric(20,4) quantities', () => {
  it('accepts the largest value of each column and refuses the next power of ten', () => {
    expect(fitsDecimal('999999999999999999.99', 'amount')).toBe(true);
    expect(fitsDecimal('1e18', 'amount')).toBe(false);
    expect(fitsDecimal(1e18, 'amount')).toBe(false);
    expect(fitsDecimal('-1e18', 'amount')).toBe(false);
    expect(fitsDecimal('9999999999999999.99999999', 'rate')).toBe(true);
    expect(fitsDecimal('1e16', 'rate')).toBe(false);
    expect(fitsDecimal('1e16', 'quantity')).toBe(false);
    expect(fitsDecimal('1e400', 'rate')).toBe(false);
    expect(fitsDecimal('Infinity', 'amount')).toBe(false);
    expect(fitsDecimal('no', 'amount')).toBe(false);
  });

  it('the tolerant parsers name the field of a value too large', () => {
    expect(tolerant.decimal('importeTotal').safeParse('1e18').error?.issues[0].message).toBe(
      'importeTotal excede el máximo permitido',
    );
    expect(tolerant.decimal('precio', 'rate').safeParse('1e400').error?.issues[0].message).toBe(
      'precio excede el máximo permitido',
    );
    expect(tolerant.decimal('precio', 'rate').safeParse('12.5').data).toBe('12.5');
    expect(tolerant.optionalInt('diasCredito').safeParse(99999999999).error?.issues[0].message).toBe(
      'diasCredito excede el máximo permitido',
    );
    expect(tolerant.optionalInt('diasCredito').safeParse(INTEGER_MAX).data).toBe(INTEGER_MAX);
  });
});

describe('extra fields: depth and size, measured without recursion', () => {
  const nested = (levels: number) => {
    let v: unknown = 1;
    for (let i = 0; i < levels; i++) v = { a: v };
    return v;
  };

  it('a 100,000-level value is measured without overflowing the stack, capped at the limit', () => {
    expect(measureJson(nested(100_000), { maxDepth: 8, maxChars: 1000 }).depth).toBe(9);
    expect(measureJson({ a: [1, 'xy'] }).depth).toBe(3);
  });

  it('names the extra field too deep, or the size budget exceeded; known fields are not extras', () => {
    expect(extraFieldsProblem({ rif: 'x', profundo: nested(5000) }, ['rif'])).toBe(
      'El campo profundo excede la profundidad máxima de 8 niveles',
    );
    expect(extraFieldsProblem({ ok: nested(7) }, [])).toBeNull();
    expect(extraFieldsProblem({ grande: 'x'.repeat(30_000) }, [])).toMatch(/tamaño máximo/);
    expect(
      invoiceExtrasProblem({
        lstDetallesFacturaGeneral: [{ codigoProducto: 'A' }, { hondo: nested(5000) }],
      }),
    ).toBe('El campo lstDetallesFacturaGeneral[1].hondo excede la profundidad máxima de 8 niveles');
    expect(invoiceExtrasProblem({ RIF: 'J-1', ordenCompra: 'OC-1', nota: { a: 1 } })).toBeNull();
  });
});

describe('document labels (spec 001 §2.2)', () => {
  it('serie-numero, or the number alone; "No generada" until the PDF exists', () => {
    expect(documentLabel('A', '00000123')).toBe('A-00000123');
    expect(documentLabel('', '123')).toBe('123');
    expect(shownControlNumber('00-00000001', false)).toBe('No generada');
    expect(shownControlNumber('00-00000001', true)).toBe('00-00000001');
  });
});
