import { readCell } from './cells.ts';
import type { FileTypeDescriptor, RowContext, RowValues, SheetRow } from './descriptor.ts';
import { readSheetRows } from './sheet.ts';

/** Most line rows a file may carry (a month of a large company's documents). */
export const MAX_ROWS = 50_000;
/** Most row errors listed: past that, the file is surely of another kind. */
const MAX_ERRORS = 500;

export interface RowError {
  fila: number;
  numero: string;
  mensaje: string;
}

export interface ParsedDocument {
  numero: string;
  filas: number[];
  documento: Record<string, unknown>;
}

export interface ParsedFile {
  documents: ParsedDocument[];
  errors: RowError[];
  rows: number;
  /** A problem with the file as a whole (missing columns, too many rows): nothing else is read. */
  fileError?: string;
}

/**
 * Reads a file of one type: the header row names the columns (in any order; unknown ones are ignored),
 * every following row is checked cell by cell and by the type's row rules, consecutive rows sharing a
 * document number form one document, and each document is built and checked against its family's
 * schema. Every problem is reported with its sheet row number; nothing is stored here.
 */
export async function parseFile(
  data: Buffer,
  type: FileTypeDescriptor,
  ctx: RowContext,
): Promise<ParsedFile> {
  const errors: RowError[] = [];
  const fail = (fila: number, numero: string, mensaje: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ fila, numero, mensaje });
  };
  let indexes: Map<string, number> | null = null;
  const groups: Array<{ numero: string; rows: SheetRow[] }> = [];
  const firstRowOf = new Map<string, number>();
  let rows = 0;

  for await (const { fila, cells } of readSheetRows(data)) {
    if (!indexes) {
      indexes = new Map();
      cells.forEach((c, i) => {
        if (c !== null) indexes!.set(String(c).trim(), i);
      });
      const missing = type.columns.filter((c) => !indexes!.has(c.key)).map((c) => c.key);
      if (missing.length > 0)
        return {
          documents: [],
          errors,
          rows,
          fileError: `Faltan columnas en la fila 1: ${missing.join(', ')}`,
        };
      continue;
    }
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
    if (++rows > MAX_ROWS)
      return { documents: [], errors, rows, fileError: `El archivo supera el máximo de ${MAX_ROWS} filas` };

    const values: RowValues = {};
    const problems: string[] = [];
    for (const column of type.columns) {
      const read = readCell(column, cells[indexes.get(column.key)!] ?? null);
      if (read.error) problems.push(read.error);
      else values[column.key] = read.value;
    }
    const numero = values[type.numberColumn] ?? '';
    if (problems.length === 0 && type.checkRow) {
      const problem = await type.checkRow(values, ctx);
      if (problem) problems.push(problem);
    }
    const last = groups.at(-1);
    if (numero && last?.numero !== numero && firstRowOf.has(numero)) {
      problems.push(
        `Documento duplicado: ${numero} ya aparece en la fila ${firstRowOf.get(numero)} (las filas de un documento van seguidas)`,
      );
    }
    if (problems.length > 0) {
      fail(fila, numero, problems.join('; '));
      continue;
    }
    if (last && last.numero === numero) {
      const head = last.rows[0];
      const differs = type.columns.find(
        (c) => c.header && values[c.key] !== undefined && values[c.key] !== head.values[c.key],
      );
      if (differs) {
        fail(fila, numero, `${differs.key} difiere del de la fila ${head.fila} del mismo documento`);
        continue;
      }
      last.rows.push({ fila, values });
    } else {
      firstRowOf.set(numero, fila);
      groups.push({ numero, rows: [{ fila, values }] });
    }
  }
  if (!indexes) return { documents: [], errors, rows, fileError: 'El archivo no tiene filas' };

  const failedNumbers = new Set(errors.map((e) => e.numero));
  const documents: ParsedDocument[] = [];
  // Keys of the type's own (a withheld supplier document) no two documents of the file may share.
  const keyRows = new Map<string, number>();
  for (const group of groups) {
    // A document with a bad row is not built: its other rows alone would be a different document.
    if (failedNumbers.has(group.numero)) continue;
    const documento = type.toDocument(
      group.rows.map((r) => r.values),
      ctx.company,
    );
    const fila = group.rows[0].fila;
    const problem = type.validate(documento);
    if (problem) {
      fail(fila, group.numero, problem);
      continue;
    }
    const keys = type.unique?.keys(documento) ?? [];
    const shared = keys.find((k) => keyRows.has(k));
    if (shared !== undefined) {
      fail(fila, group.numero, type.unique!.message(keyRows.get(shared)!));
      continue;
    }
    for (const k of keys) keyRows.set(k, fila);
    documents.push({ numero: group.numero, filas: group.rows.map((r) => r.fila), documento });
  }
  return { documents, errors: errors.sort((a, b) => a.fila - b.fila), rows };
}
