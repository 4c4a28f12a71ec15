import { controlBlocksSchema } from '../numbering/contract.ts';
import { z } from '../zod-es.ts';

/**
 * What the company (localidad / razón social), branch (sucursal) and third-party account routes answer
 * (spec 000 §3 and §7), with the spec's names (`_id` beside `id`, `lstSucursales`, `lstCuentaTerceros`).
 * The server declares them as response schemas (its serializer keeps only these keys); the web infers its
 * types from them.
 */

export const branchRowSchema = z.object({
  id: z.string(),
  _id: z.string(),
  id_sucursal: z.string(),
  id_localidad: z.string(),
  codigoSucursal: z.string(),
  nombre: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  correo: z.string(),
  id_estado: z.string().nullable(),
  id_municipio: z.string().nullable(),
  envioEmail: z.boolean(),
  marcaAguaFactura: z.boolean(),
  asignaNroFacturas: z.string(),
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
  logFechaModificacion: z.string().nullable(),
  /** The company's name (branch list only). */
  localidad: z.string().optional(),
});
export type BranchView = z.infer<typeof branchRowSchema>;

export const thirdPartyRowSchema = z.object({
  _id: z.string(),
  id: z.string(),
  localidad: z.string(),
  nombrePrestador: z.string(),
  rifPrestador: z.string(),
  domicilioPrestador: z.string(),
  tipoDocumento: z.string(),
  numeroDocumento: z.string(),
});
export type ThirdPartyView = z.infer<typeof thirdPartyRowSchema>;
export const thirdPartiesAnswerSchema = z.object({ code: z.number(), results: z.array(thirdPartyRowSchema) });

/** The company's signing certificate as the screens show it (never its key or password). */
export const certificateRowSchema = z.object({
  keyStoreAlias: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  registrado: z.string(),
});
export type CertificateView = z.infer<typeof certificateRowSchema>;

export const companyRowSchema = z.object({
  _id: z.string(),
  id: z.string(),
  nombre: z.string(),
  tipoDocumento: z.string(),
  numeroDocumento: z.string(),
  rif: z.string(),
  id_estado: z.string().nullable(),
  id_municipio: z.string().nullable(),
  estado: z.string().nullable(),
  municipio: z.string().nullable(),
  direccion: z.string(),
  telefono: z.string(),
  correo: z.string(),
  contribuyenteEspecial: z.boolean(),
  aerolinea: z.boolean(),
  tipoProveedor: z.string(),
  rutaLogo: z.string().nullable(),
  tieneSello: z.boolean(),
  envioEmail: z.boolean(),
  marcaAguaFactura: z.boolean(),
  asignaNroFacturas: z.string(),
  cuentaTerceros: z.boolean(),
  lstSucursales: z.array(branchRowSchema),
  lstCuentaTerceros: z.array(thirdPartyRowSchema),
  certificado: certificateRowSchema.nullable(),
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
  logUsername: z.string(),
  logFechaModificacion: z.string().nullable(),
});
export type CompanyView = z.infer<typeof companyRowSchema>;

export const companyDetailSchema = companyRowSchema.extend({
  /** The numbering context's three control-number blocks (numbering/contract.ts), as it answers them. */
  controles: controlBlocksSchema,
});
export type CompanyDetailView = z.infer<typeof companyDetailSchema>;

/** The branch picker's answer (not paged). */
export const branchesAnswerSchema = z.object({ code: z.number(), results: z.array(branchRowSchema) });
