import type { DataTableColumn } from './types.ts';

export type Cell = string;

/** The export text of a cell: `value`, else a string/number render, else `row[id]`. */
export function cellText<T>(column: DataTableColumn<T>, row: T): Cell {
  let value: unknown;
  if (column.value) value = column.value(row);
  else {
    const rendered = column.render?.(row);
    value =
      typeof rendered === 'string' || typeof rendered === 'number'
        ? rendered
        : (row as Record<string, unknown>)[column.id];
  }
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return '';
  return String(value);
}

export function exportColumns<T>(columns: DataTableColumn<T>[]): DataTableColumn<T>[] {
  return columns.filter((c) => !c.noExport);
}

/** Spanish spreadsheet programs (Excel in es-VE) split CSV on ';': ',' is their decimal mark. */
export const CSV_SEPARATOR = ';';

function csvField(text: string): string {
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Digits with a leading zero, or too long for a spreadsheet number: a code that must stay text. */
const LOOKS_LIKE_CODE = /^(0\d+|\d{16,})$/;

/** A code as an Excel text formula (="0001"), the one form Excel opens without dropping its zeros. */
function codeField(text: string): string {
  return csvField(`="${text.replace(/"/g, '""')}"`);
}

/** CSV with ';' and a BOM, so Spanish Excel reads the columns, the accents and the codes right. */
export function toCsv<T>(columns: DataTableColumn<T>[], rows: T[]): string {
  const cols = exportColumns(columns);
  const lines = [cols.map((c) => csvField(c.header)).join(CSV_SEPARATOR)];
  for (const row of rows)
    lines.push(
      cols
        .map((c) => {
          const text = cellText(c, row);
          return text && (c.code || LOOKS_LIKE_CODE.test(text)) ? codeField(text) : csvField(text);
        })
        .join(CSV_SEPARATOR),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function fileStamp(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
}
