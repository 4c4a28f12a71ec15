import { describe, expect, it } from 'vitest';
import { formatQuantity } from '../src/index.ts';

describe('formatQuantity: stock and units in Venezuelan notation (spec 000 §9), without padding zeros', () => {
  it('a whole quantity stored as numeric(20,3) shows as an integer, grouped by thousands', () => {
    expect(formatQuantity('500.000')).toBe('500');
    expect(formatQuantity('1200.000')).toBe('1.200');
    expect(formatQuantity('0.000')).toBe('0');
    expect(formatQuantity('1234567')).toBe('1.234.567');
  });

  it('a fraction keeps its significant decimals after a comma', () => {
    expect(formatQuantity('2.500')).toBe('2,5');
    expect(formatQuantity('1500.125')).toBe('1.500,125');
    expect(formatQuantity('-3.250')).toBe('-3,25');
  });
});
