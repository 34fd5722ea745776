import { builtPaths } from '@app/shared/site-routes';
import { useQueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppI18n, createI18n } from '../lib/i18n.ts';
import { languageOfPath } from '../lib/lang.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearCookies, jsonResponse, setRawCookie } from '../test/boundary.ts';
import { prepareScreenTest } from '../test/screen.ts';
import { tokenResponse } from '../test/session.ts';
import type { RouteHandle } from './route-handle.ts';
import { routes, screens, signedInPage } from './router.tsx';

/** A screen that reads the query cache (throws without a provider). */
function UsesCache() {
  return <p>{useQueryClient() === queryClient ? 'cache' : 'other'}</p>;
}

/** The full paths of the screens (child routes joined to their parent), the not-found catch-all left out. */
function screenPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    if (!route.index && !route.path) return screenPaths(route.children ?? [], parent); // a pathless group
    const sitePath = (route.handle as RouteHandle | undefined)?.sitePath;
    const path = sitePath ?? (route.index ? parent || '/' : `${parent}/${route.path}`);
    return [path, ...screenPaths(route.children ?? [], path)];
  });
}

function renderAt(path: string) {
  const i18n = createI18n(languageOfPath(path));
  const router = createMemoryRouter(routes(), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('routes', () => {
  const fetchMock = prepareScreenTest();

  it('shows the not-found page for unknown paths, in the prefix language', async () => {
    renderAt('/en/no-such-page');
    expect(await screen.findByText('Page Not Found: /en/no-such-page')).toBeTruthy();
  });

  it('has a screen for every built path of the site router and no other (shared builtPaths)', () => {
    expect([...new Set(screenPaths(screens()))].sort()).toEqual([...builtPaths].sort());
  });

  it('treats screens not built yet as not found', async () => {
    renderAt('/ja/mypage/edit');
    expect(await screen.findByText('ページが見つかりません: /ja/mypage/edit')).toBeTruthy();
  });

  it('renders the fan login in Japanese under /ja and unprefixed with a ja browser', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ja-JP');
    renderAt('/user/login');
    expect(await screen.findByRole('button', { name: 'LINEでログイン' })).toBeTruthy();
  });

  it('uses the stored choice for unprefixed paths', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ja-JP');
    localStorage.setItem('locale', 'en');
    renderAt('/user/login');
    expect(await screen.findByRole('button', { name: 'Log in with LINE' })).toBeTruthy();
  });

  it('switches language to the same path and stores the choice', async () => {
    const router = renderAt('/ja/creator/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Englishに切り替える' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/creator/login'));
    expect(localStorage.getItem('locale')).toBe('en');
    expect(await screen.findByRole('heading', { name: 'Creator login' })).toBeTruthy();
  });

  it('shows the validation message of each field before calling the API', async () => {
    renderAt('/ja/creator/login');
    fireEvent.click(await screen.findByRole('button', { name: 'ログイン' }));
    expect(await screen.findAllByText('必須項目です。')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/メールアドレス/), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('メールアドレスの形式で入力してください。')).toBeTruthy();
    expect(screen.getByLabelText(/メールアドレス/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a suspended account on the login page', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 403,
        statusText: 'Forbidden',
        body: { code: 'account_suspended', message: 'x' },
      }),
    );
    renderAt('/en/creator/login');
    fireEvent.change(await screen.findByLabelText(/E-mail address/), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This account has been suspended.')).toBeTruthy();
  });

  it('sends signed-out visitors of /home to a login page with a notice', async () => {
    const router = renderAt('/en/home');
    expect(await screen.findByText('You need to log in to continue.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
  });

  it('sends a signed-out visitor of a shared chatroom link to the login with the way back', async () => {
    const router = renderAt('/en/chatroom/sakura');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    expect(router.state.location.search).toBe('?next=%2Fchatroom%2Fsakura');
    // the link to the creators' login keeps it
    const creatorLink = await screen.findByRole('link', { name: /creator/i });
    expect(creatorLink.getAttribute('href')).toBe('/en/creator/login?next=%2Fchatroom%2Fsakura');
  });

  it('returns to the page that asked for the login after an e-mail login, never to another site', async () => {
    const token = tokenResponse('p1', 2);
    for (const [next, expected] of [
      ['%2Fchatroom%2Fsakura', '/en/chatroom/sakura'],
      ['https%3A%2F%2Fevil.example', '/en/home'],
      ['%2F%2Fevil.example', '/en/home'],
    ] as const) {
      clearCookies();
      fetchMock.mockReset();
      // the login, then GET /mypage fails: the account's progress is checked again where it lands
      fetchMock.mockResolvedValueOnce(jsonResponse({ status: 200, body: token }));
      fetchMock.mockResolvedValue(jsonResponse({ status: 500, body: { code: 'internal', message: 'x' } }));
      const router = renderAt(`/en/creator/login?next=${next}`);
      fireEvent.change(await screen.findByLabelText(/E-mail address/), {
        target: { value: 'a@example.com' },
      });
      fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(expected));
      cleanup();
    }
  });

  it('sends a signed-in visitor of the top and login pages home, or back to the page asked for', async () => {
    setRawCookie('refresh_token=r; Path=/');
    for (const [path, expected] of [
      ['/ja', '/ja/home'],
      ['/en/user/login', '/en/home'],
      ['/en/creator/login', '/en/home'],
      ['/en/user/login?next=%2Fchatroom%2Fsakura', '/en/chatroom/sakura'],
      ['/en/user/login?next=%2F%2Fevil.example', '/en/home'],
    ] as const) {
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(expected));
      cleanup();
    }
  });

  it('offers home rather than the top page on the not-found page to a signed-in visitor', async () => {
    renderAt('/en/no-such-page');
    expect((await screen.findByRole('link', { name: 'Go to the top page' })).getAttribute('href')).toBe(
      '/en',
    );
    cleanup();
    setRawCookie('refresh_token=r; Path=/');
    renderAt('/ja/no-such-page');
    expect((await screen.findByRole('link', { name: 'ホームへ' })).getAttribute('href')).toBe('/ja/home');
  });

  it('links the logo home on a fresh load once setup is known complete for the profile', async () => {
    setRawCookie('refresh_token=r; Path=/');
    setRawCookie('profile_id=p1; Path=/');
    setRawCookie('role_id=2; Path=/');
    const { loadSession } = await import('../lib/session.ts');
    const logoHref = async (setup: string | null) => {
      if (setup) localStorage.setItem('setup_complete', setup);
      loadSession();
      renderAt('/en/no-such-page');
      await screen.findByText('Page Not Found: /en/no-such-page');
      const href = document.querySelector('.header__logo')?.getAttribute('href');
      cleanup();
      return href;
    };
    expect(await logoHref(null)).toBe('/en');
    expect(await logoHref('p1')).toBe('/en/home');
    // another profile's record does not count
    expect(await logoHref('p2')).toBe('/en');
  });

  it('sets the meta description of the page in its language', async () => {
    renderAt('/en/user/login');
    await screen.findByRole('button', { name: 'Log in with LINE' });
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'Log in to kinoko with your LINE account and chat with the creators you love.',
      ),
    );
  });
});

