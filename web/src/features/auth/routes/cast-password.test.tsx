import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore, saveSession } from '../../../lib/session.ts';
import { jsonResponse, type stubBoundary } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp } from '../../../test/serve.tsx';
import { tokenResponse } from '../../../test/session.ts';
import { account } from '../../home/test/fixtures.tsx';

const CREATOR = 2;
/** Redirects wait for a refused call, the account read and a lazy screen: room on a loaded machine. */
const SLOW = { timeout: 5000 };

/**
 * The API as it answers a cast that must choose its password: GET /mypage, the password and
 * logout answer; every other route is refused with 403 'password_change_required' until the
 * password is chosen.
 */
function castApi(
  fetchMock: ReturnType<typeof stubBoundary>,
  answers: { login?: object; password?: (body: { password: string }) => Response } = {},
) {
  let pending = true;
  const calls: { path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = `${init?.method ?? 'GET'} ${
      String(input)
        .replace(/^\/api/, '')
        .split('?')[0]
    }`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, body });
    const ok = (b: unknown) => jsonResponse({ status: 200, body: b });
    if (path === 'POST /auth/login-profile')
      return ok({ ...tokenResponse('cast1', CREATOR), password_change_required: true, ...answers.login });
    if (path === 'GET /mypage')
      return ok({ ...account(CREATOR, 'mio2026', 'みお'), password_change_required: pending });
    if (path === 'POST /auth/logout') return ok({ ok: true });
    if (path === 'POST /auth/cast-password') {
      const res = answers.password?.(body) ?? ok({ ok: true });
      if (res.ok) pending = false;
      return res;
    }
    if (pending)
      return jsonResponse({
        status: 403,
        body: { code: 'password_change_required', message: 'password_change_required' },
      });
    if (path === 'GET /chatroom/list') return ok({ chatrooms: [], unread_total: 0, next_cursor: null });
    return ok({});
  });
  return calls;
}

describe("the cast's first login", () => {
  const fetchMock = prepareScreenTest();

  it('[ja] the login goes to the password page, which refuses the temporary password and a mismatch, then goes where the login was going', async () => {
    const calls = castApi(fetchMock, {
      password: (b) =>
        b.password === 'Temp#1234'
          ? jsonResponse({
              status: 422,
              body: {
                code: 'validation',
                message: 'x',
                issues: [{ path: 'password', message: 'validation.passwordUnchanged' }],
              },
            })
          : jsonResponse({ status: 200, body: { ok: true } }),
    });
    const router = renderApp('/ja/creator/login/cast?next=%2Fnotice');
    fireEvent.change(await screen.findByRole('textbox', { name: /ユーザー名/ }), {
      target: { value: 'mio2026' },
    });
    fireEvent.change(screen.getByLabelText(/^パスワード/), { target: { value: 'Temp#1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/creator/login/cast/password'), SLOW);
    expect(router.state.location.search).toBe('?next=%2Fnotice');
    expect(await screen.findByRole('heading', { name: '新しいパスワードの設定' })).toBeTruthy();
    expect(authStore.get().passwordChangeRequired).toBe(true);

    const password = screen.getByLabelText(/^新しいパスワード(必須)?$/);
    const again = screen.getByLabelText(/^新しいパスワード（確認用）/);
    fireEvent.change(password, { target: { value: 'Mine#5678' } });
    fireEvent.change(again, { target: { value: 'Mine#0000' } });
    fireEvent.click(screen.getByRole('button', { name: '設定して続ける' }));
    expect(await screen.findByText('パスワードが一致しません。')).toBeTruthy();
    expect(calls.some((c) => c.path === 'POST /auth/cast-password')).toBe(false);

    fireEvent.change(password, { target: { value: 'Temp#1234' } });
    fireEvent.change(again, { target: { value: 'Temp#1234' } });
    fireEvent.click(screen.getByRole('button', { name: '設定して続ける' }));
    expect(await screen.findByText('仮のパスワードとは別のパスワードを設定してください。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ja/creator/login/cast/password');

    fireEvent.change(password, { target: { value: 'Mine#5678' } });
    fireEvent.change(again, { target: { value: 'Mine#5678' } });
    fireEvent.click(screen.getByRole('button', { name: '設定して続ける' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/notice'), SLOW);
    expect(calls.filter((c) => c.path === 'POST /auth/cast-password').at(-1)?.body).toEqual({
      password: 'Mine#5678',
      password_confirmation: 'Mine#5678',
    });
    expect(authStore.get().passwordChangeRequired).toBe(false);
    // It stays there: the flag is gone.
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/ja/notice');
  });

  it('[en] a signed-in cast that must choose its password is sent to the page from any screen, and may log out there', async () => {
    const calls = castApi(fetchMock);
    // Signed in, the flag not known in this tab yet: the first refused call tells it.
    saveSession(tokenResponse('cast1', CREATOR));
    const router = renderApp('/en/mypage/points');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/creator/login/cast/password'), SLOW);
    expect(router.state.location.search).toBe('?next=%2Fmypage%2Fpoints');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(calls.some((c) => c.path !== 'GET /mypage' && c.path.startsWith('GET'))).toBe(true);

    // Remembered: another screen opens the page at once, without calling the refused routes.
    const before = calls.length;
    await router.navigate('/en/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/creator/login/cast/password'), SLOW);
    // (Home is where the page goes anyway: no `next`.)
    expect(router.state.location.search).toBe('');
    expect(calls.slice(before).every((c) => c.path === 'GET /mypage')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/creator/login/cast'), SLOW);
    expect(calls.some((c) => c.path === 'POST /auth/logout')).toBe(true);
    expect(authStore.get().passwordChangeRequired).toBe(false);
    expect(await screen.findByText('You have logged out.')).toBeTruthy();
  });
});
