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

function csvField(text: string): string {
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a BOM, so spreadsheet programs read the accents right. */
export function toCsv<T>(columns: DataTableColumn<T>[], rows: T[]): string {
  const cols = exportColumns(columns);
  const lines = [cols.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(cols.map((c) => csvField(cellText(c, row))).join(','));
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
