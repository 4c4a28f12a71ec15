import type { CompanyDetailView } from '@sigece/fiscal';
import type { DbOrTx } from '../../db/client.ts';
import type { TenantScope } from '../../http/tenancy.ts';

/**
 * What the contexts above the companies add to a company's life. The companies rank below security and
 * numbering (both read companies), so they may not call them; those contexts lend these functions
 * instead, and `app.ts` wires them before any route runs.
 */
export interface CompanyHooks {
  /**
   * In the creating transaction: a company created by someone who is not master admin is granted to
   * them, or they could not see it.
   */
  grantToCreator(tx: DbOrTx, userId: string, localidadId: string): Promise<void>;
  /** After the commit: the creator's cached principal must see the new company at once. */
  creatorChanged(userId: string): void;
  /** The control-number blocks a company's detail shows (the numbering context's answer). */
  controlBlocks(db: DbOrTx, scope: TenantScope, localidadId: string): Promise<CompanyDetailView['controles']>;
}

let hooks: CompanyHooks | undefined;

export function provideCompanyHooks(provided: CompanyHooks): void {
  hooks = provided;
}

export function companyHooks(): CompanyHooks {
  if (!hooks) throw new Error('company hooks not provided: buildApp wires them');
  return hooks;
}
