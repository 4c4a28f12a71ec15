import { annulReasonField } from '../documents/annul.ts';
import { decimal, documentNumber, optionalDecimal, optionalText, text, tolerantObject } from '../tolerant.ts';
import { z } from '../zod-es.ts';

/**
 * Withholding vouchers as they arrive: one item of POST /v2/retenciones/createRetencionIvaMasiva
 * (contract "Withholding vouchers", read liberally as invoices are: see tolerant.ts) with the header and
 * line rules and messages of spec 002 §5 ("Withholding header", "IVA line", "ISLR line") and §9.
 */

export const WITHHOLDING_MODELS = ['IVA', 'ISLR'] as const;
export type WithholdingModel = (typeof WITHHOLDING_MODELS)[number];
/** Spec 002 §3 and §9: document type '05' IVA, '06' ISLR. */
export const WITHHOLDING_DOCUMENT_TYPE: Record<WithholdingModel, string> = { IVA: '05', ISLR: '06' };
/** Spec 002 §5 and §9: the IVA withholding rates (Providencia SNAT/2015/0049 arts. 4 and 5). */
export const IVA_WITHHOLDING_RATES = ['75', '100'] as const;
/** Spec 002 §9: the IVA rates of a line. */
export const IVA_LINE_RATES = ['8', '16', '31'] as const;
/** Spec 002 §5: the transaction types (the screen offers the first three; 04-ANULA is accepted). */
export const TRANSACTION_TYPES = ['01-REG', '02-AJUSND', '03-AJUSNC', '04-ANULA'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Spec 002 §5: letter J/G/V/E/P, hyphen, 9 digits. */
export const SUPPLIER_RIF_PATTERN = /^[JGVEP]-\d{9}$/;
export const WITHHOLDING_MESSAGES = {
  localidad: 'Localidad es requerida',
  periodoDel: 'Fecha de Inicio de Periodo Fiscal es requerida',
  periodoAl: 'Fecha de Fin de Periodo Fiscal es requerida',
  fechaValida: 'Debe ser una fecha válida',
  rifRequired: 'RIF Retenido es requerido',
  rifFormat: 'RIF debe tener el formato J-123456789',
  nombre: 'Nombre/Razón Social Retenido es requerido',
  direccion: 'Dirección Retenido es requerida',
  correo: 'E-MAIL Retenido es requerido',
  correoValido: 'debe ser un correo valido',
  modelo: 'Tipo de Retencion es requerido',
  duplicateDocumento:
    'No se puede agregar la retencion porque ya existe una retencion con el mismo nroDocumento, nroControlDocumento y tipoTransaccion',
  duplicateNota:
    'No se puede agregar la retencion porque ya existe una retencion con el mismo nroNota, nroControlDocumento y tipoTransaccion',
  islrFecha: 'Fecha del Documento es requerida',
  islrNroDocumento: 'Nro de Documento es requerido',
  islrNroControl: 'Nro de Control del Documento es requerido',
  islrMontoTotal: 'Monto Total del Documento es requerido',
  islrBase: 'Base Imponible es requerida',
  islrConcepto: 'Concepto de ISLR es requerido',
  islrCausado: 'Impuesto de ISLR causado y retenido es requerido',
  created: 'Retencion Creada con Exito',
  annulled: 'Retencion Anulada con Exito',
  numbersUpdated: 'Nro de Retenciones Actualizado con Exito',
} as const;

const M = WITHHOLDING_MESSAGES;
const absent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const trimmed = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);

/** A required text with the spec's own message when missing. */
const required = (message: string, max: number, field: string) =>
  z.preprocess(
    (v) => (absent(v) ? undefined : trimmed(v)),
    z.string({ error: message }).min(1, message).max(max, `${field} admite máximo ${max} caracteres`),
  );

/** A calendar date "YYYY-MM-DD" with the spec's messages (an ISO date-time is cut to its date). */
export const dateField = (message: string) =>
  z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' ? v.trim().slice(0, 10) : v),
    z.iso.date({ error: (i) => (i.input === undefined ? message : M.fechaValida) }),
  );

/** RIF of the withheld supplier: upper-cased and trimmed, then the spec's pattern. */
export const supplierRifSchema = z.preprocess(
  (v) => (absent(v) ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: M.rifRequired }).max(20, M.rifFormat).regex(SUPPLIER_RIF_PATTERN, M.rifFormat),
);

/** '02-AJUSNC' as the contract spells it and '03-AJUSNC' as the spec does are the same type: the letters rule. */
export const transactionTypeSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toUpperCase();
    if (t.endsWith('REG')) return '01-REG';
    if (t.endsWith('AJUSND')) return '02-AJUSND';
    if (t.endsWith('AJUSNC')) return '03-AJUSNC';
    if (t.endsWith('ANULA')) return '04-ANULA';
    return t;
  },
  z.enum(TRANSACTION_TYPES, { error: `tipoTransaccion debe ser uno de: ${TRANSACTION_TYPES.join(', ')}` }),
);

const choiceOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'number') return String(v);
      if (typeof v !== 'string') return v;
      const t = v.trim();
      // "16.00" and "16" are one rate; "75.0" and "75" one withholding rate.
      return /^\d+(\.0+)?$/.test(t) ? String(Number(t)) : t;
    },
    z.enum(values, { error: `${field} debe ser uno de: ${values.join(', ')}` }),
  );

/** One IVA line (spec 002 §3 "IVA line", §5). */
export const ivaLineSchema = tolerantObject({
  fechaDocumento: dateField('fechaDocumento es requerida'),
  nroDocumento: documentNumber('nroDocumento', optionalText('nroDocumento', 20)),
  nroControlDocumento: documentNumber('nroControlDocumento', text('nroControlDocumento', 20)),
  nroNota: documentNumber('nroNota', optionalText('nroNota', 20)),
  nroDocumentoAfectado: documentNumber('nroDocumentoAfectado', optionalText('nroDocumentoAfectado', 20)),
  tipoTransaccion: transactionTypeSchema,
  montoTotalDocumento: decimal('montoTotalDocumento'),
  compraExento: optionalDecimal('compraExento'),
  baseImponible: decimal('baseImponible'),
  alicuota: choiceOf('alicuota', IVA_LINE_RATES),
  impuestoCausado: decimal('impuestoCausado'),
  impuestoRetenido: decimal('impuestoRetenido'),
});
export type IvaLineInput = z.infer<typeof ivaLineSchema>;

/** A required amount with the spec's own message when it is missing. */
const requiredAmount = (field: string, message: string) =>
  z.preprocess((v, ctx) => {
    if (!absent(v)) return v;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }, decimal(field));

/** One ISLR line (spec 002 §3 "ISLR line", §5 with its messages). */
export const islrLineSchema = tolerantObject({
  fechaDocumento: dateField(M.islrFecha),
  nroDocumento: documentNumber('nroDocumento', required(M.islrNroDocumento, 20, 'nroDocumento')),
  nroControlDocumento: documentNumber(
    'nroControlDocumento',
    required(M.islrNroControl, 20, 'nroControlDocumento'),
  ),
  conceptoIslr: required(M.islrConcepto, 3, 'conceptoIslr'),
  montoTotalDocumento: requiredAmount('montoTotalDocumento', M.islrMontoTotal),
  compraExento: optionalDecimal('compraExento'),
  baseImponible: requiredAmount('baseImponible', M.islrBase),
  causadoRetenido: requiredAmount('causadoRetenido', M.islrCausado),
});
export type IslrLineInput = z.infer<typeof islrLineSchema>;

/** Lines per voucher: a voucher is one supplier's month, a few documents. */
export const MAX_WITHHOLDING_LINES = 200;

/** The voucher header (spec 002 §3 "Withholding header", §5) of the integration API and the add page. */
export const withholdingHeaderSchema = tolerantObject({
  rif: text('rif', 12),
  codigoSucursal: optionalText('codigoSucursal', 16),
  periodoFiscalDel: dateField(M.periodoDel),
  periodoFiscalAl: dateField(M.periodoAl),
  rifProveedor: supplierRifSchema,
  identificacion: required(M.nombre, 200, 'identificacion'),
  direccion: required(M.direccion, 200, 'direccion'),
  correo: z.preprocess(
    (v) => (absent(v) ? undefined : trimmed(v)),
    z.string({ error: M.correo }).max(200, M.correoValido).pipe(z.email(M.correoValido)),
  ),
  modeloRetencion: z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(WITHHOLDING_MODELS, { error: M.modelo }),
  ),
  tipoDocumento: optionalText('tipoDocumento', 2),
  /** IVA only; '0', '' or absent mean unset (spec 002 §4: a zero rate is treated as unset). */
  tasaRetencion: z.preprocess(
    (v) => (absent(v) || v === 0 || v === '0' ? undefined : v),
    choiceOf('tasaRetencion', IVA_WITHHOLDING_RATES).optional(),
  ),
  /** The purchase invoice the voucher withholds from (prefill.ts), when it came from the purchase list. */
  facturaCompraId: z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: 'facturaCompraId debe ser un número entero' })
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional(),
  ),
  lstRetenciones: z
    .array(z.unknown(), { error: 'lstRetenciones es requerido' })
    .min(1, 'Debe agregar al menos una retención')
    .max(MAX_WITHHOLDING_LINES, `Máximo ${MAX_WITHHOLDING_LINES} líneas por comprobante`),
});
export type WithholdingHeaderInput = z.infer<typeof withholdingHeaderSchema>;

/** One item of POST /v2/retenciones/anularMasivaRetencionesIva. */
export const annulWithholdingSchema = tolerantObject({
  rif: text('rif', 12),
  nroComprobante: z.preprocess(
    trimmed,
    z
      .string({ error: 'nroComprobante es requerido' })
      .regex(/^\d{14}$/, 'nroComprobante debe tener 14 dígitos'),
  ),
  /** Like every family's annulment, scoped to the branch when one is named. */
  codigoSucursal: optionalText('codigoSucursal', 16),
  motivoAnulacion: annulReasonField,
});

