import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { scopeOfRequest } from '../../../http/guard.ts';
import { sentWithTestKey } from '../../../http/integration-access.ts';
import { auditContextOf } from '../../audit/service.ts';
import { answerKeeper, type IdempotencyClaim, idempotent } from '../../integration/idempotency.ts';
import type { AnyFamily } from '../family.ts';
import { issueDocuments } from '../intake/pipeline.ts';
import { renderCommitted } from '../render/render.ts';

/**
 * What every family's intake route does with its request, written once: the documents of the body issued
 * through the kernel in the caller's scope — a test key's into the sandbox — and each new
 * one's PDF rendered (or queued) after the commit. Given the reply (the integration routes), an
 * `Idempotency-Key` is honoured: a retry gets the first answer, byte for byte; without it
 * (the spreadsheet routes of the back office) a repeated number is 'ya existe' as always.
 */
export async function issueFromRequest<A>(
  deps: Deps,
  family: AnyFamily,
  request: FastifyRequest & { body: unknown[] },
  options: { origin: 'API' | 'WEB'; reply?: FastifyReply },
): Promise<A> {
  const run = async (claim: IdempotencyClaim | undefined) => {
    const { answer, ids } = await issueDocuments<A>(deps.db, family, scopeOfRequest(request), request.body, {
      origin: options.origin,
      audit: auditContextOf(request),
      keeper: answerKeeper(claim),
      sandbox: sentWithTestKey(request),
    });
    await renderCommitted(deps, family.tipoDoc, ids);
    return answer;
  };
  return (options.reply ? await idempotent(request, options.reply, deps.db, run) : await run(undefined)) as A;
}
