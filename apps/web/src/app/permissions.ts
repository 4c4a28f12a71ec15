import { canAccessPath, hasPermission, type Screen } from '@sigece/fiscal';
import { useCallback } from 'react';
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
