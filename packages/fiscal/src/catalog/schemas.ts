import {
  fitsNumeric,
  INT4_MAX,
  integerTooLarge,
  maxText,
  NUMERIC,
  type NumericShape,
  numericTooLarge,
  TEXT_MAX,
} from '../bounds.ts';
import { optionalText, requiredText } from '../common.ts';
import { z } from '../zod-es.ts';

/** Messages of spec 002 §5 "Reference data", verbatim. */
export const CATALOG_MESSAGES = {
  nameMin2: 'El nombre debe contener al menos 2 caracteres',
  titleMin2: 'El título debe contener al menos 2 caracteres',
  descriptionMin10: 'La descripción debe contener al menos 10 caracteres',
  valueMin1: 'El valor debe contener al menos 1 caracteres',
  required: 'Es requerido',
  requiredField: 'Required field',
} as const;

const M = CATALOG_MESSAGES;

/** Trimmed name of at least 2 characters (Pais, Estado, Municipio, CategoriaNota, Incoterm). */
export const catalogName = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v),
  maxText(120).min(2, M.nameMin2),
);

/**
 * A decimal amount sent as a number or a numeric string; kept as its exact text. With `column`, it must
 * fit that numeric column (the message names `field`).
 */
export const decimalText = (message: string, column?: { field: string; shape: NumericShape }) => {
  const text = z
    .string({ error: message })
    .max(TEXT_MAX.long, message)
    .regex(/^-?\d+(\.\d+)?$/, message);
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : v),
    column
      ? text.refine((v) => fitsNumeric(v, column.shape), numericTooLarge(column.field, column.shape))
      : text,
  );
};

export const isoDate = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.iso.date({ error: message }));

/** An optional date: missing, null and '' all mean absent. */
export const optionalIsoDate = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.iso.date({ error: message }).optional());

export const paisSchema = z.object({ nombre: catalogName, iso: optionalText(TEXT_MAX.code) });

export const estadoSchema = z.object({
  nombre: catalogName,
  pais: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  iso: optionalText(TEXT_MAX.code),
});

export const municipioSchema = z.object({
  nombre: catalogName,
  estado: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  codigo: optionalText(TEXT_MAX.code),
});

export const bancoSchema = z.object({
  nombre: requiredText(M.required).pipe(z.string().max(200)),
  codigo: requiredText(M.required).pipe(z.string().regex(/^\d{4}$/, 'El código del banco tiene 4 dígitos')),
  sitioWeb: optionalText(TEXT_MAX.name),
  correo: optionalText(TEXT_MAX.name).pipe(z.email('debe ser un correo valido').optional()),
});

export const NOTE_CATEGORY_TYPES = ['CREDITO', 'DEBITO', 'ENTREGA'] as const;
export const categoriaNotaSchema = z.object({
  nombre: catalogName,
  codigo: requiredText(M.required).pipe(z.string().max(2)),
  tipoNota: z.enum(NOTE_CATEGORY_TYPES, { error: M.required }),
});

export const INCOTERM_GROUPS = ['GRUPO_C', 'GRUPO_D', 'GRUPO_E', 'GRUPO_F'] as const;
export const incotermSchema = z.object({
  nombre: catalogName,
  descripcion: requiredText(M.required).pipe(z.string().max(300)),
  tipo: z.enum(INCOTERM_GROUPS, { error: M.required }),
});

export const valorGravamenSchema = z.object({
  valor: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : (v ?? '')),
    z
      .string()
      .trim()
      .min(1, M.valueMin1)
      .max(TEXT_MAX.code, M.valueMin1)
      .regex(/^\d+(\.\d{1,2})?$/, M.valueMin1)
      .refine((v) => fitsNumeric(v, NUMERIC.percent), numericTooLarge('valor', NUMERIC.percent)),
  ),
  tipoGravamen: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  fechaDesde: isoDate(M.required),
  fechaHasta: optionalIsoDate('Fecha no válida'),
});

