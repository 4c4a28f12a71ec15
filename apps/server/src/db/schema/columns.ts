// Column helpers every context shares.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