describe('the app router', () => {
  prepareScreenTest();

  it('loads only the catalogue of the language shown, and the other one on a switch', async () => {
    const i18n = createAppI18n('ja');
    const router = createMemoryRouter(routes({ i18n }), { initialEntries: ['/ja/creator/login'] });
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'クリエイターログイン' })).toBeTruthy();
    expect(i18n.hasResourceBundle('ja', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Englishに切り替える' }));
    expect(await screen.findByRole('heading', { name: 'Creator login' })).toBeTruthy();
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
  });

  it('checks the session before loading a signed-in screen’s code', async () => {
    const load = vi.fn(async () => ({ default: () => <p>store</p> }));
    const route = signedInPage(load);
    const loader = route.loader as () => Promise<unknown>;
    expect(await loader()).toEqual({ Page: null });
    expect(load).not.toHaveBeenCalled();
    setRawCookie('refresh_token=r; Path=/');
    const data = (await loader()) as { Page: unknown };
    expect(load).toHaveBeenCalledTimes(1);
    expect(data.Page).toBeTypeOf('function');
  });

  it('gives a signed-in screen the tab’s query cache (no provider above the routes)', async () => {
    setRawCookie('refresh_token=r; Path=/');
    const loader = signedInPage(async () => ({ default: UsesCache })).loader as () => Promise<{
      Page: ComponentType;
    }>;
    const { Page } = await loader();
    render(<Page />);
    expect(await screen.findByText('cache')).toBeTruthy();
  });
});
