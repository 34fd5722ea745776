/**
 * The site's service worker (/sw.js, scope /: web/src/sw.ts): shows Web Push notifications and
 * makes the site installable. It caches nothing, so registering it changes no request.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/** At start, after the page has loaded (never competing with the first paint); built sites only. */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void registerServiceWorker().catch((err: unknown) => console.warn('service worker', err));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
