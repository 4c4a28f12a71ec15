import type { z } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { type Access, guard, scopeOfRequest } from '../../../http/guard.ts';
import { INTEGRATION } from '../../../http/integration-access.ts';
import { errorResponses } from '../../../http/responses.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { type AuditContext, auditContextOf } from '../../audit/service.ts';
import { idempotent, keptTransaction } from '../../integration/idempotency.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The bulk annulment by number every family offers to the ERPs (`masivaAnularfacturacionXls`,
 * `masivaanularnotas`, `ordenes/anular`, `anularMasivaRetencionesIva`), written once:
 * the integration key's 'anular' scope, an Idempotency-Key replayed with its first answer and kept in the
 * same transaction as the annulments, and the family's own answer (its spelling, code 200 or 203).
 */
export function bulkAnnulRoute<A>(
  app: App,
  db: Db,
  spec: {
    method: 'post' | 'put';
    path: string;
    access: Access;
    tags: string[];
    summary: string;
    body: z.ZodType;
    answer: z.ZodType<A>;
    /** Each named document annulled on its own (issuance/annulment/annul.ts `annulByNumber`). */
    annul(db: Db, scope: TenantScope, body: unknown[], audit: AuditContext): Promise<A>;
  },
): void {
  app[spec.method](
    spec.path,
    {
      config: INTEGRATION.annul,
      preValidation: guard(spec.access),
      schema: {
        tags: spec.tags,
        security: [{ bearerAuth: [] }],
        summary: spec.summary,
        body: spec.body,
        response: { 200: spec.answer, ...errorResponses },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, db, (claim) =>
        keptTransaction(db, claim, (tx) =>
          spec.annul(tx, scopeOfRequest(request), request.body as unknown[], auditContextOf(request)),
        ),
      ),
  );
}
