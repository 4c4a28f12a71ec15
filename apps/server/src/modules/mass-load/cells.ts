import type { Column } from './descriptor.ts';
import type { CellValue } from './sheet.ts';

/**
 * One cell read as its column's kind: the text the family's schema receives, or the Spanish reason it
 * cannot be. Amounts accept a comma as decimal separator; dates accept a date cell, dd/mm/aaaa or
 * aaaa-mm-dd; yes/no columns SI or NO.
 */

const DECIMAL = /^-?\d{1,20}(\.\d{1,10})?$/;
const pad = (n: number) => String(n).padStart(2, '0');

function dateText(value: CellValue): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // A date cell holds midnight UTC of the calendar day.
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  const t = String(value).trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [y, mo, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!y) return null;
  const iso = `${y}-${pad(Number(mo))}-${pad(Number(d))}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().startsWith(iso) ? iso : null;
}

export function readCell(column: Column, value: CellValue): { value?: string; error?: string } {
  const empty = value === null || (typeof value === 'string' && value.trim() === '');
  if (empty) return column.required ? { error: `${column.key} es requerido` } : {};
  const { key } = column;
  switch (column.kind) {
    case 'amount':
    case 'quantity':
    case 'percent': {
      const t = typeof value === 'number' ? String(value) : String(value).trim().replace(',', '.');
      if (typeof value === 'boolean' || value instanceof Date || !DECIMAL.test(t))
        return { error: `${key} debe ser un número` };
      if (t.startsWith('-')) return { error: `${key} no puede ser negativo` };
      return { value: t };
    }
    case 'integer': {
      const t = String(value).trim();
      return /^\d{1,9}$/.test(t) ? { value: t } : { error: `${key} debe ser un número entero` };
    }
    case 'date': {
      const iso = dateText(value);
      return iso ? { value: iso } : { error: `${key} debe ser una fecha dd/mm/aaaa` };
    }
    case 'yesno': {
      const t = String(value).trim().toUpperCase();
      if (['SI', 'SÍ', 'TRUE', '1'].includes(t) || value === true) return { value: 'SI' };
      if (['NO', 'FALSE', '0'].includes(t) || value === false) return { value: 'NO' };
      return { error: `${key} debe ser SI o NO` };
    }
    default: {
      const t = value instanceof Date ? (dateText(value) ?? '') : String(value).trim();
      if (column.list) {
        const found = column.list.find((option) => option.toUpperCase() === t.toUpperCase());
        return found !== undefined
          ? { value: found }
          : { error: `${key} debe ser uno de: ${column.list.join(', ')}` };
      }
      if (column.max !== undefined && t.length > column.max)
        return { error: `${key} admite máximo ${column.max} caracteres` };
      return { value: t };
    }
  }
}
