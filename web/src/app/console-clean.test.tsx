import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppI18n } from '../lib/i18n.ts';
import { prepareScreenTest } from '../test/screen.ts';
import { signInForTest } from '../test/session.ts';
import { routes } from './router.tsx';

/** What React Router (its development build) and React write to the console on a first load. */
describe('a first load', () => {
  prepareScreenTest();

  it.each(['/ja/creator/login', '/terms', '/en/no-such-screen', '/ja/mypage/points', '/store'])(
    'of %s warns about nothing',
    async (path) => {
      if (path.includes('points') || path === '/store') signInForTest('fan1', 4);
      const warn = vi.spyOn(console, 'warn');
      const error = vi.spyOn(console, 'error');
      const i18n = createAppI18n(path.startsWith('/en') ? 'en' : 'ja');
      const router = createMemoryRouter(routes({ i18n }), { initialEntries: [path] });
      render(
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>,
      );
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect([...warn.mock.calls, ...error.mock.calls].map((c) => String(c[0]))).toEqual([]);
    },
  );
});
