// Control-number lots, automatic invoice numbers and withholding voucher numbers.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, numberRange } from './columns.ts';
import { localidades, sucursales } from './companies.ts';

// --- Numbering (issue "Control numbers"): lots are never edited once used; every row is kept -------

/**
 * A company lot of control numbers for one family. Numbers run desde+1 … hasta; `actual` is the last
 * one handed out. GLOBAL lots serve the company and all its branches; INDIVIDUAL lots are carved into
 * sub-lots (`subAsignado` is how much is carved). One ACTIVO lot per company and family, the others
 * ENCOLA by `seq`, AGOTADO when used up.
 */
export const controlLots = pgTable(
  'control_lots',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    familia: text('familia').notNull(),
    tipo: text('tipo').notNull(),
    ...numberRange(),
    subAsignado: bigint('sub_asignado', { mode: 'number' }).notNull().default(0),
    localidadGeneraFac: boolean('localidad_genera_fac').notNull().default(false),
    updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
    /** Who assigned it, by user id (migration 0026); log_username keeps the e-mail. */
    asignadoPorId: uuid('asignado_por_id'),
  },
  (t) => [
    index('control_lots_scope_idx').on(t.localidadId, t.familia, t.status),
    // At most one ACTIVO lot per company and family, enforced by the database itself.
    uniqueIndex('control_lots_one_active_uq').on(t.localidadId, t.familia).where(sql`status = 'ACTIVO'`),
  ],
);

/** A sub-range of an INDIVIDUAL lot for one branch (or the head office when sucursal is null). */
export const controlSublots = pgTable(
  'control_sublots',
  {
    id: id(),
    lotId: uuid('id_control_localidad')
      .notNull()
      .references(() => controlLots.id),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    familia: text('familia').notNull(),
    ...numberRange(),
    /** Who assigned it, by user id (migration 0026); log_username keeps the e-mail. */
    asignadoPorId: uuid('asignado_por_id'),
  },
  (t) => [
    index('control_sublots_scope_idx').on(t.localidadId, t.familia, t.sucursalId, t.status),
    index('control_sublots_lot_idx').on(t.lotId),
  ],
);

/**
 * Automatic invoice numbers of a company (sucursal null) or a branch: numbers desde+1 … hasta, the
 * last handed out in `actual`. The company's or branch's asigna_nro_facturas decides whether they apply.
 */
export const invoiceNumberRanges = pgTable(
  'invoice_number_ranges',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    ...numberRange(),
  },
  (t) => [index('invoice_number_ranges_scope_idx').on(t.localidadId, t.sucursalId, t.status)],
);

/** An agent's withholding voucher sequence: voucher = yyyyMM + 8-digit (actual + 1). */
export const withholdingNumberRanges = pgTable(
  'withholding_number_ranges',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    ...numberRange(),
    asignaNro: boolean('asigna_nro').notNull().default(true),
  },
  (t) => [index('withholding_number_ranges_scope_idx').on(t.localidadId, t.status)],
);
