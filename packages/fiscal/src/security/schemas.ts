import { maxText, TEXT_MAX, textTooLong } from '../bounds.ts';
import { looseBoolean, optionalText, requiredText } from '../common.ts';
import { z } from '../zod-es.ts';

/** Messages of spec 000 §5 (Role, New user, Edit user, Change password, Module), character for character. */
export const SECURITY_MESSAGES = {
  rolRequired: 'Rol es requerido',
  rolDescriptionRequired: 'Descripcion del rol es requerido',
  tipoDocumentoRequired: 'Tipo de documento es requerido',
  numeroDocumentoRequired: 'Número de documento es requerido',
  firstNameRequired: 'El nombre es requerido',
  lastNameRequired: 'Los apellidos son requeridos',
  userAliasRequired: 'El alias es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'El email no es válido',
  passwordRequired: 'La contraseña es requerida',
  passwordsDiffer: 'Passwords no Coinsiden',
  roleRequired: 'El rol es requerido',
  changePasswordRequired: 'Password is requerido',
  moduleNameMin: 'El nombre debe contener al menos 2 caracteres',
} as const;

/** Not in the spec: the rules a user expects for the same fields. */
export const SECURITY_EXTRA_MESSAGES = {
  numeroDocumentoDigits: 'El número de documento debe tener solo dígitos (máximo 8)',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres',
  modulePathInvalid: 'La ruta debe comenzar con /',
  currentPasswordRequired: 'La contraseña actual es requerida',
} as const;

export const USER_DOCUMENT_TYPES = ['V', 'E', 'J', 'G', 'P'] as const;
export const USER_PORTAL_TYPES = ['NO_PORTAL', 'USUARIO_PORTAL', 'ADMIN_PORTAL'] as const;

const M = SECURITY_MESSAGES;

// --- Roles -------------------------------------------------------------------------------------------

/** How many modules a role lists, and actions a module has: far above the catalog, far below abuse. */
const MAX_ITEMS = 500;

export const roleActionSchema = z.object({
  _id: maxText(TEXT_MAX.name).min(1),
  key: maxText(TEXT_MAX.name).min(1),
  description: maxText(TEXT_MAX.long).default(''),
  status: looseBoolean,
});

export const roleModuleSchema = z.object({
  id: z.uuid(),
  nombre: maxText(TEXT_MAX.name).default(''),
  path: maxText(TEXT_MAX.name).default(''),
  permiso: looseBoolean.default(true),
  acciones: z.array(roleActionSchema).max(MAX_ITEMS).default([]),
});

export const roleCreateSchema = z.object({
  rol: requiredText(M.rolRequired).pipe(z.string().max(60)),
  descripcion: requiredText(M.rolDescriptionRequired).pipe(z.string().max(200)),
  modulo: z.array(roleModuleSchema).max(MAX_ITEMS).default([]),
});
export type RoleCreateInput = z.infer<typeof roleCreateSchema>;

/** In edit, rol and descripcion are shown disabled: only the granted modules change. */
export const roleUpdateSchema = roleCreateSchema;

// --- Modules -----------------------------------------------------------------------------------------

export const moduleActionSchema = z.object({
  _id: maxText(TEXT_MAX.name).optional(),
  key: requiredText('La clave de la acción es requerida', TEXT_MAX.name),
  description: maxText(TEXT_MAX.long).default(''),
});

export const moduleCreateSchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: M.moduleNameMin })
      .min(2, M.moduleNameMin)
      .max(TEXT_MAX.name, textTooLong(TEXT_MAX.name)),
  ),
  path: requiredText('La ruta es requerida', TEXT_MAX.name).pipe(
    z.string().startsWith('/', SECURITY_EXTRA_MESSAGES.modulePathInvalid),
  ),
  permiso: looseBoolean.default(true),
  opciones: z.array(moduleActionSchema).max(MAX_ITEMS).default([]),
});
export type ModuleCreateInput = z.infer<typeof moduleCreateSchema>;

