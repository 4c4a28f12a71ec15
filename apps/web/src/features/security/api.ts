import type {
  ModuleCreateInput,
  ModuleView,
  RoleCreateInput,
  RoleView,
  USER_PORTAL_TYPES,
  UserUpdateInput,
  UserView,
} from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { type Answer, ApiError, api, fetchAllPages, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';
import type { NamedEntity } from './namedEntity.ts';

export type RegisterStatus = 'ACTIVO' | 'INACTIVO';

// --- Roles (/v2/mantenimiento/roles) -------------------------------------------------------------------

/** A role with its granted modules, as the server answers it. */
export type Role = RoleView;
/** What addrol and updaterol take. */
export type RoleBody = RoleCreateInput;

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

/** A module of the menu with its actions, as the server answers it. */
export type Module = ModuleView;
/** One action of a module. */
export type ModuleOption = Module['opciones'][number];
/** What crear and editar take (an action without _id is new). */
export type ModuleBody = ModuleCreateInput;

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

export type UserPortal = (typeof USER_PORTAL_TYPES)[number];

/** A user as the users screen reads it. */
export type User = UserView;
/** What addUser (with the password) and updateUser take. */
export type UserBody = UserUpdateInput;

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

export type { NamedEntity } from './namedEntity.ts';

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
