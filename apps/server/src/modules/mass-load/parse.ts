import { readCell } from './cells.ts';
import type { FileTypeDescriptor, RowContext, RowValues, SheetRow } from './descriptor.ts';
import { readSheetRows } from './sheet.ts';

/** Most line rows a file may carry (a month of a large company's documents). */
export const MAX_ROWS = 50_000;
/** Row problems a document's message names at most (the rest are counted). */
const MAX_PROBLEMS_PER_DOCUMENT = 20;

export interface ParsedDocument {
  numero: string;
  filas: number[];
  /** The item the family pipeline receives; empty when the document failed its checks. */
  documento: Record<string, unknown>;
  /**
   * Why these rows cannot become a document (an empty required cell, an unknown product, a bad
   * amount…), in Spanish with each row's number: the document's error in the load's result, as the
   * integration API answers a refused item; it never reaches its family, so it takes no control number.
   */
  error?: string;
}

export interface ParsedFile {
  /** Every document of the file in the order of its first row, the refused ones with their error. */
  documents: ParsedDocument[];
  rows: number;
  /** A problem with the file as a whole (missing columns, too many rows): nothing else is read. */
  fileError?: string;
}

/** One document's rows while the file is read. */
interface Draft {
  numero: string;
  rows: SheetRow[];
  /** Every row of the document, the refused ones too. */
  filas: number[];
  problems: string[];
}

function messageOf(problems: string[]): string {
  const shown = problems.slice(0, MAX_PROBLEMS_PER_DOCUMENT).join('; ');
  const more = problems.length - MAX_PROBLEMS_PER_DOCUMENT;
  return more > 0 ? `${shown}; y ${more} errores más` : shown;
}

/**
 * Reads a file of one type: the header row names the columns (in any order; unknown ones are ignored),
 * every following row is checked cell by cell and by the type's row rules, consecutive rows sharing a
 * document number form one document, and each document is built and checked against its family's
 * schema. A row that cannot be read makes its whole document an error (its other rows alone would be a
 * different document) with the row's number in the message; the file's other documents are unaffected.
 * Nothing is stored here.
 */
export async function parseFile(
  data: Buffer,
  type: FileTypeDescriptor,
  ctx: RowContext,
): Promise<ParsedFile> {
  let indexes: Map<string, number> | null = null;
  /** Documents in the order of their first row; rows without a number are documents of their own. */
  const drafts: Draft[] = [];
  const byNumber = new Map<string, Draft>();
  let last: Draft | undefined;
  let rows = 0;

  for await (const { fila, cells } of readSheetRows(data)) {
    if (!indexes) {
      indexes = new Map();
      cells.forEach((c, i) => {
        if (c !== null) indexes!.set(String(c).trim(), i);
      });
      const missing = type.columns.filter((c) => !indexes!.has(c.key)).map((c) => c.key);
      if (missing.length > 0)
        return { documents: [], rows, fileError: `Faltan columnas en la fila 1: ${missing.join(', ')}` };
      continue;
    }
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
    if (++rows > MAX_ROWS)
      return { documents: [], rows, fileError: `El archivo supera el máximo de ${MAX_ROWS} filas` };

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
    let draft = numero ? byNumber.get(numero) : undefined;
    if (draft && draft !== last) {
      problems.push(
        `Documento duplicado: ${numero} ya aparece en la fila ${draft.filas[0]} (las filas de un documento van seguidas)`,
      );
    }
    if (!draft) {
      draft = { numero, rows: [], filas: [], problems: [] };
      drafts.push(draft);
      if (numero) byNumber.set(numero, draft);
    }
    last = draft;
    draft.filas.push(fila);
    if (problems.length === 0 && draft.rows.length > 0) {
      const head = draft.rows[0];
      const differs = type.columns.find(
        (c) => c.header && values[c.key] !== undefined && values[c.key] !== head.values[c.key],
      );
      if (differs) problems.push(`${differs.key} difiere del de la fila ${head.fila} del mismo documento`);
    }
    if (problems.length > 0) draft.problems.push(`fila ${fila}: ${problems.join('; ')}`);
    else draft.rows.push({ fila, values });
  }
  if (!indexes) return { documents: [], rows, fileError: 'El archivo no tiene filas' };

  const documents: ParsedDocument[] = [];
  // Keys of the type's own (a withheld supplier document) no two documents of the file may share.
  const keyRows = new Map<string, number>();
  for (const draft of drafts) {
    const refused = (error: string) =>
      documents.push({ numero: draft.numero, filas: draft.filas, documento: {}, error });
    if (draft.problems.length > 0) {
      refused(messageOf(draft.problems));
      continue;
    }
    const documento = type.toDocument(
      draft.rows.map((r) => r.values),
      ctx.company,
    );
    const fila = draft.rows[0].fila;
    const problem = type.validate(documento);
    if (problem) {
      refused(problem);
      continue;
    }
    const keys = type.unique?.keys(documento) ?? [];
    const shared = keys.find((k) => keyRows.has(k));
    if (shared !== undefined) {
      refused(type.unique!.message(keyRows.get(shared)!));
      continue;
    }
    for (const k of keys) keyRows.set(k, fila);
    documents.push({ numero: draft.numero, filas: draft.filas, documento });
  }
  return { documents, rows };
}
