/**
 * The QR mask search done over the module array (qr-masks.ts) must choose, for every symbol, the mask the
 * library's own search chooses (ISO/IEC 18004 §7.8.3), and so draw the very same modules.
 */
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { maskPenalty, useFastQrMasks } from '../src/documents/qr-masks.ts';

type Penalty = (matrix: { size: number; data: Uint8Array; get(r: number, c: number): number }) => number;
// The library's penalty functions, unchanged (only its search and mask application are replaced).
const MaskPattern = createRequire(import.meta.url)('qrcode/lib/core/mask-pattern.js') as Record<
  'getPenaltyN1' | 'getPenaltyN2' | 'getPenaltyN3' | 'getPenaltyN4',
  Penalty
>;

/** A seeded generator (mulberry32): the same symbols and matrices on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(24);
const hex = (bytes: number) =>
  Array.from({ length: bytes }, () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');

type Level = 'L' | 'M' | 'Q' | 'H';
const LEVELS: Level[] = ['L', 'M', 'Q', 'H'];

function symbol(text: Buffer, level: Level) {
  const qr = QRCode.create([{ data: text, mode: 'byte' }], { errorCorrectionLevel: level });
  return { mask: qr.maskPattern, data: Buffer.from(qr.modules.data) };
}

/** A pseudo-random text: addresses like the verification page's, and raw bytes of any length. */
function text(i: number): Buffer {
  if (i % 3 === 0) return Buffer.from(`https://sigece.example.com/verificar/fact/${hex(16)}`);
  return Buffer.from(hex(1 + ((i * 37) % 300)), 'hex');
}

describe('documents: QR mask search', () => {
  it('chooses the library’s mask and draws its modules for 3,000 symbols of every size and level', () => {
    const masks = new Set<number>();
    const sizes = new Set<number>();
    try {
      for (let i = 0; i < 3000; i++) {
        const input = text(i);
        const level = LEVELS[i % LEVELS.length];
        useFastQrMasks(false);
        const library = symbol(input, level);
        useFastQrMasks(true);
        const fast = symbol(input, level);
        expect(fast.mask).toBe(library.mask);
        expect(fast.data.equals(library.data)).toBe(true);
        masks.add(fast.mask!);
        sizes.add(Math.sqrt(fast.data.length));
      }
    } finally {
      useFastQrMasks(true);
    }
    // Every mask was chosen somewhere and the symbols reached large versions (version info, many
    // alignment patterns), so the comparison covered what could differ.
    expect(masks.size).toBe(8);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(57);
  });

  it('scores a matrix as the library’s four penalty rules add up', () => {
    for (let i = 0; i < 500; i++) {
      const size = 21 + 4 * (i % 10);
      const dark = (i % 9) / 10 + 0.05;
      const data = new Uint8Array(size * size).map(() => (random() < dark ? 1 : 0));
      const matrix = { size, data, get: (r: number, c: number) => data[r * size + c] };
      const expected =
        MaskPattern.getPenaltyN1(matrix) +
        MaskPattern.getPenaltyN2(matrix) +
        MaskPattern.getPenaltyN3(matrix) +
        MaskPattern.getPenaltyN4(matrix);
      expect(maskPenalty(data, size)).toBe(expected);
    }
  });
});
