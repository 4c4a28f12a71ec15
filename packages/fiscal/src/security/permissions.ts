/**
 * The permission check of spec 000 §6: a master admin passes everything; otherwise the modules of the
 * user's role are looked up by path, then the action by key, and its status decides.
 */
export interface RoleAction {
  _id: string;
  key: string;
  description: string;
  status: boolean;
}

export interface RoleModule {
  id: string;
  nombre: string;
  path: string;
  permiso: boolean;
  acciones: RoleAction[];
}

export interface PermissionSubject {
  masterAdmin: boolean;
  /** The effective modules of the user's role: only ACTIVO modules of an ACTIVO role. */
  modulos: RoleModule[];
}

export function normalizePath(path: string): string {
  const trimmed = path.trim();
  return trimmed.length > 1 ? trimmed.replace(/\/+$/, '') : trimmed;
}

export function findModule(subject: PermissionSubject, path: string): RoleModule | undefined {
  const wanted = normalizePath(path);
  return subject.modulos.find((m) => m.permiso && normalizePath(m.path) === wanted);
}

/** Route-level access: the role grants a module whose path matches the route. */
export function canAccessPath(subject: PermissionSubject, path: string): boolean {
  return subject.masterAdmin || findModule(subject, path) !== undefined;
}

/**
 * The screens of the data every company shares: roles and modules, banks, currencies and exchange rates,
 * tax types and values (IVA), tax units, ISLR concepts, note categories, countries, states,
 * municipalities and Incoterms. They belong to the provider (architecture: "Shared data belongs to the
 * provider"): a company-scoped user reads them, only the master administrator writes them, whatever
 * their role grants. Company-owned catalogs (clients, products, discounts) are not here.
 */
export const SHARED_DATA_MODULES: ReadonlySet<string> = new Set([
  '/seguridad/roles',
  '/seguridad/modulos',
  '/mantenimiento/Banco',
  '/mantenimiento/Divisa',
  '/mantenimiento/TasaCambio',
  '/mantenimiento/TipoGravamen',
  '/mantenimiento/ValorGravamen',
  '/mantenimiento/IVA',
  '/mantenimiento/UnidadTributaria',
  '/retenciones/consulta-conceptos-islr',
  '/mantenimiento/CategoriaNota',
  '/mantenimiento/Pais',
  '/mantenimiento/Estado',
  '/mantenimiento/Municipio',
  '/mantenimiento/INCOTERM',
]);

export const SHARED_DATA_MESSAGE =
  'Solo el administrador maestro puede modificar los datos compartidos por todas las razones sociales';

export function isSharedDataModule(path: string): boolean {
  return SHARED_DATA_MODULES.has(normalizePath(path));
}

/** May the user change the records of the module at `path`? Shared data: the master administrator only. */
export function canWriteModule(subject: PermissionSubject, path: string): boolean {
  if (subject.masterAdmin) return true;
  return !isSharedDataModule(path) && findModule(subject, path) !== undefined;
}

/**
 * Action-level access: the module by path, then the action by key, then its status. The actions of a
 * shared-data module all change shared data, so only the master administrator holds them.
 */
export function hasPermission(subject: PermissionSubject, path: string, key: string): boolean {
  if (subject.masterAdmin) return true;
  if (isSharedDataModule(path)) return false;
  const module = findModule(subject, path);
  return module?.acciones.some((a) => a.key === key && a.status) ?? false;
}

/** The spec's second check: passes if any of several permissions is granted. */
export function hasAnyPermission(
  subject: PermissionSubject,
  checks: ReadonlyArray<{ path: string; key?: string }>,
): boolean {
  return checks.some((c) =>
    c.key === undefined ? canAccessPath(subject, c.path) : hasPermission(subject, c.path, c.key),
  );
}
