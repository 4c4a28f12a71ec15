/**
 * An uploaded workbook is read on a worker thread, never on the thread that answers HTTP (a
 * maximum-size workbook held the event loop 1.2–1.9 s). Only *where* `parseFile` runs changes here: what
 * it reads and checks stays in parse.ts. Past the time limit the upload is refused in Spanish.
 */
import { badRequest } from '../../http/errors.ts';
import { OffThreadError, OffThreadTimeout, runOffThread } from '../../off-thread/run.ts';
import type { RowContext } from './descriptor.ts';
import type { ParsedFile } from './parse.ts';
import type { ParseQuestion, ParseTask } from './parse-task.ts';
import { NotASpreadsheet } from './sheet.ts';

/** Longest an upload may take to read (a 50,000-row workbook takes a few seconds). */
export const PARSE_TIMEOUT_MS = 120_000;

const TASK = new URL('./parse-task.ts', import.meta.url);

/**
 * `parseFile(data, fileTypeNamed(tipo), ctx)` on a worker thread; the row checks' product lookups come
 * back here to `ctx.productExists`. NotASpreadsheet and the parse's own errors keep their meaning.
 */
export async function parseFileOffThread(
  data: Buffer,
  tipo: string,
  ctx: Omit<RowContext, 'db'>,
  timeoutMs = PARSE_TIMEOUT_MS,
): Promise<ParsedFile> {
  const input: ParseTask = { data, tipo, company: ctx.company, today: ctx.today };
  try {
    return await runOffThread<ParsedFile>(TASK, input, {
      task: 'carga-masiva',
      timeoutMs,
      answer: (question) => ctx.productExists((question as ParseQuestion).productExists),
    });
  } catch (error) {
    if (error instanceof OffThreadTimeout)
      throw badRequest(
        `El archivo no se pudo leer en el tiempo límite (${Math.round(timeoutMs / 1000)} s): divídalo en archivos más pequeños`,
      );
    if (error instanceof OffThreadError && error.taskErrorName === 'NotASpreadsheet')
      throw new NotASpreadsheet(error.message);
    throw error;
  }
}