/** Filters of GET getRetencionesIva (spec 002 §7; 'undefined-undefined' as rif means no filter, §5). */
export const withholdingFiltersSchema = z.object({
  rif: z.preprocess(
    (v) => (v === 'undefined-undefined' || absent(v) ? undefined : v),
    z.string().max(20).optional(),
  ),
  id_localidad: z.preprocess(
    (v) => (absent(v) ? undefined : v),
    z.uuid({ error: 'id_localidad no válido' }).optional(),
  ),
  id_sucursal: z.preprocess(
    (v) => (absent(v) ? undefined : v),
    z.uuid({ error: 'id_sucursal no válido' }).optional(),
  ),
  nroComprobante: z.preprocess((v) => (absent(v) ? undefined : v), z.string().max(20).optional()),
  rifProveedor: z.preprocess((v) => (absent(v) ? undefined : v), z.string().max(20).optional()),
  modeloRetencion: z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(WITHHOLDING_MODELS).optional(),
  ),
  fechaInicio: z.preprocess(
    (v) => (absent(v) ? undefined : v),
    z.iso.date({ error: 'fechaInicio debe ser una fecha AAAA-MM-DD' }).optional(),
  ),
  fechaFin: z.preprocess(
    (v) => (absent(v) ? undefined : v),
    z.iso.date({ error: 'fechaFin debe ser una fecha AAAA-MM-DD' }).optional(),
  ),
  facturaCompraId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  sortBy: z
    .enum([
      'id',
      'fechaEmision',
      'nroComprobante',
      'NroControlComprobante',
      'rifProveedor',
      'identificacion',
      'modeloRetencion',
    ])
    .default('id'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type WithholdingFilters = z.infer<typeof withholdingFiltersSchema>;

/**
 * The period of a declaration file: company and month, or one of the month's fortnights
 * with `quincena` 1 (days 1-15) or 2 (16 to the end).
 */
export const declarationQuerySchema = z.object({
  id_localidad: z.uuid({ error: 'Localidad es requerida' }),
  periodo: z
    .string({ error: 'periodo es requerido (AAAA-MM)' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'periodo debe tener el formato AAAA-MM'),
  quincena: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .union([z.literal(1), z.literal(2)], {
        error: 'quincena debe ser 1 (días 1 al 15) o 2 (16 al fin de mes)',
      })
      .optional(),
  ),
});
export type DeclarationQuery = z.infer<typeof declarationQuerySchema>;

/**
 * Confirming a period's file as declared: the model, the period, and the SHA-256 of the
 * file the user downloaded (the download's `x-sha256` header), so what is kept is what was filed.
 */
export const declareSchema = declarationQuerySchema.extend({
  modelo: z.enum(['IVA', 'ISLR'], { error: 'modelo debe ser IVA o ISLR' }),
  sha256: z
    .string({ error: 'sha256 es requerido' })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, 'sha256 debe ser el SHA-256 del archivo descargado (64 dígitos hexadecimales)'),
});
export type DeclareInput = z.infer<typeof declareSchema>;

/** The declared periods' list: one company, optionally one model. */
export const declaredListQuerySchema = z.object({
  id_localidad: z.uuid({ error: 'Localidad es requerida' }),
  modelo: z.enum(['IVA', 'ISLR'], { error: 'modelo debe ser IVA o ISLR' }).optional(),
});
export type DeclaredListQuery = z.infer<typeof declaredListQuerySchema>;

/** A tax unit value (UT) as the maintenance screen adds it. */
export const taxUnitSchema = z.object({
  valor: decimal('valor').refine((v) => Number(v) > 0, 'valor debe ser mayor que cero'),
  fechaDesde: z.iso.date({ error: 'fechaDesde es requerida (AAAA-MM-DD)' }),
  providencia: z.string().trim().min(1, 'providencia es requerida').max(100),
  gacetaOficial: z.string().trim().min(1, 'gacetaOficial es requerida').max(100),
});
export type TaxUnitInput = z.infer<typeof taxUnitSchema>;

/** An amount as calcularIslr reads it: a decimal string with at most two decimals. */
const amountText = (field: string) =>
  z
    .string({ error: `${field} es requerido` })
    .trim()
    .regex(/^\d{1,15}(\.\d{1,2})?$/, `${field} debe ser un monto con hasta 2 decimales`);

/** The body of POST calcularIslr: one ISLR line, computed without saving. */
export const islrPreviewBodySchema = z.object({
  id_localidad: z.uuid({ error: 'id_localidad no es válido' }),
  rifProveedor: z.string().trim().min(1, 'rifProveedor es requerido').max(12),
  fechaDocumento: z.iso.date({ error: 'fechaDocumento debe ser una fecha AAAA-MM-DD' }),
  conceptoIslr: z.string().trim().min(1, 'conceptoIslr es requerido').max(4),
  baseImponible: amountText('baseImponible'),
  /** Tarifa N° 2: the base of this voucher's earlier lines (the screen's own draft), added on top. */
  acumuladoComprobante: amountText('acumuladoComprobante').optional(),
});
export type IslrPreviewInput = z.infer<typeof islrPreviewBodySchema>;
