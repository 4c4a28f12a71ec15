// Keyset pages of a book's rows as one stream, and that stream cut into batches: only one page is held
// at a time, so memory stays flat whatever the month's size.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Rows read per query: big enough to amortise the round trip, small enough to keep memory flat. Measured
 * on the 50,000-document bench: pages of 500 instead of 2,000 lowered the peak RSS by about 25 MB (rows
 * held across a page's awaits get promoted to the old generation) for about 0.4 s more CPU.
 */
export const PAGE_SIZE = 500;

/** The rows of `read(cursor)` pages, each page starting after the last row of the one before. */
export async function* pages<T, C>(
  read: (cursor: C | null) => Promise<T[]>,
  cursorOf: (last: T) => C,
  size = PAGE_SIZE,
): AsyncGenerator<T> {
  let cursor: C | null = null;
  for (;;) {
    const page = await read(cursor);
    yield* page;
    if (page.length < size) return;
    cursor = cursorOf(page[page.length - 1]);
  }
}

/** The stream in arrays of up to `size` (to look something up for a whole batch in one query). */
export async function* batches<T>(rows: AsyncIterable<T>, size = PAGE_SIZE): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Lines a book hands to its writer (PDF or spreadsheet) between two turns of the event loop. A book is
 * built on the API's thread and an async generator's `yield` never lets a request in: a page of 500 lines
 * laid out and written in one go held every other request 150–300 ms behind a 50,000-document book
 * (bench/health-latency.ts). Fifty lines are a few milliseconds.
 */
export const LINES_PER_TURN = 50;

/** Lets the event loop answer what waits (called after every line `n`, 1-based). */
export async function breathe(n: number): Promise<void> {
  if (n % LINES_PER_TURN === 0) await nextTurn();
}
