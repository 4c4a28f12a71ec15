import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n.ts';
import { App } from './app/App.tsx';
import { preloadProtectedLayout } from './app/router.tsx';
import { preloadScreen } from './app/screens.ts';
import { getSession } from './app/session.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// A signed-in full page load of a screen fetches its code and the layout's now, beside the session's /me.
if (getSession()) {
  preloadProtectedLayout();
  preloadScreen(window.location.pathname);
}
