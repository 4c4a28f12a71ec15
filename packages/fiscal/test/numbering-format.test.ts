import { describe, expect, it } from 'vitest';
import {
  defaultFirstNumber,
  formatControlNumber,
  lotControlRange,
  lotFromFirstNumber,
  lotRange,
} from '../src/index.ts';

describe('lotControlRange: the range a lot covers, as screens and PDFs show it (spec 000 §4, §9)', () => {
  it('a lot entered with initial 0 and quantity 100000 covers 00-00000001 … 00-00100000', () => {
    expect(lotControlRange({ serie: '00', ...lotRange(0, 100_000) })).toEqual({
      desde: '00-00000001',
      hasta: '00-00100000',
    });
  });

  it('initial N, quantity Q: from N+1 to N+Q, in the lot series, written as control numbers', () => {
    expect(lotControlRange({ serie: 'a', ...lotRange(1000, 500) })).toEqual({
      desde: '0A-00001001',
      hasta: '0A-00001500',
    });
    expect(lotControlRange({ serie: null, desde: 41, hasta: 42 })).toEqual({
      desde: formatControlNumber('00', 42),
      hasta: '00-00000042',
    });
  });
});

describe('lotFromFirstNumber: the lot form asks for the first number issued', () => {
  it('first 1, quantity 100: sends initial 0, Desde 0, Hasta 100, and the lot issues 00-00000001 … 00-00000100', () => {
    const wire = lotFromFirstNumber(1, 100);
    expect(wire).toEqual({ nroControl: 0, nroControlDesde: 0, nroControlHasta: 100 });
    expect(
      lotControlRange({ serie: '00', desde: wire.nroControlDesde, hasta: wire.nroControlHasta }),
    ).toEqual({
      desde: '00-00000001',
      hasta: '00-00000100',
    });
  });

  it('Desde equals the initial number and Hasta the initial plus the quantity (spec 000 §4)', () => {
    const wire = lotFromFirstNumber(501, 250);
    expect(wire.nroControlDesde).toBe(wire.nroControl);
    expect(wire.nroControlHasta).toBe(500 + 250);
  });

  it("a company's first lot starts at 1; a later one after the last number of the family's lots", () => {
    expect(defaultFirstNumber([])).toBe(1);
    expect(defaultFirstNumber([{ hasta: 100 }, { hasta: 40 }])).toBe(101);
  });
});
