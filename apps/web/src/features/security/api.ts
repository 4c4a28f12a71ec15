import type { RoleModule } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { type Answer, ApiError, api, fetchAllPages, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';

export type RegisterStatus = 'ACTIVO' | 'INACTIVO';

// --- Roles (/v2/mantenimiento/roles) -------------------------------------------------------------------

export interface Role {
  id: string;
  rol: string;
  descripcion: string;
  logEstatusRegistro: RegisterStatus;
  modulo: RoleModule[];
}

export interface RoleBody {
  rol: string;
  descripcion: string;
  modulo: RoleModule[];
}

const ROLES = '/v2/mantenimiento/roles';

export const rolesKey = ['security', 'roles'] as const;

export const fetchRoles = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<Role>>(`${ROLES}/getroles`, { query: { ...q }, signal });

export const createRole = (body: RoleBody) => api<Answer<Role>>(`${ROLES}/addrol`, { method: 'POST', body });
export const updateRole = (id: string, body: RoleBody) =>
  api<Answer<Role>>(`${ROLES}/updaterol/${id}`, { method: 'PUT', body });
export const deactivateRole = (id: string) =>
  api<Answer<Role>>(`${ROLES}/desactivar/${id}`, { method: 'PUT' });
export const activateRole = (id: string) => api<Answer<Role>>(`${ROLES}/activar/${id}`, { method: 'PUT' });
export const rolesByModule = (moduleId: string, signal?: AbortSignal) =>
  api<{ code: number; results: Role[] }>(`${ROLES}/listarByModulo/${moduleId}`, { signal });

/** Every role (for the role select of the user form). */
export function useAllRoles(enabled = true) {
  return useQuery({
    queryKey: [...rolesKey, 'all'],
    queryFn: ({ signal }) => fetchAllPages((page, limit) => fetchRoles({ page, limit, search: '' }, signal)),
    enabled,
    staleTime: 30_000,
  });
}

// --- Modules (/v2/mantenimiento/modulo) ----------------------------------------------------------------

export interface ModuleOption {
  _id: string;
  key: string;
  description: string;
}

export interface Module {
  id: string;
  name: string;
  path: string;
  permiso: boolean;
  opciones: ModuleOption[];
  logEstatusRegistro: RegisterStatus;
  logFechaRegistro?: string | null;
  logFechaModificacion?: string | null;
}

export interface ModuleBody {
  name: string;
  path: string;
  permiso: boolean;
  opciones: Array<{ _id?: string; key: string; description: string }>;
}

const MODULES = '/v2/mantenimiento/modulo';

export const modulesKey = ['security', 'modules'] as const;

export const fetchModules = (q: DataTableQuery & { status?: RegisterStatus }, signal?: AbortSignal) =>
  api<Page<Module>>(`${MODULES}/getModulos`, { query: { ...q }, signal });

export const createModule = (body: ModuleBody) =>
  api<Answer<Module>>(`${MODULES}/crear`, { method: 'POST', body });
export const updateModule = (id: string, body: ModuleBody) =>
  api<Answer<Module>>(`${MODULES}/editar/${id}`, { method: 'PUT', body });
export const deactivateModule = (id: string) =>
  api<Answer<Module>>(`${MODULES}/eliminar/${id}`, { method: 'PUT' });
export const activateModule = (id: string) =>
  api<Answer<Module>>(`${MODULES}/activar/${id}`, { method: 'PUT' });

/** The role editor lists only ACTIVO modules, sorted by name (spec 000 §2). */
export function useActiveModules(enabled = true) {
  return useQuery({
    queryKey: [...modulesKey, 'active'],
    queryFn: async ({ signal }) => {
      const all = await fetchAllPages((page, limit) =>
        fetchModules({ page, limit, search: '', status: 'ACTIVO' }, signal),
      );
      return all
        .filter((m) => m.logEstatusRegistro === 'ACTIVO')
        .sort((a, b) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' }));
    },
    enabled,
    staleTime: 30_000,
  });
}

// --- Users (/v2/users) -----------------------------------------------------------------------------------

export type UserPortal = 'NO_PORTAL' | 'USUARIO_PORTAL' | 'ADMIN_PORTAL';

export interface User {
  id: string;
  tipoDocumento: string;
  numeroDocumento: string;
  firstName: string;
  lastName: string;
  userAlias: string;
  email: string;
  role: string | null;
  rol: string | null;
  masterAdmin: boolean;
  id_localidad: string[];
  sucursales: string[];
  userPortal: UserPortal;
  logEstatusRegistro: RegisterStatus;
  logFechaRegistro?: string | null;
  logFechaModificacion?: string | null;
}

export interface UserBody {
  tipoDocumento: string;
  numeroDocumento: string;
  email: string;
  masterAdmin: boolean;
  firstName: string;
  lastName: string;
  userAlias: string;
  role: string;
  id_localidad: string[];
  sucursales: string[];
  userPortal: UserPortal;
}

const USERS = '/v2/users';

export const usersKey = ['security', 'users'] as const;

export const fetchUsers = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<User>>(`${USERS}/allUser`, { query: { ...q }, signal });

export const createUser = (body: UserBody & { password: string }) =>
  api<Answer<User>>(`${USERS}/addUser`, { method: 'POST', body });
export const updateUser = (id: string, body: UserBody) =>
  api<Answer<User>>(`${USERS}/updateUser/${id}`, { method: 'PUT', body });
export const toggleUserStatus = (id: string) =>
  api<Answer<User>>(`${USERS}/ActivaDesactivaUserById/${id}`, { method: 'PUT' });
export const changePassword = (id: string, password: string) =>
  api<{ code: number; message: string }>(`${USERS}/change-password`, {
    method: 'POST',
    query: { userID: id },
    body: { password },
  });

// --- Companies and branches (arrive with a later issue; a 404 means "none yet") ------------------------

export interface NamedEntity {
  id: string;
  nombre: string;
  /** Branches: the company they belong to. */
  id_localidad?: string;
}

async function optionalList(path: string, signal?: AbortSignal): Promise<NamedEntity[]> {
  try {
    const answer = await api<{ results?: Array<NamedEntity & { _id?: string }> }>(path, { signal });
    return (answer.results ?? []).map((r) => ({
      id: r.id ?? r._id ?? '',
      nombre: r.nombre,
      id_localidad: typeof r.id_localidad === 'string' ? r.id_localidad : undefined,
    }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useCompanies(enabled = true) {
  return useQuery({
    queryKey: ['mantenimiento', 'localidades', 'options'],
    queryFn: ({ signal }) => optionalList('/v2/mantenimiento/localidad/getlocalidades/?limit=500', signal),
    enabled,
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
}

export function useBranches(enabled = true) {
  return useQuery({
    queryKey: ['mantenimiento', 'sucursales', 'options'],
    queryFn: ({ signal }) => optionalList('/v2/mantenimiento/sucursal/getsucursales?limit=500', signal),
    enabled,
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
}
