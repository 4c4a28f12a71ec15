/// <reference path="../../types/unzipper.d.ts" />
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { looksLikeXls, xlsRows } from './xls.ts';

/**
 * Reads the first worksheet of an .xlsx with the parts of exceljs's streaming reader (see
 * `WorkbookReaderParts`): rows are parsed as the zip entry is inflated and handed over one at a time, so a
 * large sheet never becomes a whole workbook model in memory. A legacy .xls (an OLE compound file) is read
 * by `xls.ts`. Cells come back as plain values (text, number, boolean, Date or null).
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

/**
 * What exceljs's streaming WorkbookReader (4.4.0) does with one zip entry each: its own `parse()` walks the
 * zip in stored order with unzipper's one-pass `Parse`, which may end before the last entries arrive when a
 * worksheet comes before `xl/workbook.xml` (exceljs's own files, and Excel's): the reader then fails with
 * "Cannot read properties of undefined (reading 'sheets')" about once in a few hundred reads of the same
 * file (exceljs issue #3064, still open). So the entries are found through the zip's central directory and
 * handed over in the order the reader needs; the sheet itself is still inflated and parsed row by row.
 */
interface WorkbookReaderParts {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    entry: Readable,
    sheetNo: string,
  ): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The zip path of the workbook's first tab (a relationship's target is relative to xl/ unless it starts with /). */
function firstSheetPath(reader: WorkbookReaderParts, paths: string[]): string | undefined {
  const firstTab = reader.model?.sheets?.[0];
  const target = firstTab && reader.workbookRels?.find((rel) => rel.Id === firstTab.rId)?.Target;
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (paths.includes(path)) return path;
  }
  // No usable workbook part: the lowest-numbered sheet, as Excel names the first tab's part.
  return paths
    .filter((p) => SHEET_PATH.test(p))
    .sort((a, b) => Number(SHEET_PATH.exec(a)?.[1]) - Number(SHEET_PATH.exec(b)?.[1]))[0];
}

async function* rowsOfFirstSheet(data: Buffer): AsyncGenerator<{ fila: number; cells: CellValue[] }> {
  const zip = await unzipper.Open.buffer(data);
  const entries = new Map(zip.files.map((file) => [file.path, file]));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels.stream());
  const workbook = entries.get('xl/workbook.xml');
  if (workbook) await reader._parseWorkbook(workbook.stream());
  const sharedStrings = entries.get('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings.stream()));

  // Only the first sheet holds data; the template's second sheet explains the columns.
  const path = firstSheetPath(reader, [...entries.keys()]);
  const sheet = path && entries.get(path);
  if (!sheet) return;
  const sheetNo = SHEET_PATH.exec(path)?.[1] ?? '1';
  for (const { value: worksheet } of reader._parseWorksheet(sheet.stream(), sheetNo)) {
    for await (const row of worksheet) {
      // exceljs's row values are 1-based: index 0 is always empty.
      const values = (row.values as unknown[]).slice(1).map(plain);
      yield { fila: row.number, cells: values };
    }
  }
}