// --- Users -------------------------------------------------------------------------------------------

const idList = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? [] : v),
  z.array(z.uuid()).max(MAX_ITEMS),
);

const userBase = z.object({
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
  masterAdmin: looseBoolean.default(false),
  role: optionalText(TEXT_MAX.name),
  id_localidad: idList.default([]),
  sucursales: idList.default([]),
  userPortal: z.enum(USER_PORTAL_TYPES).default('NO_PORTAL'),
});

/**
 * A master admin carries no role, companies or branches; a tax-authority portal user needs
 * none either (the portal opens what they read); everyone else needs a role.
 */
function roleUnlessMaster<T extends { masterAdmin: boolean; role?: string; userPortal?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (!value.masterAdmin && !value.role && (value.userPortal ?? 'NO_PORTAL') === 'NO_PORTAL') {
    ctx.addIssue({ code: 'custom', path: ['role'], message: M.roleRequired });
  }
}

const password = requiredText(M.passwordRequired).pipe(
  z.string().min(8, SECURITY_EXTRA_MESSAGES.passwordMin).max(200),
);

export const userCreateSchema = userBase.extend({ password }).superRefine(roleUnlessMaster);
export type UserCreateInput = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = userBase.superRefine(roleUnlessMaster);
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** The screen's form adds the repeated password, which must match. */
export const userCreateFormSchema = userBase
  .extend({ password, repassword: requiredText(M.passwordRequired, TEXT_MAX.secret) })
  .superRefine(roleUnlessMaster)
  .refine((v) => v.password === v.repassword, { path: ['repassword'], message: M.passwordsDiffer });

export const changePasswordSchema = z.object({
  password: requiredText(M.changePasswordRequired).pipe(
    z.string().min(8, SECURITY_EXTRA_MESSAGES.passwordMin).max(200),
  ),
});

export const changePasswordFormSchema = z
  .object({
    password: requiredText(M.changePasswordRequired).pipe(
      z.string().min(8, SECURITY_EXTRA_MESSAGES.passwordMin).max(200),
    ),
    repassword: requiredText(M.changePasswordRequired, TEXT_MAX.secret),
  })
  .refine((v) => v.password === v.repassword, { path: ['repassword'], message: M.passwordsDiffer });

/**
 * A signed-in user's own new password (the header's 'Cambiar contraseña'): the current one
 * proves it is the user, not someone at an unlocked screen.
 */
export const ownPasswordSchema = z.object({
  passwordActual: requiredText(SECURITY_EXTRA_MESSAGES.currentPasswordRequired, TEXT_MAX.secret),
  password: requiredText(M.changePasswordRequired).pipe(
    z.string().min(8, SECURITY_EXTRA_MESSAGES.passwordMin).max(200),
  ),
});

export const ownPasswordFormSchema = ownPasswordSchema
  .extend({ repassword: requiredText(M.changePasswordRequired, TEXT_MAX.secret) })
  .refine((v) => v.password === v.repassword, { path: ['repassword'], message: M.passwordsDiffer });

// --- Authentication ----------------------------------------------------------------------------------

export const loginSchema = z.object({
  email: requiredText(M.emailRequired).pipe(z.string().max(200)),
  password: requiredText(M.passwordRequired).pipe(z.string().max(200)),
});

export const refreshTokenSchema = z.object({
  refreshToken: requiredText('El token de actualización es requerido', TEXT_MAX.secret),
});

export const forgotPasswordSchema = z.object({
  email: requiredText(M.emailRequired).pipe(z.email(M.emailInvalid).max(200)),
});

export const resetPasswordSchema = z.object({
  token: requiredText('El enlace de recuperación no es válido', TEXT_MAX.secret),
  password: requiredText(M.passwordRequired).pipe(
    z.string().min(8, SECURITY_EXTRA_MESSAGES.passwordMin).max(200),
  ),
});
