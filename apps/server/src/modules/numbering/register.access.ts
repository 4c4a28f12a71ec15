import { SENIAT_MODULE } from '@sigece/fiscal';
import { allowPortalRead } from '../../http/guard.ts';

/**
 * Who reads the register of assignments, in one place: the users of the SENIAT reports
 * screen (its module), each within their companies and branches; the master administrator sees every
 * company, and so do the tax authority's read-only portal users, each read audited; the
 * routes read the caller's companies and branches with `scopeOfRequest`, as every route does.
 */
export const registerReadGuard = () => allowPortalRead({ module: SENIAT_MODULE });
