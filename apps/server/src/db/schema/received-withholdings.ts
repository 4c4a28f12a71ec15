// IVA withholding vouchers a company received from buyers outside sigece: recorded by
// hand from the agent's voucher, read by the sales book's 'IVA Retenido por el Comprador'.
import { sql } from 'drizzle-orm';
import { boolean, date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, status } from './columns.ts';
import { localidades } from './companies.ts';
import { facturas } from './invoices.ts';

export const retencionesRecibidas = pgTable(
  'retenciones_recibidas',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    /** The withholding agent (the buyer), its RIF as formatRif writes it (J-12345678-9). */
    rifAgente: text('rif_agente').notNull(),
    nombreAgente: text('nombre_agente').notNull(),
    nroComprobante: text('nro_comprobante').notNull(),
    fechaComprobante: date('fecha_comprobante', { mode: 'string' }).notNull(),
    facturaId: uuid('id_factura')
      .notNull()
      .references(() => facturas.id),
    montoRetenido: numeric('monto_retenido', { precision: 20, scale: 2 }).notNull(),
    status: status(),
    deleted: boolean('log_deleted_registro').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    // One active voucher number per agent and company: "ya fue registrado".
    uniqueIndex('retenciones_recibidas_comprobante_uq')
      .on(t.localidadId, t.rifAgente, t.nroComprobante)
      .where(sql`${t.status} = 'ACTIVO' and not ${t.deleted}`),
    index('retenciones_recibidas_factura_idx').on(t.facturaId),
    index('retenciones_recibidas_list_idx').on(t.localidadId, t.fechaComprobante),
  ],
);
