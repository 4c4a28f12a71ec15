import { canAccessPath, canWriteModule, hasPermission, type Screen } from '@sigece/fiscal';
import { createContext, useCallback, useContext } from 'react';
import { useAuth } from './auth.tsx';

/** `usePermission('/seguridad/roles')('add')`: may the user run that action of that module? */
export function usePermission(path: string): (key: string) => boolean {
  const { me } = useAuth();
  return useCallback((key: string) => (me ? hasPermission(me, path, key) : false), [me, path]);
}

/** May the user open the screen at that module path? */
export function useCanAccess(): (path: string) => boolean {
  const { me } = useAuth();
  return useCallback((path: string) => (me ? canAccessPath(me, path) : false), [me]);
}

/** `useScreenPermission(screen('/facturacion/generales/notas'))('print')`: a key outside the catalog throws. */
export function useScreenPermission(of: Screen): (key: string) => boolean {
  const can = usePermission(of.module);
  return useCallback((key: string) => can(of.can(key).action), [can, of]);
}

/** The module path of the screen being shown (set by the route guard). */
export const ScreenPathContext = createContext<string | null>(null);

/**
 * May the user change the records of the screen being shown? Shared data (roles, banks, rates...) is
 * the master administrator's; a company-scoped user reads it without write actions.
 */
export function useCanWriteScreen(): boolean {
  const { me } = useAuth();
  const path = useContext(ScreenPathContext);
  if (!path) return true;
  return me ? canWriteModule(me, path) : false;
}
