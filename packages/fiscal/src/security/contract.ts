import { z } from '../zod-es.ts';

/**
 * What the security routes answer (spec 000 §7: roles, modules, users). The server declares them as
 * response schemas; the web infers its types. Keys keep the order the answers have always had.
 */

/** A granted action of a role's module. */
export const roleActionViewSchema = z.object({
  _id: z.string(),
  key: z.string(),
  description: z.string(),
  status: z.boolean(),
});

/** A role with its granted modules (getroles, listarByModulo and the write answers). */
export const roleViewSchema = z.object({
  id: z.string(),
  rol: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  modulo: z.array(
    z.object({
      id: z.string(),
      nombre: z.string(),
      path: z.string(),
      permiso: z.boolean(),
      acciones: z.array(roleActionViewSchema),
    }),
  ),
  /** ACTIVO or INACTIVO. */
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
  logFechaModificacion: z.string().nullable(),
});
export type RoleView = z.infer<typeof roleViewSchema>;

/** A module of the menu with its actions (getModulos and the write answers). */
export const moduleViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  permiso: z.boolean(),
  opciones: z.array(z.object({ _id: z.string(), key: z.string(), description: z.string() })),
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
  logFechaModificacion: z.string().nullable(),
});
export type ModuleView = z.infer<typeof moduleViewSchema>;

/** A user as the users screen reads it (never the password hash). */
export const userViewSchema = z.object({
  id: z.string(),
  tipoDocumento: z.string(),
  numeroDocumento: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userAlias: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  rol: z.string().nullable(),
  masterAdmin: z.boolean(),
  id_localidad: z.array(z.string()),
  sucursales: z.array(z.string()),
  /** NO_PORTAL, USUARIO_PORTAL or ADMIN_PORTAL. */
  userPortal: z.string(),
  logEstatusRegistro: z.string(),
  logFechaRegistro: z.string(),
  logFechaModificacion: z.string().nullable(),
});
export type UserView = z.infer<typeof userViewSchema>;
