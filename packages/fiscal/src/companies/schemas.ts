import { base64Length, TEXT_MAX } from '../bounds.ts';
import { looseBoolean, optionalText, requiredText } from '../common.ts';
import { COMPANY_DOCUMENT_TYPES, PHONE_EXAMPLE, PHONE_PATTERN, PROVIDER_TYPES } from '../formats.ts';
import { z } from '../zod-es.ts';

/** Messages of spec 000 §5 for companies, branches, certificates and third-party accounts, verbatim. */
export const COMPANY_MESSAGES = {
  required: 'Es requerido',
  emailInvalid: 'debe ser un correo valido',
  addressMax200: 'Maximo 200 caracteres permitidos, para la descripcion',
  nameMax100: 'el maximo de caracteres es de 100 ',
  documentMinAdd: 'debe ser mininmo 10 catacteres ej: J0000000-0',
  documentMinEdit: 'minimo valor requerido es 10 caracteres',
  logoRequired: 'Debe Selecionar un Logo',
  logoJpgOnly: 'Solo se Admiten archivos con formato .JPG',
  fileTooHeavy: 'El archivo es muy Pesado',
  stampPngOnly: 'Solo se Admiten archivos con formato .png',
  branchNameMax100: 'Maximo 100 caracteres permitidos, para el Nombre',
  branchAddressMax250: 'Maximo 250 caracteres permitidos, para la descripcion',
  passwordsDiffer: 'Passwords no Coinsiden',
  certificateRequired: 'Debe Selecionar un Certificado',
  thirdPartyAddressRequired: 'El domicilio es requerido',
  thirdPartyAddressMax250: 'Maximo 250 caracteres permitidos, para la descripcion',
  thirdPartyNameRequired: 'El Nombre Prestador  es requerido',
  thirdPartyDocumentMax11: 'minimo valor requerido es 11 caracteres',
} as const;

/** Not in the spec, for the same fields. */
export const COMPANY_EXTRA_MESSAGES = {
  documentDigits: 'El número de documento debe tener solo dígitos',
  phoneFormat: `El teléfono debe tener el formato (###) ####### ej: ${PHONE_EXAMPLE}`,
  branchCodeFormat: 'El código de sucursal admite hasta 16 letras o números',
  rifFormat: 'RIF debe tener el formato J-123456789',
} as const;

export const LOGO_MAX_BYTES = 200_000;
export const CERTIFICATE_MAX_BYTES = 200_000;
/** The logo and the stamp arrive as base64 text; the decoded bytes are checked against LOGO_MAX_BYTES. */
const IMAGE_BASE64_MAX = base64Length(LOGO_MAX_BYTES);

const M = COMPANY_MESSAGES;
const X = COMPANY_EXTRA_MESSAGES;

const requiredBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v === '' || v === null ? undefined : v),
  z.boolean({ error: M.required }),
);

const companyFields = {
  tipoDocumento: requiredText(M.required).pipe(z.enum(COMPANY_DOCUMENT_TYPES, { error: M.required })),
  id_estado: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  id_municipio: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  direccion: requiredText(M.required).pipe(z.string().max(200, M.addressMax200)),
  telefono: requiredText(M.required).pipe(z.string().max(20)),
  correo: requiredText(M.required).pipe(z.email(M.emailInvalid).max(200)),
  tipoProveedor: requiredText(M.required).pipe(z.enum(PROVIDER_TYPES, { error: M.required })),
  contribuyenteEspecial: requiredBoolean,
  aerolinea: requiredBoolean,
  /** JPEG logo as base64 (a data URL is accepted too). */
  logo: optionalText(IMAGE_BASE64_MAX),
  /** PNG company stamp, printed on withholding vouchers. */
  base64Sello: optionalText(IMAGE_BASE64_MAX),
};

