import { MODULE_CATALOG } from '@sigece/fiscal';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { GuestOnly, PortalGuard, RequireAuth, RouteGuard } from './guards.tsx';
import { HOME_PATH, PORTAL_PATH, REQUEST_LOG_PATH, WEBHOOKS_GUARD, WEBHOOKS_PATH } from './menu.ts';
import { PageLoader } from './PageLoader.tsx';
import { SCREENS } from './screens.ts';

const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
const loadProtectedLayout = () => import('./layout/ProtectedLayout.tsx');
const ProtectedLayout = lazy(loadProtectedLayout);

/** A signed-in full page load asks for the layout's code at boot, beside the screen's (preloadScreen). */
export function preloadProtectedLayout(): void {
  void loadProtectedLayout().catch(() => undefined);
}
const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const PortalPage = lazy(() => import('../features/portal/PortalPage.tsx'));
const UnderConstructionPage = lazy(() => import('./pages/UnderConstructionPage.tsx'));
const CertificarPage = lazy(() => import('../features/verification/CertificarPage.tsx'));
const WebhooksPage = lazy(() => import('../features/integration/WebhooksPage.tsx'));
const RequestLogPage = lazy(() => import('../features/integration/RequestLogPage.tsx'));

/** Every module path except /home, which every signed-in user sees. */
const guardedPaths = MODULE_CATALOG.map((m) => m.path).filter((path) => path !== HOME_PATH);

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route element={<GuestOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        </Route>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        {/* Public verification page (document 3): outside the protected layout, no contract modal. */}
        <Route path="/certificar/:id/:tipoDoc" element={<CertificarPage />} />
        <Route element={<RequireAuth />}>
          <Route path="/" element={<ProtectedLayout />}>
            <Route index element={<Navigate to={HOME_PATH} replace />} />
            <Route element={<RouteGuard path={HOME_PATH} />}>
              <Route path={HOME_PATH.slice(1)} element={<HomePage />} />
            </Route>
            <Route element={<PortalGuard />}>
              <Route path={PORTAL_PATH.slice(1)} element={<PortalPage />} />
            </Route>
            {guardedPaths.map((path) => {
              const Screen = SCREENS[path] ?? UnderConstructionPage;
              return (
                <Route key={path} element={<RouteGuard path={path} />}>
                  <Route path={path.slice(1)} element={<Screen />} />
                </Route>
              );
            })}
            {/* No module of its own; a company's administrator ('Razón Social' › Modificar). */}
            <Route element={<RouteGuard path={WEBHOOKS_GUARD} />}>
              <Route path={WEBHOOKS_PATH.slice(1)} element={<WebhooksPage />} />
              <Route path={REQUEST_LOG_PATH.slice(1)} element={<RequestLogPage />} />
            </Route>
            <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
