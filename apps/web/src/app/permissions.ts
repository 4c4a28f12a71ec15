import { canAccessPath, hasPermission } from '@sigece/fiscal';
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
