/**
 * What an upload's worker thread does (parse-thread.ts starts it): reads the workbook with the file type's
 * `parseFile`, unchanged, asking the API's thread whether a product code exists (the database is there).
 */
import type { Db } from '../../db/client.ts';
import type { RowContext } from './descriptor.ts';
import { type ParsedFile, parseFile } from './parse.ts';
import { fileTypeNamed } from './registry.ts';
import { NotASpreadsheet } from './sheet.ts';

export interface ParseTask {
  data: Uint8Array;
  tipo: string;
  company: RowContext['company'];
  today: string;
}

/** A question to the API's thread. */
export interface ParseQuestion {
  productExists: string;
}

export default async function parseTask(
  task: ParseTask,
  ask: (question: ParseQuestion) => Promise<boolean>,
): Promise<ParsedFile> {
  const type = fileTypeNamed(task.tipo);
  if (!type) throw new Error(`Tipo de carga desconocido: ${task.tipo}`);
  const known = new Map<string, Promise<boolean>>();
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  return parseFile(data, type, {
    // The row checks reach the database only through productExists (asked of the API's thread).
    db: undefined as unknown as Db,
    company: task.company,
    today: task.today,
    productExists: (code) => {
      let found = known.get(code);
      if (!found) {
        found = ask({ productExists: code });
        known.set(code, found);
      }
      return found;
    },
  }).catch((error) => {
    // Named, so that the API's thread knows it for what it is (parse-thread.ts).
    if (error instanceof NotASpreadsheet) error.name = 'NotASpreadsheet';
    throw error;
  });
}
