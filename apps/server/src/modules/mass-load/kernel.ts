import type { Deps } from '../../http/deps.ts';
import type { TipoDoc } from '../issuance/family.ts';
import { issueDocuments } from '../issuance/pipeline.ts';
import { familyOf } from '../issuance/registry.ts';
import { queueRenders } from '../issuance/render.ts';
import type { Outcome, Requester } from './descriptor.ts';

/** A message saying the document was stored before (this file processed twice, or a resumed job). */
export const ALREADY_EXISTS = /ya existe/i;

/** How to read a family's integration-API answer back into one outcome per item. */
export interface AnswerReader<A> {
  /** Error lines; `posicion` (1-based) when the family's answer carries it, else matched by number. */
  errors(answer: A): Array<{ posicion?: number; numero: string; msg: string }>;
  done(answer: A): Array<{ numero: string; nroControl: string | null }>;
  /** The document number as the answer names it. */
  numberOf(item: Record<string, unknown>): string;
}

/**
 * Processes a chunk through the issuance kernel exactly as the integration API does (`issueDocuments`:
 * one transaction, each document in its own savepoint, duplicates refused), then queues the new
 * documents' PDFs. A document stored by an earlier run of the same load comes back as "ya existe" and is
 * reported EXISTENTE: never stored twice.
 */
export function throughKernel<A>(tipoDoc: TipoDoc, reader: AnswerReader<A>) {
  return async (deps: Deps, requester: Requester, items: unknown[]): Promise<Outcome[]> => {
    const family = familyOf(tipoDoc);
    const { answer, ids } = await issueDocuments<A>(deps.db, family, requester.scope, items, {
      origin: 'WEB',
      audit: requester.audit,
    });
    await queueRenders(deps, tipoDoc, ids);
    const done = new Map(reader.done(answer).map((d) => [d.numero, d]));
    const byPosition = new Map<number, string>();
    const byNumber = new Map<string, string>();
    for (const e of reader.errors(answer)) {
      if (e.posicion !== undefined) byPosition.set(e.posicion, e.msg);
      else byNumber.set(e.numero, e.msg);
    }
    return items.map((item, i) => {
      const numero = reader.numberOf(item as Record<string, unknown>);
      const message = byPosition.get(i + 1) ?? byNumber.get(numero);
      const stored = done.get(numero);
      if (message === undefined && stored)
        return { estado: 'NUEVO', mensaje: family.createdMessage, nroControl: stored.nroControl };
      const msg = message ?? 'El documento no fue procesado';
      return { estado: ALREADY_EXISTS.test(msg) ? 'EXISTENTE' : 'ERROR', mensaje: msg };
    });
  };
}
