import type { CreatorCard, LikedEntry } from '@app/shared/schemas/social';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';

const card = (n: number): CreatorCard => ({
  id: `creator${n}-id`,
  username: `creator${n}`,
  nickname: `クリエイター${n}`,
  genre: null,
  bio: `自己紹介${n}`,
  area: 0,
  profile_image: null,
  liked_by: 1,
});

const fanEntry = (n: number, mutual: boolean): LikedEntry => ({
  person: {
    id: `fan${n}`,
    role_id: 4,
    username: null,
    nickname: `ファン${n}`,
    profile_image: null,
    genre: null,
  },
  at: '2026-05-20T01:00:00.000Z',
  mutual,
});

describe('favorites and likes', () => {
  const fetchMock = prepareScreenTest();

  it('lists my favorites a page at a time', async () => {
    signInForTest('fan1', 4);
    const calls = serveApi(fetchMock, {
      'GET /favorite/fan1': (_b, q) =>
        jsonResponse({
          status: 200,
          body:
            q.get('cursor') === 'c1'
              ? { creators: [card(3)], next_cursor: null }
              : { creators: [card(1), card(2)], next_cursor: 'c1' },
        }),
    });
    renderApp('/ja/home/favorites');
    const list = await screen.findByRole('list', { name: 'お気に入りのクリエイター' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('link')[0]?.getAttribute('href')).toBe('/ja/@creator1');
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
    expect(calls.map((c) => c.query.get('cursor'))).toEqual([null, 'c1']);
  });

  it('shows the empty favorites with a way to discovery', async () => {
    signInForTest('fan1', 4);
    serveApi(fetchMock, {
      'GET /favorite/fan1': () => jsonResponse({ status: 200, body: { creators: [], next_cursor: null } }),
    });
    renderApp('/en/home/favorites');
    expect(await screen.findByText('No favorite creators yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover creators' }).getAttribute('href')).toBe(
      '/en/discovery',
    );
  });

  it('lists the creators a fan liked, with tabs to who liked them', async () => {
    signInForTest('fan1', 4);
    serveApi(fetchMock, {
      'GET /like/liked/fan1': () =>
        jsonResponse({
          status: 200,
          body: {
            entries: [
              {
                person: {
                  id: 'c1',
                  role_id: 2,
                  username: 'sakura',
                  nickname: 'さくら',
                  profile_image: null,
                  genre: '歌',
                },
                at: '2026-05-20T01:00:00.000Z',
                mutual: true,
              },
            ],
            next_cursor: null,
          },
        }),
      'GET /like/liked-you/fan1': () =>
        jsonResponse({ status: 200, body: { entries: [], next_cursor: null } }),
    });
    const router = renderApp('/ja/home/liked');
    const list = await screen.findByRole('list', { name: 'いいねした相手' });
    expect(within(list).getByRole('link').getAttribute('href')).toBe('/ja/@sakura');
    expect(within(list).getByText('相互いいね')).toBeTruthy();
    // A fan cannot like back.
    expect(screen.queryByRole('button', { name: 'いいねを返す' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'いいねされた' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/home/liked/you'));
    expect(await screen.findByText('まだいいねは届いていません。')).toBeTruthy();
  });

  it('lets a creator like back a fan who liked them (fans have no profile link)', async () => {
    signInForTest('creator1', 2);
    const calls = serveApi(fetchMock, {
      'GET /like/liked-you/creator1': () =>
        jsonResponse({
          status: 200,
          body: { entries: [fanEntry(1, false), fanEntry(2, true)], next_cursor: null },
        }),
      'POST /like': () => jsonResponse({ status: 200, body: { liked: true, created: true } }),
    });
    renderApp('/en/home/liked/you');
    const list = await screen.findByRole('list', { name: 'People who liked you' });
    expect(within(list).queryByRole('link')).toBeNull();
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[1] as HTMLElement).getByText('Liked back')).toBeTruthy();
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Like back' }));
    expect(await screen.findByText('You liked ファン1 back.')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Liked back')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /like')?.body).toEqual({ profile_id: 'fan1' });
  });

  it('sends a signed-out visitor to the login and back', async () => {
    const router = renderApp('/en/home/liked/you');
    // (The login page of the last role signed in here: the earlier tests signed in.)
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/en\/(user|creator)\/login$/));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/home/liked/you')}`);
  });
});
