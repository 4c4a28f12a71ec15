import type { Deps } from '../../deps.ts';
import type { TipoDoc } from '../issuance/family.ts';
import type { Outcome, Requester } from './descriptor.ts';

/** A message saying the document was stored before (this file processed twice, or a resumed job). */
export const ALREADY_EXISTS = /ya existe/i;

/** How to read a family's integration-API answer back into one outcome per item. */
export interface AnswerReader<A> {
  /** Error lines; `posicion` (1-based) when the family's answer carries it, else matched by number. */
  errors(answer: A): Array<{ posicion?: number; numero: string; msg: string }>;
  /**
   * Done lines, in the order the items arrived (the kernel stores and answers in that order). `mensaje`
   * replaces the family's created message (a voucher names the number it was given).
   */
  done(answer: A): Array<{ numero: string; nroControl: string | null; mensaje?: string }>;
  /** The document number as the answer names it. */
  numberOf(item: Record<string, unknown>): string;
  /**
   * True when done lines cannot be matched by number (a withholding voucher is numbered by the system):
   * the items that did not fail take the done lines in order. Needs errors with `posicion`.
   */
  inOrder?: boolean;
}

/**
 * Processes a chunk through the issuance kernel exactly as the integration API does (`issueDocuments`:
 * one transaction, each document in its own savepoint, duplicates refused). A document stored by an
 * earlier run of the same load comes back as "ya existe" and is reported EXISTENTE: never stored twice.
 * The new documents' PDFs are not queued here: each outcome names its document, and the job queues
 * the renders when the load ends, so rendering does not compete with the load for the processor.
 */
export function throughKernel<A>(tipoDoc: TipoDoc, reader: AnswerReader<A>) {
  return async (deps: Deps, requester: Requester, items: unknown[]): Promise<Outcome[]> => {
    // Loaded when a chunk is processed, not when the file type is: the upload's parse thread imports the
    // file types to read a workbook and never processes one (the kernel's import was most of the
    // thread's start-up). In the server both modules are already loaded, so this costs a lookup.
    const [{ issueDocuments }, { familyOf }] = await Promise.all([
      import('../issuance/intake/pipeline.ts'),
      import('../issuance/registry.ts'),
    ]);
    const family = familyOf(tipoDoc);
    const { answer, ids } = await issueDocuments<A>(deps.db, family, requester.scope, items, {
      origin: 'WEB',
      audit: requester.audit,
    });
    // Done lines and ids come from the same list of stored documents, in the same order.
    const doneLines = reader.done(answer).map((d, i) => ({ ...d, id: ids[i] }));
    const byPosition = new Map<number, string>();
    const byNumber = new Map<string, string>();
    for (const e of reader.errors(answer)) {
      if (e.posicion !== undefined) byPosition.set(e.posicion, e.msg);
      else byNumber.set(e.numero, e.msg);
    }
    const done = new Map(doneLines.map((d) => [d.numero, d]));
    let next = 0;
    return items.map((item, i) => {
      const numero = reader.numberOf(item as Record<string, unknown>);
      const message = byPosition.get(i + 1) ?? (reader.inOrder ? undefined : byNumber.get(numero));
      const stored =
        message === undefined ? (reader.inOrder ? doneLines[next++] : done.get(numero)) : undefined;
      if (stored)
        return {
          estado: 'NUEVO',
          mensaje: stored.mensaje ?? family.createdMessage,
          nroControl: stored.nroControl,
          render: { tipoDoc, id: stored.id },
        };
      const msg = message ?? 'El documento no fue procesado';
      return { estado: ALREADY_EXISTS.test(msg) ? 'EXISTENTE' : 'ERROR', mensaje: msg };
    });
  };
}
