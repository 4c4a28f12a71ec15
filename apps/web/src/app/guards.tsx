import { isPortalType } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth.tsx';
import { canOpenPortal, HOME_PATH, PORTAL_PATH } from './menu.ts';
import ForbiddenPage from './pages/ForbiddenPage.tsx';
import { ScreenPathContext, useCanAccess } from './permissions.ts';
import { useDocumentTitle, useScreenTitle } from './title.ts';

/** The protected area: without a session, go to /login (and come back afterwards). */
export function RequireAuth() {
  const { session } = useAuth();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** /login and its siblings: an authenticated user goes to /. */
export function GuestOnly() {
  const { session } = useAuth();
  const location = useLocation();
  if (session) {
    const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
    const target =
      from?.pathname && from.pathname !== '/login' ? `${from.pathname}${from.search ?? ''}` : '/';
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/**
 * A screen of the protected area renders only when the role grants the module at `path` (home: always);
 * otherwise the URL stays and the page says it is not allowed. The browser tab names the screen.
 */
export function RouteGuard({ path }: { path: string }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const canAccess = useCanAccess();
  const allowed = path === HOME_PATH || canAccess(path);
  const title = useScreenTitle(path);
  useDocumentTitle(allowed ? title : t('forbidden.title'));
  // The tax authority's users start on the portal SENIAT, their only screen.
  if (path === HOME_PATH && me && isPortalType(me.userPortal)) return <Navigate to={PORTAL_PATH} replace />;
  return allowed ? (
    <ScreenPathContext.Provider value={path}>
      <Outlet />
    </ScreenPathContext.Provider>
  ) : (
    <ForbiddenPage />
  );
}

/** The portal SENIAT's screen: portal users and the master admin; anyone else reads "not allowed". */
export function PortalGuard() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const allowed = Boolean(me && canOpenPortal(me));
  useDocumentTitle(allowed ? t('menu.portalSeniat') : t('forbidden.title'));
  return allowed ? <Outlet /> : <ForbiddenPage />;
}
