import { ASSIGNED_NUMBERS_MESSAGES } from '@sigece/fiscal';
import { forbidden } from '../../../http/errors.ts';
import type { Principal } from '../../../http/principal.ts';

/*
 * Who may READ the monthly report of assigned control numbers: the provider's master administrator and the
 * tax authority's portal users (through the routes' `allowPortalRead`) see every company;
 * anyone else holding the SENIAT reports screen sees the companies (and branches) granted to them — the
 * routes take it from `scopeOfRequest` (http/tenancy.ts), as every route does.
 */

/**
 * The month's life cycle (generate, mark sent, the states of the last months) is the provider's own duty
 * to SENIAT (Providencia SNAT/2024/000102 Art. 29.7 as read): its master administrator only.
 */
export function assertProvider(principal: Principal): void {
  if (!principal.masterAdmin) throw forbidden(ASSIGNED_NUMBERS_MESSAGES.providerOnly);
}
