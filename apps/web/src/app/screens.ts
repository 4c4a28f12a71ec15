import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The built screens of the protected area, by module path. Every other path of MODULE_CATALOG routes
 * to the "under construction" page (guarded the same way) until its issue adds it here.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/seguridad/roles': lazy(() => import('../features/security/RolesPage.tsx')),
  '/seguridad/usuarios': lazy(() => import('../features/security/UsersPage.tsx')),
  '/seguridad/modulos': lazy(() => import('../features/security/ModulesPage.tsx')),
};
