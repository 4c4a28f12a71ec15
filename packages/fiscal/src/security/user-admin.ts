/**
 * Who may write which user (spec 000 §7 "Usuarios", hardened: nobody reaches or grants more than they hold).
 * Nobody grants more than they hold, and nobody reaches a user who holds more than they do: the server
 * enforces these rules and the add-user dialog offers only what they allow.
 */
import type { PermissionSubject } from './permissions.ts';

/** A role's grants, as stored on the role (server) and listed by `getroles` (web). */
export interface RoleGrants {
  modulos: ReadonlyArray<{
    id: string;
    permiso: boolean;
    acciones: ReadonlyArray<{ key: string; status: boolean }>;
  }>;
}

export interface UserAdmin extends PermissionSubject {
  localidades: readonly string[];
  /** Empty means every branch of `localidades`. */
  sucursales: readonly string[];
}

export interface UserScope {
  masterAdmin: boolean;
  localidades: readonly string[];
  sucursales: readonly string[];
}

/** True when `role` grants a module or action that `actor` does not hold. */
export function roleBroaderThan(actor: PermissionSubject, role: RoleGrants): boolean {
  if (actor.masterAdmin) return false;
  return role.modulos.some((granted) => {
    if (!granted.permiso) return false;
    const mine = actor.modulos.find((m) => m.id === granted.id && m.permiso);
    if (!mine) return true;
    return granted.acciones.some((a) => a.status && !mine.acciones.some((b) => b.key === a.key && b.status));
  });
}

/** Only a master admin makes (or edits) master admins. */
export const canGrantMasterAdmin = (actor: PermissionSubject): boolean => actor.masterAdmin;

/** The actor limits the target to a subset of their branches (an empty list would mean every branch). */
export const isBranchRestricted = (actor: { sucursales: readonly string[] }): boolean =>
  actor.sucursales.length > 0;

/**
 * A non-master actor may give (or hold over) a user only companies they hold themselves and, when the
 * actor is branch-restricted, only a non-empty subset of their branches.
 */
export function scopeWithin(actor: UserAdmin, target: UserScope): boolean {
  if (actor.masterAdmin) return true;
  if (target.masterAdmin) return false;
  if (!target.localidades.every((id) => actor.localidades.includes(id))) return false;
  if (!isBranchRestricted(actor)) return true;
  return target.sucursales.length > 0 && target.sucursales.every((id) => actor.sucursales.includes(id));
}

/**
 * What a non-master actor is shown of a user: only the companies (and, when branch-restricted, the
 * branches) both share.
 */
export function sharedScope(
  actor: UserScope,
  target: UserScope,
): { localidades: string[]; sucursales: string[] } {
  if (actor.masterAdmin) return { localidades: [...target.localidades], sucursales: [...target.sucursales] };
  return {
    localidades: target.localidades.filter((id) => actor.localidades.includes(id)),
    sucursales: isBranchRestricted(actor)
      ? target.sucursales.filter((id) => actor.sucursales.includes(id))
      : [...target.sucursales],
  };
}
