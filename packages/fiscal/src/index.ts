export * from './catalog/schemas.ts';
export * from './common.ts';
export * from './companies/schemas.ts';
export * from './formats.ts';
export * from './security/module-catalog.ts';
export * from './security/permissions.ts';
export * from './security/schemas.ts';
export { z } from './zod-es.ts';
