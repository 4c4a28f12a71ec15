// Withholding vouchers (comprobantes de retención IVA and ISLR), their lines, and the dated values of the
// unidad tributaria the ISLR sustraendo is computed from (spec 002 §3).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  bytea,
  controlNumberColumns,
  documentStateColumns,
  id,
  issuerColumns,
  sandboxColumn,
  signedPdfColumns,
} from './columns.ts';
import { localidades, sucursales } from './companies.ts';

/**
 * A voucher as issued: its 14-digit number (yyyyMM + the agent's sequence, set just before the commit by
 * the kernel's automatic numbering), the control number of the company's or branch's withholding lot,
 * the withheld supplier, the fiscal period, exact totals, and the signed PDF's bytes and SHA-256.
 */
export const retenciones = pgTable(
  'retenciones',
  {
    id: id(),
    ...issuerColumns(localidades, sucursales),
    modelo: text('modelo_retencion').notNull(),
    tipoDocumento: text('tipo_documento').notNull(),
    tasaRetencion: numeric('tasa_retencion', { precision: 5, scale: 2 }),
    nroComprobante: text('nro_comprobante'),
    ...controlNumberColumns(),
    periodoDel: date('periodo_fiscal_del').notNull(),
    periodoAl: date('periodo_fiscal_al').notNull(),
    rifProveedor: text('rif_proveedor').notNull(),
    identificacion: text('identificacion').notNull(),
    direccion: text('direccion').notNull(),
    correo: text('correo').notNull(),
    totalDocumentos: numeric('total_documentos', { precision: 20, scale: 2 }).notNull(),
    totalBase: numeric('total_base', { precision: 20, scale: 2 }).notNull(),
    totalCausado: numeric('total_causado', { precision: 20, scale: 2 }).notNull(),
    totalRetenido: numeric('total_retenido', { precision: 20, scale: 2 }).notNull(),
    /** The purchase invoice it withholds from, when opened from the purchase list (prefill.ts). */
    facturaCompraId: integer('factura_compra_id'),
    /** The declaration that filed it with SENIAT: set, it can no longer change. */
    declaracionId: uuid('id_declaracion'),
    ...sandboxColumn(),
    ...documentStateColumns(),
    ...signedPdfColumns(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('retenciones_comprobante_uq').on(t.localidadId, t.sandbox, t.nroComprobante),
    uniqueIndex('retenciones_control_uq').on(t.localidadId, t.serie, t.numeroControl),
    index('retenciones_list_idx').on(t.localidadId, t.fechaEmision),
    index('retenciones_compra_idx').on(t.facturaCompraId),
    check('retenciones_modelo_ck', sql`${t.modelo} in ('IVA', 'ISLR')`),
  ],
);

/** One withheld document: IVA columns or ISLR columns according to the voucher's model. */
export const retencionLineas = pgTable(
  'retencion_lineas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    retencionId: uuid('id_retencion')
      .notNull()
      .references(() => retenciones.id, { onDelete: 'cascade' }),
    posicion: integer('posicion').notNull(),
    fechaDocumento: date('fecha_documento').notNull(),
    nroDocumento: text('nro_documento'),
    nroControlDocumento: text('nro_control_documento').notNull(),
    nroNota: text('nro_nota'),
    nroDocumentoAfectado: text('nro_documento_afectado'),
    tipoTransaccion: text('tipo_transaccion'),
    montoTotalDocumento: numeric('monto_total_documento', { precision: 20, scale: 2 }).notNull(),
    compraExento: numeric('compra_exento', { precision: 20, scale: 2 }).notNull().default('0'),
    baseImponible: numeric('base_imponible', { precision: 20, scale: 2 }).notNull(),
    alicuota: numeric('alicuota', { precision: 5, scale: 2 }),
    impuestoCausado: numeric('impuesto_causado', { precision: 20, scale: 2 }),
    /** IVA withheld, or ISLR withheld (causadoRetenido). */
    impuestoRetenido: numeric('impuesto_retenido', { precision: 20, scale: 2 }).notNull(),
    conceptoIslr: text('concepto_islr'),
    concepto: text('concepto'),
    porcentaje: numeric('porcentaje', { precision: 7, scale: 2 }),
    baseRetencion: numeric('base_retencion', { precision: 20, scale: 2 }),
    sustraendo: numeric('sustraendo', { precision: 20, scale: 2 }),
    unidadTributaria: numeric('unidad_tributaria', { precision: 20, scale: 2 }),
    /** ISLR Tarifa N° 2: the base already paid to the supplier in the fiscal year before this line. */
    acumuladoPrevio: numeric('acumulado_previo', { precision: 20, scale: 2 }),
    /** ISLR: the base by percentage, one XML record each ([{ monto, porcentaje }]). */
    tramos: jsonb('tramos').$type<Array<{ monto: string; porcentaje: string }>>(),
  },
  (t) => [
    index('retencion_lineas_retencion_idx').on(t.retencionId),
    // The books' lookup by control number without case or punctuation (migration 0017, withholdings/book.ts).
    index('retencion_lineas_control_key_idx').using(
      'btree',
      sql`(regexp_replace(upper(${t.nroControlDocumento}), '[^0-9A-Z]', '', 'g'))`,
    ),
  ],
);

/**
 * A period's declaration file confirmed as filed with SENIAT: the exact bytes served
 * from then on, their SHA-256, who confirmed and when. Vouchers it covers point to it (id_declaracion).
 */
export const declaracionesRetencion = pgTable(
  'declaraciones_retencion',
  {
    id: id(),
    localidadId: uuid('id_localidad')
      .notNull()
      .references(() => localidades.id),
    modelo: text('modelo_retencion').notNull(),
    periodo: text('periodo').notNull(),
    quincena: integer('quincena'),
    desde: date('desde').notNull(),
    hasta: date('hasta').notNull(),
    nombreArchivo: text('nombre_archivo').notNull(),
    archivo: bytea('archivo').notNull(),
    sha256: text('sha256').notNull(),
    comprobantes: integer('comprobantes').notNull(),
    declaradoPor: text('declarado_por').notNull(),
    fechaDeclaracion: timestamp('fecha_declaracion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('declaraciones_retencion_localidad_idx').on(t.localidadId, t.modelo, t.desde),
    check('declaraciones_retencion_modelo_ck', sql`${t.modelo} in ('IVA', 'ISLR')`),
  ],
);
