import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { looksLikeXls, xlsRows } from './xls.ts';

/**
 * Reads the first worksheet of an .xlsx with exceljs's streaming reader: rows are parsed as the zip
 * entry is inflated and handed over one at a time, so a large sheet never becomes a whole workbook
 * model in memory. A legacy .xls (an OLE compound file) is read by `xls.ts`. Cells come back as plain
 * values (text, number, boolean, Date or null).
 */

export type { CellValue } from './cell.ts';

import type { CellValue } from './cell.ts';

/** A zip file starts with "PK\x03\x04": anything else is not an .xlsx, whatever its name. */
export const looksLikeZip = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** True when the bytes are a workbook this reader knows (.xlsx or .xls), whatever the file's name. */
export const looksLikeWorkbook = (data: Buffer) => looksLikeZip(data) || looksLikeXls(data);

/** Rows read from an .xls at most (past the mass load's own bound, so that bound still speaks). */
const XLS_MAX_ROWS = 60_000;

/** Formulas give their cached result, rich text its plain text, hyperlinks their text. */
function plain(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return (v.richText as Array<{ text?: string }>).map((r) => r.text ?? '').join('');
    if ('result' in v) return plain(v.result);
    if ('text' in v) return plain(v.text);
    if ('error' in v) return null;
  }
  return null;
}

/** The file could not be read as a workbook (a renamed file, a damaged zip). */
export class NotASpreadsheet extends Error {}

export async function* readSheetRows(data: Buffer): AsyncGenerator<{ fila: number; cells: CellValue[] }> {
  try {
    if (looksLikeXls(data)) yield* xlsRows(data, XLS_MAX_ROWS);
    else yield* rowsOfFirstSheet(data);
  } catch (error) {
    throw new NotASpreadsheet((error as Error)?.message ?? String(error));
  }
}

async function* rowsOfFirstSheet(data: Buffer): AsyncGenerator<{ fila: number; cells: CellValue[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      // exceljs's row values are 1-based: index 0 is always empty.
      const values = (row.values as unknown[]).slice(1).map(plain);
      yield { fila: row.number, cells: values };
    }
    // Only the first sheet holds data; the template's second sheet explains the columns.
    return;
  }
}
