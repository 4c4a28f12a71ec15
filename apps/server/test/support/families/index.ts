// The family suite's samples, one per registered family, keyed by tipoDoc. Adding a family is registering
// it (src/families/registry.ts) and adding its sample here: families.test.ts then runs every check over it,
// and fails for a registered family without one.
import { invoiceFixture } from './fact.ts';
import { noteFixture } from './nota.ts';
import { orderFixture } from './orden.ts';
import { withholdingFixture } from './ret.ts';
import type { FamilyFixture } from './types.ts';

export const FAMILY_FIXTURES: ReadonlyMap<string, FamilyFixture> = new Map([
  ['fact', invoiceFixture],
  ['nota', noteFixture],
  ['orden', orderFixture],
  ['ret', withholdingFixture],
]);

export type { AnnulOutcome, Ctx, FamilyFixture, Issued, TestCompany } from './types.ts';
