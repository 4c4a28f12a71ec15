import { ASSIGNED_NUMBERS_MESSAGES } from '@sigece/fiscal';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../../http/errors.ts';
import { scopeOfRequest } from '../../../http/guard.ts';
import type { Principal } from '../../../http/principal.ts';
import type { TenantScope } from '../../../http/tenancy.ts';

/**
 * Who may READ the monthly report of assigned control numbers, and which companies they see: the one
 * place this is decided. The provider's master administrator and the tax authority's portal users (issue 19
 * item 7, through the routes' `allowPortalRead`) see every company; anyone else holding the SENIAT reports
 * screen sees the companies (and branches) granted to them (http/tenancy.ts).
 */
export function assignedNumbersReadScope(request: FastifyRequest): TenantScope {
  return scopeOfRequest(request);
}

/**
 * The month's life cycle (generate, mark sent, the states of the last months) is the provider's own duty
 * to SENIAT (Providencia SNAT/2024/000102 Art. 29.7 as read): its master administrator only.
 */
export function assertProvider(principal: Principal): void {
  if (!principal.masterAdmin) throw forbidden(ASSIGNED_NUMBERS_MESSAGES.providerOnly);
}
