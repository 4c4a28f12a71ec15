import { SENIAT_MODULE } from '@sigece/fiscal';
import type { FastifyRequest } from 'fastify';
import { allowPortalRead, scopeOfRequest } from '../../http/guard.ts';
import type { TenantScope } from '../../http/tenancy.ts';

/**
 * Who reads the register of assignments, in one place (issue 19 item 3): the users of the SENIAT reports
 * screen (its module), each within their companies and branches; the master administrator sees every
 * company, and so do the tax authority's read-only portal users (issue 19 item 7), each read audited.
 */
export const registerReadGuard = () => allowPortalRead({ module: SENIAT_MODULE });

/** The companies and branches the caller reads the register for. */
export function registerScope(request: FastifyRequest): TenantScope {
  return scopeOfRequest(request);
}
