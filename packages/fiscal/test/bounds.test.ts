// Column ranges the schemas enforce (text limits of spec 000 §9 and 002 §9).
import { describe, expect, it } from 'vitest';
import {
  documentLabel,
  extraFieldsProblem,
  fitsDecimal,
  fitsNumeric,
  INT4_MAX,
  invoiceExtrasProblem,
  measureJson,
  NUMERIC,
  numericMax,
  productSchema,
  requiredText,
  shownControlNumber,
  textTooLong,
  tolerant,
} from '../src/index.ts';

describe('fitsNumeric', () => {
  it('numeric(20,2) holds 18 integer digits, counted after PostgreSQL rounds to 2 places', () => {
    expect(numericMax(NUMERIC.amount)).toBe('999999999999999999.99');
    expect(fitsNumeric('999999999999999999.99', NUMERIC.amount)).toBe(true);
    expect(fitsNumeric('-999999999999999999.99', NUMERIC.amount)).toBe(true);
    expect(fitsNumeric('999999999999999999.994', NUMERIC.amount)).toBe(true);
    expect(fitsNumeric('999999999999999999.995', NUMERIC.amount)).toBe(false);
    expect(fitsNumeric('1000000000000000000', NUMERIC.amount)).toBe(false);
  });

  it('numeric(24,8) holds 16 integer digits; numeric(7,2) percentages up to 99999.99', () => {
    expect(fitsNumeric('9999999999999999.99999999', NUMERIC.rate)).toBe(true);
    expect(fitsNumeric('10000000000000000', NUMERIC.rate)).toBe(false);
    expect(fitsNumeric('99999.99', NUMERIC.percent)).toBe(true);
    expect(fitsNumeric('100000', NUMERIC.percent)).toBe(false);
  });

  it('text that is not a finite number never fits', () => {
    for (const bad of ['', 'abc', 'Infinity', 'NaN', '1e400']) {
      expect(fitsNumeric(bad, NUMERIC.amount), bad).toBe(false);
    }
  });
});

describe('text bounds', () => {
  it('requiredText refuses more than 500 characters by default, with the Spanish message', () => {
    const field = requiredText('Es requerido');
    expect(field.safeParse('a'.repeat(500)).success).toBe(true);
    const long = field.safeParse('a'.repeat(501));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe(textTooLong(500));
  });

  it('a product price of 19 integer digits is refused naming the field', () => {
    const result = productSchema.safeParse({
      id_localidad: '00000000-0000-4000-8000-000000000000',
      descripcion: 'x',
      codigo: 'c',
      unidadMedida: 'u',
      tipoVenta: 'Interna',
      precio: '1000000000000000000',
      exento: true,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'El campo precio admite hasta 999999999999999999.99',
    );
  });
});

// Bounds of what documents store: values that fit their columns, extra fields bounded in depth and size,
// checked without recursion.

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
    expect(tolerant.optionalInt('diasCredito').safeParse(INT4_MAX).data).toBe(INT4_MAX);
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
