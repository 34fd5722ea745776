import type { EmailPreferencesResponse } from '@app/shared/schemas/notification';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';
import { account, serve } from '../../home/test/fixtures.tsx';

/** The account screen's "E-mail notifications": switches saved as switched; a fan's unconfirmed address. */

const fetchMock = prepareScreenTest();

it('[ja] a creator turns the reply digest off: saved at once, the switch follows the answer', async () => {
  signInForTest('me', 2);
  const prefs = (enabled: boolean): EmailPreferencesResponse => ({
    kinds: [{ kind: 'replies', enabled }],
    email: 'c@example.com',
    email_confirmed: true,
  });
  const calls = serve(fetchMock, {
    'GET /mypage': () => jsonResponse({ status: 200, body: account(2, 'kinoko', 'きのこ') }),
    'GET /notification/email': () => jsonResponse({ status: 200, body: prefs(true) }),
    'POST /notification/email': () => jsonResponse({ status: 200, body: prefs(false) }),
  });
  renderApp('/ja/mypage/account');
  const toggle = await screen.findByRole('switch', { name: '返信待ちのメッセージ' });
  expect((toggle as HTMLInputElement).checked).toBe(true);
  expect(screen.getByText('送信先: c@example.com')).toBeTruthy();
  fireEvent.click(toggle);
  expect(await screen.findByText('設定を保存しました。')).toBeTruthy();
  await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  expect(calls.filter((c) => c.path === 'POST /notification/email').map((c) => c.body)).toEqual([
    { kind: 'replies', enabled: false },
  ]);
});

it('[en] a fan without a confirmed notification e-mail sees why and where to confirm; switches stay off', async () => {
  signInForTest('me', 4);
  serve(fetchMock, {
    'GET /mypage': () => jsonResponse({ status: 200, body: account(4, 'hinata', 'Hinata') }),
    'GET /notification/email': () =>
      jsonResponse({
        status: 200,
        body: {
          kinds: [
            { kind: 'messages', enabled: false },
            { kind: 'notices', enabled: false },
          ],
          email: 'f@example.com',
          email_confirmed: false,
        },
      }),
  });
  renderApp('/en/mypage/account');
  expect(await screen.findByText(/Your notification e-mail is not confirmed yet/)).toBeTruthy();
  const link = screen.getByRole('link', { name: 'Confirm your e-mail address' });
  expect(link.getAttribute('href')).toBe('/en/mypage/account/user');
  for (const name of ['Messages from creators', 'Important notices']) {
    expect((screen.getByRole('switch', { name }) as HTMLInputElement).disabled).toBe(true);
  }
});
