import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router.tsx';
import { createI18n } from '../lib/i18n.ts';
import type { stubBoundary } from './boundary.ts';

export interface Call {
  /** `METHOD /path` (the API base and query left out). */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Answers the stubbed fetch by `METHOD /path` (an unexpected call fails the test) and records the
 * calls made.
 */
export function serveApi(
  fetchMock: ReturnType<typeof stubBoundary>,
  handlers: Record<string, (body: unknown, query: URLSearchParams) => Response | Promise<Response>>,
): Call[] {
  const calls: Call[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const [rawPath = '', rawQuery = ''] = String(input)
      .replace(/^\/api/, '')
      .split('?');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const query = new URLSearchParams(rawQuery);
    const path = `${method} ${decodeURIComponent(rawPath)}`;
    calls.push({ path, query, body });
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected ${path}`);
    return handler(body, query);
  });
  return calls;
}

/** The app's routes at `path`, in the language of its prefix (ja without one). */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes(), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createI18n(path.startsWith('/en') ? 'en' : 'ja')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}
