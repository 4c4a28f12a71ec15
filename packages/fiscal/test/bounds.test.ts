// Column ranges the schemas enforce (issue 13 items 9 and 11; text limits of spec 000 §9 and 002 §9).
import { describe, expect, it } from 'vitest';
import { fitsNumeric, NUMERIC, numericMax, productSchema, requiredText, textTooLong } from '../src/index.ts';

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