/** Company add (spec 000 §5): 9-digit document, name at most 100, logo required. */
export const companyCreateSchema = z.object({
  ...companyFields,
  numeroDocumento: requiredText(M.required).pipe(
    z.string().min(9, M.documentMinAdd).max(9, M.documentMinAdd).regex(/^\d+$/, X.documentDigits),
  ),
  nombre: requiredText(M.required).pipe(z.string().max(100, M.nameMax100)),
  logo: requiredText(M.logoRequired, IMAGE_BASE64_MAX),
});
export type CompanyCreateInput = z.infer<typeof companyCreateSchema>;

/** Company edit: no length limit on the name, its own document message; logo optional (kept). */
export const companyUpdateSchema = z.object({
  ...companyFields,
  numeroDocumento: requiredText(M.required).pipe(
    z.string().min(9, M.documentMinEdit).max(9, M.documentMinEdit).regex(/^\d+$/, X.documentDigits),
  ),
  nombre: requiredText(M.required),
});
export type CompanyUpdateInput = z.infer<typeof companyUpdateSchema>;

export const branchSchema = z.object({
  id_localidad: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  codigoSucursal: requiredText(M.required).pipe(z.string().regex(/^[A-Za-z0-9]{1,16}$/, X.branchCodeFormat)),
  nombre: requiredText(M.required).pipe(z.string().max(100, M.branchNameMax100)),
  direccion: requiredText(M.required).pipe(z.string().max(250, M.branchAddressMax250)),
  telefono: requiredText(M.required).pipe(z.string().regex(PHONE_PATTERN, X.phoneFormat)),
  correo: requiredText(M.required).pipe(z.email(M.emailInvalid).max(200)),
  id_estado: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  id_municipio: requiredText(M.required).pipe(z.uuid({ error: M.required })),
});
export type BranchInput = z.infer<typeof branchSchema>;

/** POST /updatesucursal sends the branch id in the body (spec 000 §7). */
export const branchUpdateSchema = branchSchema
  .omit({ id_localidad: true, codigoSucursal: true })
  .extend({ id_sucursal: requiredText(M.required).pipe(z.uuid({ error: M.required })) });

export const certificateFieldsSchema = z.object({
  keyStoreAlias: requiredText(M.required, TEXT_MAX.name),
  keyStorePassword: requiredText(M.required, TEXT_MAX.secret),
});

export const certificateFormSchema = certificateFieldsSchema
  .extend({ repeatPassword: requiredText(M.required, TEXT_MAX.secret) })
  .refine((v) => v.keyStorePassword === v.repeatPassword, {
    path: ['repeatPassword'],
    message: M.passwordsDiffer,
  });

export const thirdPartySchema = z.object({
  localidad: requiredText(M.required).pipe(z.uuid({ error: M.required })),
  domicilioPrestador: requiredText(M.thirdPartyAddressRequired).pipe(
    z.string().max(250, M.thirdPartyAddressMax250),
  ),
  nombrePrestador: requiredText(M.thirdPartyNameRequired).pipe(z.string().max(100)),
  // The third party's document number takes up to 11 digits (spec 000 §5, §9).
  rifPrestador: requiredText(M.required).pipe(
    z
      .string()
      .toUpperCase()
      .regex(/^[VEJGPC]-\d{1,11}$/, X.rifFormat),
  ),
});
export type ThirdPartyInput = z.infer<typeof thirdPartySchema>;

/** The screen's form: document type and number, joined into rifPrestador on submit. */
export const thirdPartyFormSchema = z.object({
  domicilioPrestador: requiredText(M.thirdPartyAddressRequired).pipe(
    z.string().max(250, M.thirdPartyAddressMax250),
  ),
  nombrePrestador: requiredText(M.thirdPartyNameRequired).pipe(z.string().max(100)),
  tipoDocumento: requiredText(M.required, TEXT_MAX.code),
  numeroDocumento: requiredText(M.required).pipe(
    z.string().max(11, M.thirdPartyDocumentMax11).regex(/^\d+$/, X.documentDigits),
  ),
});

export const emailToggleSchema = z.object({ activaEnvioEmail: looseBoolean, _id: z.uuid() });
export const watermarkToggleSchema = z.object({ activaMarcaAgua: looseBoolean, _id: z.uuid() });