/** Discount amount types: 0 Bs., 1 %, 2 UT (spec 002 §3). */
export const DISCOUNT_AMOUNT_TYPES = [0, 1, 2] as const;
export const descuentoSchema = z.object({
  titulo: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z.string().min(2, M.titleMin2).max(100),
  ),
  descripcion: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z.string().min(10, M.descriptionMin10).max(300),
  ),
  tipoMonto: z.coerce.number().int().min(0).max(2),
  monto: decimalText('El monto debe ser un número', { field: 'monto', shape: NUMERIC.amount }),
  localidad: optionalText().pipe(z.uuid().optional()),
  sucursal: optionalText().pipe(z.uuid().optional()),
});

/** Currency (spec 000 §3): PTR shows 5 to 8 decimals, the rest 2 (spec 000 §9). */
export const divisaSchema = z.object({
  nombre: requiredText(M.required).pipe(z.string().max(60)),
  iso: requiredText(M.required).pipe(
    z
      .string()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'El código ISO tiene 3 letras'),
  ),
  simbolo: requiredText(M.required).pipe(z.string().max(10)),
  decimales: z.coerce.number().int().min(0).max(8).default(2),
});

/** A rate in Bs. per unit for one day: the history a document's date is priced with. */
export const tasaCambioSchema = z.object({
  iso: requiredText(M.required).pipe(
    z
      .string()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'El código ISO tiene 3 letras'),
  ),
  fecha: isoDate(M.required),
  valor: decimalText('La tasa debe ser un número positivo', { field: 'valor', shape: NUMERIC.rate }).refine(
    (v) => Number(v) > 0,
    'La tasa debe ser un número positivo',
  ),
});

// --- Tax types (TipoGravamen), spec 002 §5 "New tax-rate type" ------------------------------------

export const tipoGravamenSchema = z.object({
  codigo: requiredText(M.required).pipe(z.string().max(10)),
  concepto: requiredText(M.required).pipe(z.string().max(120)),
  tipo: z.coerce.number().int().min(0).max(INT4_MAX, integerTooLarge('tipo', INT4_MAX)).default(6),
  ivaGeneral: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
  lstValores: z
    .array(
      z.object({
        valor: z.preprocess(
          (v) => (typeof v === 'number' ? String(v) : (v ?? '')),
          requiredText(M.required).pipe(
            z
              .string()
              .regex(/^\d+(\.\d{1,2})?$/, M.required)
              .refine((v) => fitsNumeric(v, NUMERIC.percent), numericTooLarge('valor', NUMERIC.percent)),
          ),
        ),
        fechaDesde: isoDate(M.requiredField),
        fechaHasta: isoDate(M.requiredField),
      }),
    )
    .min(1, M.required)
    .max(100),
});

// --- Products, spec 002 §5 "New product" ------------------------------------------------------------

export const PRODUCT_MESSAGES = {
  descriptionRequired: 'Debe Ingresar la descripción del producto',
  descriptionMax200: 'Maximo 200 caracteres permitidos, para la descripcion',
  priceRequired: 'Debe Ingresar el precio del producto',
  taxRequired: 'Debe seleccionar el tipo de alícuota',
  exclusive: 'Un producto no puede ser exento y exonerado a la vez',
} as const;

export const SALE_TYPES = ['Interna', 'Exportacion'] as const;

const money = (message: string, field: string, shape: NumericShape = NUMERIC.amount) =>
  z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined
        ? '0'
        : typeof v === 'number'
          ? String(v)
          : String(v).trim().replace(',', '.'),
    z
      .string()
      .max(TEXT_MAX.long, message)
      .regex(/^\d+(\.\d{1,8})?$/, message)
      .refine((v) => fitsNumeric(v, shape), numericTooLarge(field, shape)),
  );

