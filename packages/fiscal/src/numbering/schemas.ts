import { integerTooLarge, TEXT_MAX } from '../bounds.ts';
import { requiredText } from '../common.ts';
import { z } from '../zod-es.ts';

/** Messages of spec 000 §5 and §8 for control lots and automatic numbering, verbatim. */
export const NUMBERING_MESSAGES = {
  required: 'Es requerido',
  notANumber: 'debe ser un numero',
  serieMax2: 'Maximo de Caracter es 2',
  greaterThanZero: 'debe ser mayor a 0',
  invoiceLotCreated: 'Control De factura registrada',
  orderLotCreated: 'Control De Ordenes/Guias registrada',
  branchLotCreated: 'Control de  Sucursal registrada con exito',
  withholdingNumbersUpdated: 'Nro de Retenciones Actualizado con Exito',
  autoAssigned: 'Se asigna el numero de factura automatico',
  autoFailed: 'No pudo ser asignado nro de Factura',
  noInvoiceLot: 'NO tiene Nro. De control Asignado para Factura',
  noOrderLot: 'NO tiene Nro. De control Asignado para Ordenes/Guias',
  noWithholdingLot: 'NO tiene Nro. De control Asignado para Retenciones',
  noActiveCompanyLot: 'No hay Razon social con Numero de control asiganda o no tiene ACTIVA',
  globalCompanyLot: 'No puede asignar Numero De control a una Razón Social con Nro. de control Global',
  invoiceLotExhausted: 'Ha ocupado la totalidad de control de facturas, debe ingresar un nuevo lote Global.',
} as const;

/** Messages the spec does not spell out, for the same rules. */
export const NUMBERING_EXTRA_MESSAGES = {
  orderLotExhausted:
    'Ha ocupado la totalidad de control de Ordenes/Guias, debe ingresar un nuevo lote Global.',
  withholdingLotExhausted:
    'Ha ocupado la totalidad de control de Retenciones, debe ingresar un nuevo lote Global.',
  branchLotExhausted: 'Ha ocupado la totalidad de control de la sucursal, debe asignarle un nuevo lote.',
  companyQuotaUsed: 'El lote de la Razón Social ya fue asignado en su totalidad',
  quotaTooSmall: 'La cantidad supera los números disponibles del lote de la Razón Social',
  overlap: 'El rango se solapa con un lote ya asignado de la misma serie',
  autoRangeExhausted: 'Se agotaron los números de factura automáticos; registre un nuevo rango',
  autoInactive: 'La razón social o sucursal no asigna números de factura automáticamente',
} as const;

const M = NUMBERING_MESSAGES;

/** Control numbers, invoice numbers and lot sizes have at most 9 digits (spec 000 §9). */
export const CONTROL_NUMBER_MAX = 999_999_999;

/**
 * A whole number from 0 to CONTROL_NUMBER_MAX sent as a number or numeric string; text that is not a
 * number gets `message`, a larger one a message naming `field`.
 */
const count = (field: string, message: string = M.notANumber) =>
  z.preprocess(
    (v) => {
      const t = typeof v === 'string' ? v.trim() : v;
      if (t === '' || t === null || t === undefined) return undefined;
      return typeof t === 'string' && !Number.isNaN(Number(t)) ? Number(t) : t;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? M.required : message) })
      .int(message)
      .min(0, message)
      .max(CONTROL_NUMBER_MAX, integerTooLarge(field, CONTROL_NUMBER_MAX)),
  );

/** An optional whole number: missing, null and '' mean absent (the form sends empty fields). */
const optionalCount = (field: string, message: string = M.notANumber) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim() : v),
    z.coerce
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(CONTROL_NUMBER_MAX, integerTooLarge(field, CONTROL_NUMBER_MAX))
      .optional(),
  );

const serie = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? '00' : String(v).trim().toUpperCase()),
  z
    .string()
    .max(2, M.serieMax2)
    .regex(/^[A-Z0-9]{1,2}$/, M.serieMax2),
);

const lotStatus = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 'ACTIVO' : v),
  z.enum(['ACTIVO', 'ENCOLA'], { error: M.required }),
);

