// What other modules and the routes may call of numbering, one file per use case: control-number lots,
// automatic invoice numbers, withholding voucher numbers (the engine that hands numbers out is engine.ts).
export * from './invoice-ranges.service.ts';
export * from './lots.service.ts';
export * from './withholding-ranges.service.ts';
