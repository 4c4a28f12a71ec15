import { provideCompanyHooks } from './modules/companies/hooks.ts';
import { controlBlocks } from './modules/numbering/service.ts';
import { forgetUser } from './modules/security/principal-cache.ts';
import { grantCompanyToUser } from './modules/security/users.service.ts';

/**
 * The declared hooks by which a lower context calls a higher one (contexts import only down their ranks,
 * `scripts/check-boundaries.mjs`). Loaded once, for its effect, by `app.ts`, like `families/registry.ts`.
 */
provideCompanyHooks({
  grantToCreator: grantCompanyToUser,
  creatorChanged: forgetUser,
  controlBlocks,
});
