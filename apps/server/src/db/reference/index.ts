/**
 * Venezuelan reference data for sigece (see each module's header comment for its source and date).
 */
export * from './banks.ts';
export * from './currencies.ts';
export * from './geography.ts';
export * from './incoterms.ts';
export * from './islr.ts';
export * from './iva.ts';
export * from './notes.ts';
export * from './tax-units.ts';
