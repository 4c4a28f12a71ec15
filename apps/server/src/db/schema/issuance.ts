// The issuance kernel's own table: the ledger of issued control numbers (modules/issuance).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { localidades, sucursales } from './companies.ts';
import { controlLots } from './numbering.ts';

/** Render state of a document's signed PDF: waiting for the job, stored, or given up after the retries. */
export const PDF_STATES = ['PENDIENTE', 'GENERADA', 'FALLIDA'] as const;
export type PdfState = (typeof PDF_STATES)[number];

/**
 * Every control number ever handed out, with the document that holds it, written by the kernel in the
 * same transaction that stores the document. Providencia SNAT/2011/00071 makes the control number one
 * consecutive sequence shared by a company's invoices and its credit and debit notes: the unique keys
 * below make the DATABASE refuse an invoice and a note (or any two documents) holding the same number,
 * even if code tried, and `(tipo_doc, id_documento)` gives each document one number only. The SENIAT
 * report of numbers assigned reads this table. It also carries the document's render state (kept
 * here, not in each family's table, so one query finds every pending PDF of every family).
 */
export const controlNumbers = pgTable(
  'control_numbers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    sucursalId: uuid('id_sucursal').references(() => sucursales.id),
    /** The control-number family: FACTURA (invoices and notes), ORDEN, RETENCION. */
    familia: text('familia').notNull(),
    lotId: uuid('id_control_lote').references(() => controlLots.id),
    serie: text('serie').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    nroControl: text('nro_control').notNull(),
    /** The document family: fact, nota, orden, ret. */
    tipoDoc: text('tipo_doc').notNull(),
    documentId: uuid('id_documento').notNull(),
    issuedAt: timestamp('emitido_en', { withTimezone: true }).notNull().defaultNow(),
    pdfEstado: text('pdf_estado').$type<PdfState>().notNull().default('PENDIENTE'),
    pdfError: text('pdf_error'),
    pdfIntentos: integer('pdf_intentos').notNull().default(0),
    pdfUpdatedAt: timestamp('pdf_actualizado', { withTimezone: true }),
  },
  (t) => [
    check('control_numbers_pdf_estado_ck', sql`${t.pdfEstado} in ('PENDIENTE', 'GENERADA', 'FALLIDA')`),
    uniqueIndex('control_numbers_numero_uq').on(t.localidadId, t.familia, t.serie, t.numero),
    uniqueIndex('control_numbers_lote_uq').on(t.lotId, t.numero),
    uniqueIndex('control_numbers_documento_uq').on(t.tipoDoc, t.documentId),
    index('control_numbers_pendientes_idx').on(t.tipoDoc, t.documentId).where(sql`pdf_estado = 'PENDIENTE'`),
  ],
);
