import { describe, expect, it } from 'vitest';
import { formatControlNumber, lotControlRange, lotRange } from '../src/index.ts';

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
