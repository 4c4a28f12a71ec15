/**
 * The QR library picks the mask of a symbol (ISO/IEC 18004 §7.8.3: the one of eight whose penalty
 * N1 + N2 + N3 + N4 is lowest, the first on a tie) by applying each mask module by module through a
 * switch, scoring it with four passes of method calls per module, and undoing it: a fifth of a document's
 * render. Here the same search, with the same penalties and the same order, runs over the module array
 * directly, each mask applied from a list of the modules it flips (computed once per symbol size): the
 * library's own function is replaced, so every symbol it makes gets the mask it would have chosen (a
 * test compares the two on thousands of addresses). Should the library's internals change, the
 * replacement steps aside.
 */
import { createRequire } from 'node:module';

interface BitMatrix {
  size: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}
interface MaskPatternModule {
  getBestMask(data: BitMatrix, setupFormat: (pattern: number) => void): number;
  applyMask(pattern: number, data: BitMatrix): void;
}

const PATTERNS = 8;

/** Whether mask `pattern` flips the module at (i = row, j = column): the standard's eight conditions. */
function flips(pattern: number, i: number, j: number): boolean {
  switch (pattern) {
    case 0:
      return (i + j) % 2 === 0;
    case 1:
      return i % 2 === 0;
    case 2:
      return j % 3 === 0;
    case 3:
      return (i + j) % 3 === 0;
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0;
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0;
    default:
      return (((i * j) % 3) + ((i + j) % 2)) % 2 === 0;
  }
}

interface FlipLists {
  reserved: Uint8Array;
  lists: Int32Array[];
}
const flipLists = new Map<number, FlipLists>();

/** For each pattern, the indexes of the data modules (not reserved) it flips. */
function flipListsOf(matrix: BitMatrix): Int32Array[] {
  const { size, reservedBit } = matrix;
  const known = flipLists.get(size);
  // The reserved modules follow from the version alone; checked all the same.
  if (known && Buffer.compare(known.reserved, reservedBit) === 0) return known.lists;
  const lists: Int32Array[] = [];
  for (let p = 0; p < PATTERNS; p++) {
    const at: number[] = [];
    for (let i = 0; i < size; i++)
      for (let j = 0; j < size; j++) if (!reservedBit[i * size + j] && flips(p, i, j)) at.push(i * size + j);
    lists.push(Int32Array.from(at));
  }
  flipLists.set(size, { reserved: Uint8Array.from(reservedBit), lists });
  return lists;
}

function flip(data: Uint8Array, list: Int32Array) {
  for (let k = 0; k < list.length; k++) data[list[k]] ^= 1;
}

/**
 * The penalty of a masked symbol (ISO/IEC 18004 §7.8.3.1, as the library counts it): N1 = 3 + (run − 5)
 * for each run of five or more like modules in a row or column; N2 = 3 for each 2×2 block of one colour;
 * N3 = 40 for each 1:1:3:1:1 finder-like pattern with four light modules on one side, in rows and
 * columns; N4 = 10 for each 5 % the dark share departs from 50 %.
 */
export function maskPenalty(data: Uint8Array, size: number): number {
  // One pass in memory order: each column's run and window are carried from row to row.
  const colLast = new Int8Array(size).fill(-1);
  const colRun = new Int32Array(size);
  const colBits = new Int32Array(size);
  let points = 0;
  let dark = 0;
  for (let i = 0; i < size; i++) {
    let rowLast = -1;
    let rowRun = 0;
    let rowBits = 0;
    const base = i * size;
    for (let j = 0; j < size; j++) {
      const module = data[base + j];
      dark += module;
      if (module === rowLast) rowRun++;
      else {
        if (rowRun >= 5) points += rowRun - 2;
        rowLast = module;
        rowRun = 1;
      }
      rowBits = ((rowBits << 1) & 0x7ff) | module;
      if (j >= 10 && (rowBits === 0x5d0 || rowBits === 0x05d)) points += 40;

      if (module === colLast[j]) colRun[j]++;
      else {
        if (colRun[j] >= 5) points += colRun[j] - 2;
        colLast[j] = module;
        colRun[j] = 1;
      }
      const bits = ((colBits[j] << 1) & 0x7ff) | module;
      colBits[j] = bits;
      if (i >= 10 && (bits === 0x5d0 || bits === 0x05d)) points += 40;

      if (i > 0 && j > 0) {
        const block = module + data[base + j - 1] + data[base - size + j] + data[base - size + j - 1];
        if (block === 0 || block === 4) points += 3;
      }
    }
    if (rowRun >= 5) points += rowRun - 2;
  }
  for (let j = 0; j < size; j++) if (colRun[j] >= 5) points += colRun[j] - 2;
  const modules = data.length;
  // The library's own floating-point expression, so that the boundaries fall the same way.
  points += Math.abs(Math.ceil((dark * 100) / modules / 5) - 10) * 10;
  return points;
}

function bestMask(matrix: BitMatrix, setupFormat: (pattern: number) => void): number {
  const lists = flipListsOf(matrix);
  let best = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let p = 0; p < PATTERNS; p++) {
    setupFormat(p);
    flip(matrix.data, lists[p]);
    const penalty = maskPenalty(matrix.data, matrix.size);
    flip(matrix.data, lists[p]);
    if (penalty < lowest) {
      lowest = penalty;
      best = p;
    }
  }
  return best;
}

const library = createRequire(import.meta.url)('qrcode/lib/core/mask-pattern.js') as MaskPatternModule;
const own = { getBestMask: library.getBestMask, applyMask: library.applyMask };
const usable = typeof own.getBestMask === 'function' && typeof own.applyMask === 'function';

/** Replaces (or, given false, restores) the library's mask search and mask application. */
export function useFastQrMasks(on: boolean) {
  if (!usable) return;
  library.getBestMask = on ? bestMask : own.getBestMask;
  library.applyMask = on
    ? (pattern, matrix) => {
        // Only a matrix shaped as this code knows it; anything else goes to the library.
        if (
          Number.isInteger(pattern) &&
          pattern >= 0 &&
          pattern < PATTERNS &&
          matrix?.data instanceof Uint8Array &&
          matrix.reservedBit instanceof Uint8Array
        )
          flip(matrix.data, flipListsOf(matrix)[pattern]);
        else own.applyMask(pattern, matrix);
      }
    : own.applyMask;
}

useFastQrMasks(true);
