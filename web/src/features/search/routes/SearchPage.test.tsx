import type { CreatorCard } from '@app/shared/schemas/social';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { withQueryCache } from '../../../lib/QueryProvider.tsx';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import SearchPage, { searchAreas } from './SearchPage.tsx';

const card = (id: string, nickname: string): CreatorCard => ({
  id,
  username: `u${id}`,
  nickname,
  genre: 'アイドル',
  bio: null,
  area: 13,
  profile_image: null,
  liked_by: 2,
});

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' }, signIn: ['fan1', 4] });

const Page = withQueryCache(SearchPage);
function renderPage(lang: 'ja' | 'en') {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </I18nextProvider>,
  );
}
const searchCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/profile'));

it.each([
  ['ja', '検索条件を入力してください。', '検索する'],
  ['en', 'Enter search conditions.', 'Search'],
] as const)('[%s] asks for a condition before any call', async (lang, message, submit) => {
  renderPage(lang);
  fireEvent.click(screen.getByRole('button', { name: submit }));
  expect(await screen.findByText(message)).toBeTruthy();
  expect(searchCalls()).toEqual([]);
});

it('never offers "not shown" as an area', () => {
  expect(searchAreas).not.toContain(0);
  expect(searchAreas).toContain(13);
  expect(searchAreas).toContain(999);
});

it('searches by keyword and area, shows the cards, loads more with the cursor, then stops', async () => {
  fetchMock
    .mockResolvedValueOnce(
      jsonResponse({ status: 200, body: { profiles: [card('1', 'さくら')], next_cursor: 'c1.next' } }),
    )
    .mockResolvedValueOnce(
      jsonResponse({ status: 200, body: { profiles: [card('2', '蓮')], next_cursor: null } }),
    );
  renderPage('ja');
  fireEvent.change(screen.getByRole('searchbox', { name: /キーワード/ }), { target: { value: 'さくら' } });
  fireEvent.change(screen.getByRole('combobox', { name: /エリア/ }), { target: { value: '13' } });
  fireEvent.click(screen.getByRole('button', { name: '検索する' }));
  expect(await screen.findByText('さくら')).toBeTruthy();
  const [url, init] = searchCalls()[0] ?? [];
  expect(String(url)).toBe('/api/profile');
  expect(JSON.parse(String(init?.body))).toEqual({ keyword: 'さくら', area: 13 });

  fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
  await waitFor(() => expect(searchCalls()).toHaveLength(2));
  // Role queries walk the 48 area options: slow on a loaded machine.
  expect(await screen.findByRole('link', { name: /蓮/ }, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByRole('link', { name: /さくら/ }).getAttribute('href')).toBe('/@u1');
  expect(String(searchCalls()[1]?.[0])).toBe('/api/profile?cursor=c1.next');
  await waitFor(() => expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull());
});

it('[en] says so when nothing matches', async () => {
  fetchMock.mockResolvedValueOnce(jsonResponse({ status: 200, body: { profiles: [], next_cursor: null } }));
  renderPage('en');
  fireEvent.change(screen.getByRole('combobox', { name: /Area/ }), { target: { value: '47' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText(/No creators match/)).toBeTruthy();
  expect(JSON.parse(String(searchCalls()[0]?.[1]?.body))).toEqual({ area: 47 });
});

it('[ja] shows the keyword limit from the form', async () => {
  renderPage('ja');
  fireEvent.change(screen.getByRole('searchbox', { name: /キーワード/ }), {
    target: { value: 'あ'.repeat(51) },
  });
  fireEvent.click(screen.getByRole('button', { name: '検索する' }));
  expect(await screen.findByText('キーワードは50文字以内で入力してください。')).toBeTruthy();
  expect(searchCalls()).toEqual([]);
});
