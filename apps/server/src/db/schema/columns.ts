// Column helpers every context shares.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  jsonb,
  numeric,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * "Now" as the application's clock tells it, for every timestamp a row gets by default. Drizzle fills it on
 * insert (the SQL default stays for hand-written inserts), so one clock dates rows and the checks made
 * against them (throttle windows, token lifetimes, the Caracas day of an invoice), even when the database
 * server's clock differs from the application's (tests move the latter: vitest.clock.ts).
 */
export const appNow = () => new Date();

export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const status = () => text('log_estatus_registro').notNull().default('ACTIVO');
export const auditColumns = () => ({
  createdAt: timestamp('log_fecha_registro', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(appNow),
  createdBy: text('log_username').notNull().default('sistema'),
  updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
});

/** Binary columns (logos, stamps, encrypted key stores) as Buffers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The columns every range of numbers shares (control lots, branch sub-lots, automatic invoice numbers,
 * withholding vouchers): numbers run desde+1 … hasta, `actual` is the last one handed out, ranges of one
 * scope wait their turn by `seq`.
 */
export const numberRange = () => ({
  serie: text('serie').notNull(),
  cantidad: bigint('cantidad', { mode: 'number' }).notNull(),
  desde: bigint('desde', { mode: 'number' }).notNull(),
  hasta: bigint('hasta', { mode: 'number' }).notNull(),
  actual: bigint('actual', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  createdBy: text('log_username').notNull().default('sistema'),
  createdAt: timestamp('log_fecha_registro', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(appNow),
});

// --- The header of every fiscal document (facturas, notas, ordenes, retenciones) --------------------------

/**
 * The company and (null: head office) branch a document was issued by. The two tables are passed in
 * because companies.ts builds its own columns from this file: importing it here would be circular.
 */
export const issuerColumns = (companies: { id: AnyPgColumn }, branches: { id: AnyPgColumn }) => ({
  localidadId: uuid('id_localidad')
    .notNull()
    .references(() => companies.id),
  sucursalId: uuid('id_sucursal').references(() => branches.id),
});

/**
 * The control number the issuance kernel hands a document (null until it is numbered: series, the
 * printed number, its integer and the lot it came from) and the moment of issue.
 */
export const controlNumberColumns = () => ({
  serie: text('serie'),
  nroControl: text('nro_control'),
  numeroControl: bigint('numero_control', { mode: 'number' }),
  lotId: uuid('id_control_lote'),
  fechaEmision: timestamp('fecha_emision', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
});

const amount = (name: string) => numeric(name, { precision: 20, scale: 2 });
const totalsOf = <C>(column: (name: string) => C) => ({
  subTotal: column('sub_total'),
  totalExento: column('total_exento'),
  totalExonerado: column('total_exonerado'),
  montoDescuento: column('monto_descuento'),
  totalIva: column('total_iva'),
  importeTotal: column('importe_total'),
});

/** A priced document's exact totals (numeric, never floats). */
export const totalsColumns = () => totalsOf((name) => amount(name).notNull());

/** The same totals on a document that may carry no amounts (an order without IncluirMontos): null. */
export const optionalTotalsColumns = () => totalsOf(amount);

/** The client as it was at issue: a document never follows later edits of the catalog's client. */
export const clientColumn = () => jsonb('cliente').$type<Record<string, unknown>>().notNull();

/** What every issued document records of itself: free extras, where it came from, status and soft delete. */
/**
 * Issued with a test API key (migrations 0030 for invoices, 0035 for notes, orders and
 * withholdings): numbered 'PR-…' from the sandbox's own counter, never in the ledger, the books, the reports
 * or the working lists. Each family's document-number unique index includes it (a test may carry the number
 * the ERP will later send for real).
 */
export const sandboxColumn = () => ({ sandbox: boolean('sandbox').notNull().default(false) });

export const documentStateColumns = () => ({
  extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
  origen: text('origen').notNull().default('API'),
  status: status(),
  deleted: boolean('log_deleted_registro').notNull().default(false),
  /** Why it was annulled, as the user said it (migration 0024). */
  motivoAnulacion: text('motivo_anulacion'),
});

/** The signed PDF's bytes and SHA-256 once generated, never changed after (issuance/render/pdf-store.ts). */
export const signedPdfColumns = () => ({
  pdf: bytea('pdf'),
  pdfSha256: text('pdf_sha256'),
  pdfGeneratedAt: timestamp('pdf_generated_at', { withTimezone: true }),
});

/** One rate of a document's tax summary (the *_gravamenes tables), beside its parent's foreign key. */
export const taxRateColumns = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  alicuota: numeric('alicuota', { precision: 5, scale: 2 }).notNull(),
  baseImponible: amount('base_imponible').notNull(),
  montoAlicuota: amount('monto_alicuota').notNull(),
});