/**
 * A company lot (addcontrolLoc / addcontrolOrdenGuiaLoc): initial number, quantity, series, Global or
 * Individual. Desde and Hasta, when sent, must agree with initial and quantity.
 */
export const companyLotSchema = z
  .object({
    id_localidad: requiredText(M.required).pipe(z.uuid({ error: M.required })),
    tipo: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(['GLOBAL', 'INDIVIDUAL'], { error: M.required }),
    ),
    tipoFacturaOrden: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.enum(['FACTURA', 'ORDEN', 'RETENCION'], { error: M.required }),
      )
      .optional(),
    serie,
    nroControl: count('nroControl'),
    nroControlDesde: optionalCount('nroControlDesde'),
    nroControlHasta: optionalCount('nroControlHasta'),
    cantidadFacturas: optionalCount('cantidadFacturas'),
    cantidadLocalidad: optionalCount('cantidadLocalidad'),
    /** The head office issues from the individual lot too (its own sub-range). */
    localidadGeneraFac: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
    logEstatusRegistro: lotStatus,
  })
  .superRefine((lot, ctx) => {
    // The lot's size, as addCompanyLot stores it; cantidadLocalidad alone sizes an individual lot.
    const quantity =
      lot.tipo === 'INDIVIDUAL' ? (lot.cantidadFacturas ?? lot.cantidadLocalidad) : lot.cantidadFacturas;
    if (quantity === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [lot.tipo === 'INDIVIDUAL' ? 'cantidadLocalidad' : 'cantidadFacturas'],
        message: M.required,
      });
      return;
    }
    if (quantity <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: [lot.tipo === 'INDIVIDUAL' ? 'cantidadLocalidad' : 'cantidadFacturas'],
        message: M.greaterThanZero,
      });
    }
    if (lot.nroControlDesde !== undefined && lot.nroControlDesde !== lot.nroControl) {
      ctx.addIssue({
        code: 'custom',
        path: ['nroControlDesde'],
        message: 'Desde debe ser igual al número inicial',
      });
    }
    if (lot.nroControlHasta !== undefined && lot.nroControlHasta !== lot.nroControl + quantity) {
      ctx.addIssue({
        code: 'custom',
        path: ['nroControlHasta'],
        message: 'Hasta debe ser el número inicial más la cantidad',
      });
    }
    if (lot.nroControl + quantity > 99_999_999) {
      ctx.addIssue({
        code: 'custom',
        path: ['nroControlHasta'],
        message: 'El número de control admite hasta 8 dígitos',
      });
    }
  });
export type CompanyLotInput = z.infer<typeof companyLotSchema>;

/** A branch lot (addcontrolsucur / addcontrolsucurOrdenGuia): a quantity carved from the company lot. */
export const branchLotSchema = z.object({
  id_sucursal: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  IDControlFacturalocalidad: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  tipo: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z.string({ error: M.required }).max(TEXT_MAX.code),
  ),
  cantidadFacturas: count('cantidadFacturas', M.greaterThanZero).refine((v) => v > 0, M.greaterThanZero),
  serie: requiredText(M.required).pipe(z.string().max(2, M.serieMax2)),
  logEstatusRegistro: lotStatus,
});
export type BranchLotInput = z.infer<typeof branchLotSchema>;

/** Automatic invoice numbers of a company or branch (AddUpdateControlfacturaAuto[Sucursal]). */
export const autoNumberSchema = z.object({
  id: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  serie,
  nroFacturaDesde: count('nroFacturaDesde'),
  cantidadFacturas: count('cantidadFacturas', M.greaterThanZero).refine((v) => v > 0, M.greaterThanZero),
});

/** Automatic withholding numbers of an agent (AddNroRetenciones). */
export const withholdingNumbersSchema = z.object({
  id_localidad: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  serie,
  nroDesde: count('nroDesde'),
  cantidad: count('cantidad', M.greaterThanZero).refine((v) => v > 0, M.greaterThanZero),
  asignaNro: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(true),
});

export const numberingModeSchema = z.object({
  id_localidad: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  asignaNroFacturas: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(['GLOBAL', 'INDIVIDUAL', 'INACTIVO'], { error: M.required }),
  ),
  tipo: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.enum(['Localidad', 'Sucursal'], { error: M.required }),
    )
    .default('Localidad'),
});
