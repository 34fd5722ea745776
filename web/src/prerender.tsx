/**
 * Build-time rendering of the pre-rendered screens (`prerenderedPaths` in shared/src/site-routes.ts,
 * the landing pages): the app's own routes rendered to HTML with react-dom/server, so the static
 * page is the same markup the app shows. web/vite-prerender.ts bundles this module for Node and
 * writes one file per language and URL form; src/static-page.ts gives the files their behaviour.
 */
import type { Language } from '@app/shared/config';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { pageHead } from './app/AppLayout.tsx';
import type { RouteHandle } from './app/route-handle.ts';
import { routes } from './app/router.tsx';
import { createI18n } from './lib/i18n.ts';
import { LOCALE_KEY } from './lib/lang.ts';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  lang: Language;
  documentTitle: string;
  description: string;
}

/**
 * Render a URL path ('/creator', '/en') in `lang`. An unprefixed path shows the visitor's language:
 * it is rendered as for a visitor whose stored choice is `lang`, which the caller provides with
 * `storage` (the app reads localStorage before anything else).
 */
export async function renderPage(path: string, lang: Language): Promise<RenderedPage> {
  const handler = createStaticHandler(routes());
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender ${path}: answered ${context.status}`);
  if (context.statusCode !== 200) throw new Error(`prerender ${path}: status ${context.statusCode}`);
  const i18n = createI18n(lang);
  const handle = [...context.matches]
    .reverse()
    .map((m) => m.route.handle as RouteHandle | undefined)
    .find((h) => h?.header);
  if (!handle) throw new Error(`prerender ${path}: no route handle`);
  const html = withStoredLanguage(lang, () =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </I18nextProvider>,
    ),
  );
  const { documentTitle, description } = pageHead(i18n.t, handle);
  return { html, lang, documentTitle, description };
}

/**
 * For the render: a stored language choice, and no cookies (a visitor without a session; Node has
 * no document). The globals are put back afterwards.
 */
function withStoredLanguage<T>(lang: Language, render: () => T): T {
  const storage = { getItem: (key: string) => (key === LOCALE_KEY ? lang : null) };
  const swapped = [replaceGlobal('localStorage', storage)];
  if (typeof document === 'undefined') swapped.push(replaceGlobal('document', { cookie: '' }));
  try {
    return render();
  } finally {
    for (const restore of swapped.reverse()) restore();
  }
}

function replaceGlobal(name: string, value: unknown): () => void {
  const before = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  return () => {
    if (before) Object.defineProperty(globalThis, name, before);
    else delete (globalThis as Record<string, unknown>)[name];
  };
}
