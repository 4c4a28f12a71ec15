// The database schema, one file per bounded context under ./schema/. Modules import their tables from
// here; a context adds its tables in its own file and re-exports it below.

export * from './schema/annulments.ts';
export * from './schema/api-keys.ts';
export * from './schema/audit.ts';
export * from './schema/catalog.ts';
export * from './schema/companies.ts';
export * from './schema/delivery.ts';
export * from './schema/integration-requests.ts';
export * from './schema/invoices.ts';
export * from './schema/issuance.ts';
export * from './schema/jobs.ts';
export * from './schema/mail.ts';
export * from './schema/mass-load.ts';
export * from './schema/notes.ts';
export * from './schema/numbering.ts';
export * from './schema/orders.ts';
export * from './schema/purchases.ts';
export * from './schema/received-withholdings.ts';
export * from './schema/reference.ts';
export * from './schema/security.ts';
export * from './schema/seniat-reports.ts';
export * from './schema/webhooks.ts';
export * from './schema/withholdings.ts';
