import type { ProfileView } from '@app/shared/schemas/mypage';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { signInForTest } from '../../../test/session.ts';
import { ProfileForm } from './ProfileForm.tsx';

const initial: ProfileView = {
  id: 'fan1',
  role_id: 4,
  username: 'kinoko123',
  nickname: 'きのこ',
  genre: '',
  bio: '',
  area: 0,
  profile_image: null,
  background_image: null,
  is_anonymous_open_log: false,
  is_hide_supporter_ranking: false,
};

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' } });

it.each([
  ['ja', 'ニックネームを入力してください。', '保存'],
  ['en', 'Please enter a nickname.', 'Save'],
] as const)(
  '[%s] a nickname of only U+200B gets the server’s message, and nothing is sent',
  async (lang, message, save) => {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ProfileForm initial={initial} submitLabel={save} onSaved={() => {}} />
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: lang === 'ja' ? /ニックネーム/ : /Nickname/ }), {
      target: { value: '\u200B\u200B' },
    });
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/mypage/profile/update'))).toEqual(
      [],
    );
  },
);

it('a username found taken while typing is shown on its field, and saving sends nothing', async () => {
  signInForTest('fan1', 4);
  fetchMock.mockImplementation(async (url) =>
    String(url).includes('/mypage/check-username')
      ? new Response(JSON.stringify({ available: false }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      : new Response(null, { status: 500 }),
  );
  render(
    <I18nextProvider i18n={createI18n('ja')}>
      <ProfileForm initial={initial} submitLabel="保存" onSaved={() => {}} />
    </I18nextProvider>,
  );
  const username = screen.getByRole('textbox', { name: /ユーザー名/ });
  fireEvent.change(username, { target: { value: 'sakura99' } });
  const taken = await screen.findByText('このユーザー名はすでに使われています。', {}, { timeout: 3000 });
  expect(taken).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  await waitFor(() => expect(document.activeElement).toBe(username));
  expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/mypage/profile/update'))).toEqual([]);
});

it.each([
  [4, false],
  [2, true],
] as const)('role %i is asked for genre and bio: %s', (roleId, asked) => {
  render(
    <I18nextProvider i18n={createI18n('ja')}>
      <ProfileForm initial={{ ...initial, role_id: roleId }} submitLabel="保存" onSaved={() => {}} />
    </I18nextProvider>,
  );
  expect(screen.queryByRole('textbox', { name: /ジャンル/ }) !== null).toBe(asked);
  expect(screen.queryByRole('textbox', { name: /自己紹介/ }) !== null).toBe(asked);
});
