import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router.tsx';
import { claimReload, reloadIfOutdated, watchBuild } from './lib/buildUpdate.ts';
import { loadRuntimeConfig } from './lib/config.ts';
import { createAppI18n, loadLanguage } from './lib/i18n.ts';
import { languageOfPath } from './lib/lang.ts';
import { registerServiceWorkerAfterLoad } from './lib/service-worker.ts';
import { loadSession } from './lib/session.ts';
import './styles.css';

// A chunk of an older deployment is gone: load the page again (once per path per guard window).
window.addEventListener('vite:preloadError', (event) => {
  if (claimReload(window.location.pathname, Date.now(), sessionStorage)) {
    event.preventDefault();
    window.location.reload();
  }
});

async function start() {
  // No waterfall: the configuration is in the page, and the language's catalogue and the screen's
  // code load in parallel (the router's first navigation waits for both before rendering).
  const lang = languageOfPath(window.location.pathname);
  const i18n = createAppI18n(lang);
  const catalogue = loadLanguage(i18n, lang);
  await loadRuntimeConfig();
  loadSession();
  const router = createAppRouter(i18n);
  await catalogue;

  // A new deployment reloads the app on the next navigation.
  const watcher = watchBuild(__APP_VERSION__);
  let lastPath = router.state.location.pathname;
  router.subscribe((state) => {
    const path = state.location.pathname;
    if (path === lastPath) return;
    lastPath = path;
    reloadIfOutdated(watcher, path, () => window.location.reload());
  });

  // Web Push and installing the site (PWA) need the service worker.
  registerServiceWorkerAfterLoad();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
}

start().catch((err: unknown) => {
  console.error(err);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<p style="padding:1rem">読み込みに失敗しました。再読み込みしてください。<br lang="en">Failed to load. Please reload the page.</p>';
  }
});
