import type { FastifyInstance } from 'fastify';
import { auditContextOf, recordAudit } from '../audit/service.ts';

/**
 * Every read a tax-authority user makes is in the audit log: an `onSend` hook of the API,
 * so it covers every route opened with `allowPortalRead` (the portal's own and those of other modules: the
 * register, the monthly reports). Written before the answer leaves: when the entry cannot be written, the
 * read fails instead of going unrecorded. Refused requests (4xx) read nothing and are not recorded.
 */
export function auditPortalReads(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    if (!request.portalRead || reply.statusCode >= 400) return payload;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const entityId = typeof params.id === 'string' ? params.id : null;
    await recordAudit(request.server.deps.db, auditContextOf(request), {
      entity: 'portal',
      entityId,
      action: 'consulta',
      after: { ruta: request.url, parametros: params, estado: reply.statusCode },
    });
    return payload;
  });
}
