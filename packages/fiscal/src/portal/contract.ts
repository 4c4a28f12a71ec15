// The tax authority's read access: the query of the portal's document list, the row it
// answers and the form an ADMIN_PORTAL user fills to create a USUARIO_PORTAL user.
//
// Source: Providencia Administrativa SNAT/2024/000102 (G.O. 43.032, 19 Dec 2024), as integrators read it
// (see /work/shared/research/sources.md): the imprenta digital keeps the documents it numbers available to
// SENIAT. The text's article on SENIAT's access could not be read in a public source; the peers' public
// material describes a read-only consultation of every issuer's documents, which is what this implements.
import { pageQuery, requiredText } from '../common.ts';
import { TIPO_DOC_MESSAGE, TIPOS_DOC } from '../documents/families.ts';
import { SECURITY_MESSAGES as M, SECURITY_EXTRA_MESSAGES, USER_DOCUMENT_TYPES } from '../security/schemas.ts';
import { z } from '../zod-es.ts';

export const PORTAL_USER_TYPES = ['USUARIO_PORTAL', 'ADMIN_PORTAL'] as const;
export type PortalUserType = (typeof PORTAL_USER_TYPES)[number];

/** True for a tax-authority (portal) user: USUARIO_PORTAL or ADMIN_PORTAL. */
export const isPortalType = (value: unknown): value is PortalUserType =>
  value === 'USUARIO_PORTAL' || value === 'ADMIN_PORTAL';

export const PORTAL_MESSAGES = {
  readOnly:
    'Los usuarios del portal SENIAT solo pueden consultar: no pueden registrar, modificar, anular ni eliminar datos',
  notPortalRoute: 'Los usuarios del portal SENIAT solo tienen acceso a las consultas del portal',
  portalOnly: 'Solo los usuarios del portal SENIAT y el administrador maestro acceden a esta consulta',
  adminOnly: 'Solo un administrador del portal SENIAT puede crear usuarios del portal',
  masterOnlyPortal: 'Solo un administrador maestro puede asignar el tipo de usuario del portal SENIAT',
  documentMissing: 'Documento no encontrado',
  pdfMissing: 'El PDF firmado de este documento aún no se ha generado',
  dateOrder: 'fechaInicio no puede ser posterior a fechaFin',
} as const;

const RIF_SEARCH = /^[VEJGPCvejgpc]?-?\d{1,10}$/;

/** GET /v2/portal/documentos: server paging and the filters the tax authority searches by. */
export const portalDocumentsQuery = pageQuery
  .extend({
    /** Issuer's or client's RIF, with or without its letter and dash ('J-123456789', '123456789'). */
    rif: z
      .string()
      .trim()
      .regex(RIF_SEARCH, 'El RIF debe tener la forma J-123456789')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    nroControl: z.string().trim().max(30, 'El número de control es demasiado largo').optional(),
    tipoDoc: z.enum(TIPOS_DOC, { error: TIPO_DOC_MESSAGE }).optional(),
    id_localidad: z.uuid({ error: 'id_localidad no es un identificador válido' }).optional(),
    fechaInicio: z.iso.date({ error: 'fechaInicio debe ser una fecha AAAA-MM-DD' }).optional(),
    fechaFin: z.iso.date({ error: 'fechaFin debe ser una fecha AAAA-MM-DD' }).optional(),
  })
  .refine((q) => !q.fechaInicio || !q.fechaFin || q.fechaInicio <= q.fechaFin, {
    path: ['fechaInicio'],
    message: PORTAL_MESSAGES.dateOrder,
  });
export type PortalDocumentsQuery = z.infer<typeof portalDocumentsQuery>;

/** One numbered document as the tax authority sees it: its fiscal data, never its lines or payments. */
export const portalDocumentRow = z.object({
  id: z.string(),
  tipoDoc: z.enum(TIPOS_DOC),
  /**
   * documentTypeName: 'Factura', 'Nota de Crédito', 'Nota de Débito', 'Orden de Entrega', 'Guía de Despacho',
   * 'Comprobante de Retención IVA', 'Comprobante de Retención ISLR'
   */
  tipo: z.string(),
  fechaEmision: z.string(),
  /** When the control number was assigned (the ledger's time). */
  fechaAsignacion: z.string(),
  nroControl: z.string(),
  numero: z.string(),
  id_localidad: z.string(),
  emisor: z.string(),
  emisorRif: z.string(),
  emisorDireccion: z.string(),
  cliente: z.string(),
  clienteRif: z.string(),
  clienteDireccion: z.string(),
  moneda: z.string(),
  /** Taxable base, tax and total as stored (withholding vouchers: base, tax withheld, documents' total). */
  baseImponible: z.string(),
  impuesto: z.string(),
  total: z.string(),
  /** 'ACTIVO' or 'ANULADO'. */
  estatus: z.string(),
  pdf: z.boolean(),
});
export type PortalDocumentRow = z.infer<typeof portalDocumentRow>;

/** The companies the portal's filter offers (every company: the tax authority sees them all). */
export const portalCompanyRow = z.object({ id: z.string(), nombre: z.string(), rif: z.string() });
export type PortalCompanyRow = z.infer<typeof portalCompanyRow>;

/** POST /v2/portal/usuarios: an ADMIN_PORTAL user creates a USUARIO_PORTAL user (no role, no company). */
export const portalUserCreateSchema = z.object({
  tipoDocumento: requiredText(M.tipoDocumentoRequired).pipe(
    z.enum(USER_DOCUMENT_TYPES, { error: M.tipoDocumentoRequired }),
  ),
  numeroDocumento: requiredText(M.numeroDocumentoRequired).pipe(
    z.string().regex(/^\d{1,8}$/, SECURITY_EXTRA_MESSAGES.numeroDocumentoDigits),
  ),
  firstName: requiredText(M.firstNameRequired).pipe(z.string().max(100)),
  lastName: requiredText(M.lastNameRequired).pipe(z.string().max(100)),
  userAlias: requiredText(M.userAliasRequired).pipe(z.string().max(60)),
  email: requiredText(M.emailRequired).pipe(z.email(M.emailInvalid).max(200)),
  password: requiredText(M.passwordRequired).pipe(
    z.string().min(8, SECURITY_EXTRA_MESSAGES.passwordMin).max(200),
  ),
});
export type PortalUserCreateInput = z.infer<typeof portalUserCreateSchema>;

export const portalUserRow = z.object({
  id: z.string(),
  email: z.string(),
  userAlias: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userPortal: z.string(),
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
});
export type PortalUserRow = z.infer<typeof portalUserRow>;
