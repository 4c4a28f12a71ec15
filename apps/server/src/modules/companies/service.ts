// What the routes and other modules may call of companies, one file per use case.
export { forgetCompanies, ISSUER_CACHE_MS } from './cache.ts';
export * from './certificates.service.ts';
export * from './companies.service.ts';
export * from './issuers.service.ts';
export * from './third-parties.service.ts';
export * from './views.ts';