export const productSchema = z
  .object({
    id_localidad: requiredText(M.required).pipe(z.uuid({ error: M.required })),
    descripcion: requiredText(PRODUCT_MESSAGES.descriptionRequired).pipe(
      z.string().max(200, PRODUCT_MESSAGES.descriptionMax200),
    ),
    codigo: requiredText(M.required).pipe(z.string().max(30)),
    unidadMedida: requiredText(M.required).pipe(z.string().max(10)),
    tipoVenta: z.preprocess((v) => v ?? '', z.enum(SALE_TYPES, { error: M.required })),
    precio: money(PRODUCT_MESSAGES.priceRequired, 'precio'),
    divisaPrecio: money(PRODUCT_MESSAGES.priceRequired, 'divisaPrecio'),
    PrecioPtr: money(PRODUCT_MESSAGES.priceRequired, 'PrecioPtr', NUMERIC.rate),
    PrecioEur: money(PRODUCT_MESSAGES.priceRequired, 'PrecioEur'),
    stock: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : String(v)),
      z
        .string({ error: M.required })
        .max(TEXT_MAX.long, M.required)
        .regex(/^\d+(\.\d{1,3})?$/, M.required)
        .refine((v) => fitsNumeric(v, NUMERIC.quantity), numericTooLarge('stock', NUMERIC.quantity)),
    ),
    exento: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
    exonerado: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
    tipoGravamen: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.object({ idgravamen: z.uuid() }).partial().passthrough().optional(),
    ),
  })
  .superRefine((p, ctx) => {
    if ([p.precio, p.divisaPrecio, p.PrecioPtr, p.PrecioEur].every((v) => Number(v) <= 0)) {
      ctx.addIssue({ code: 'custom', path: ['precio'], message: PRODUCT_MESSAGES.priceRequired });
    }
    if (p.exento && p.exonerado)
      ctx.addIssue({ code: 'custom', path: ['exonerado'], message: PRODUCT_MESSAGES.exclusive });
    if (!p.exento && !p.exonerado && !p.tipoGravamen?.idgravamen) {
      ctx.addIssue({ code: 'custom', path: ['tipoGravamen'], message: PRODUCT_MESSAGES.taxRequired });
    }
  });
export type ProductInput = z.infer<typeof productSchema>;

// --- Clients, spec 002 §5 "Client" and 001 §5.4 ------------------------------------------------------

export const CLIENT_MESSAGES = {
  typeRequired: 'Debe Seleccionarun tipo',
  nameMax100: 'Maximo son 100 Catacteres',
  emailInvalid: 'Debe ser un Email válido',
  addressMax200: 'Maximo 200 caracteres permitidos, para la descripcion',
  documentDigits: 'El número de documento admite hasta 9 dígitos',
  phoneFormat: 'El teléfono debe tener el formato (###) #######',
} as const;

const C = CLIENT_MESSAGES;

export const clientSchema = z.object({
  id_localidad: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  tipoDocumento: requiredText(C.typeRequired).pipe(
    z.enum(['V', 'E', 'J', 'G', 'P', 'C'], { error: C.typeRequired }),
  ),
  numeroDocumento: requiredText(M.required).pipe(z.string().regex(/^\d{1,9}$/, C.documentDigits)),
  identificacion: requiredText(M.required).pipe(z.string().max(100, C.nameMax100)),
  correo: requiredText(M.required).pipe(z.email(C.emailInvalid).max(50)),
  ccCorreo: optionalText().pipe(z.email(C.emailInvalid).max(50).optional()),
  direccion: requiredText(M.required).pipe(z.string().max(200, C.addressMax200)),
  telefonoMovil: requiredText(M.required).pipe(
    z
      .string()
      .min(10, C.phoneFormat)
      .regex(/^\(\d{3}\) \d{7}$/, C.phoneFormat),
  ),
  telefonoHabitacion: optionalText(TEXT_MAX.code),
  contribuyenteEspecial: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
  tipoProveedor: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 'PNR' : v),
    z.enum(['PJD', 'PJND', 'PNR', 'PNNR']),
  ),
});
export type ClientInput = z.infer<typeof clientSchema>;
