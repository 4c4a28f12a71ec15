import * as XLSX from '@e965/xlsx';
import type { CellValue } from './cell.ts';

/**
 * Reads the first worksheet of a legacy Excel 97–2003 workbook (.xls, BIFF8 in an OLE compound file),
 * which exceljs cannot read. SheetJS's community edition, as republished on the npm registry by
 * @e965/xlsx (the current 0.20 line; the registry's own `xlsx` package stopped at 0.18.5 with known
 * vulnerabilities), parses the whole file in memory: the upload's 10 MB bound keeps that small.
 * Cells come back as exceljs's reader gives them: text, number, boolean, a Date at midnight UTC of a
 * date cell's calendar day, or null.
 */

/** An OLE compound file (the container of .xls) starts with D0 CF 11 E0 A1 B1 1A E1. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export const looksLikeXls = (data: Buffer) => data.length > 8 && OLE.every((b, i) => data[i] === b);

function cellValue(cell: XLSX.CellObject | undefined): CellValue {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  if (cell.t === 'e') return null;
  if (cell.t === 'n' && typeof cell.v === 'number' && cell.z && XLSX.SSF.is_date(cell.z)) {
    // A date cell holds a serial day number: its calendar day, as midnight UTC (see cells.ts).
    const d = XLSX.SSF.parse_date_code(cell.v);
    if (d) return new Date(Date.UTC(d.y, d.m - 1, d.d));
  }
  if (typeof cell.v === 'string' || typeof cell.v === 'number' || typeof cell.v === 'boolean') return cell.v;
  return null;
}

/** The rows of the first sheet, each with its 1-based sheet row number; `maxRows` bounds the read. */
export function* xlsRows(data: Buffer, maxRows: number): Generator<{ fila: number; cells: CellValue[] }> {
  const workbook = XLSX.read(data, { type: 'buffer', sheetRows: maxRows, cellDates: false, cellNF: true });
  const first = workbook.SheetNames[0];
  const sheet = first ? workbook.Sheets[first] : undefined;
  if (!sheet?.['!ref']) return;
  const range = XLSX.utils.decode_range(sheet['!ref']);
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells: CellValue[] = [];
    // Column A is index 0, as in exceljs's rows (whose index 0 the reader drops).
    for (let c = 0; c <= range.e.c; c++) cells.push(cellValue(sheet[XLSX.utils.encode_cell({ r, c })]));
    yield { fila: r + 1, cells };
  }
}
