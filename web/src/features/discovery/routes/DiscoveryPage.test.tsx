import type { CreatorCard } from '@app/shared/schemas/social';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';

const card = (n: number): CreatorCard => ({
  id: `01J00000000000000000000C0${n}`,
  username: `creator${n}`,
  nickname: `クリエイター${n}`,
  genre: '歌',
  bio: null,
  area: 27,
  profile_image: null,
  liked_by: n,
});

describe('/discovery', () => {
  const fetchMock = prepareScreenTest({ signIn: ['fan1', 4] });

  it('shows one creator at a time, likes and skips, reads more when low, then says there are no more', async () => {
    const batches = [[card(1), card(2), card(3)], [card(3), card(4)], []];
    const calls = serveApi(fetchMock, {
      'GET /like/discovery': () => jsonResponse({ status: 200, body: { cards: batches.shift() ?? [] } }),
      'POST /like/discovery': () => jsonResponse({ status: 200, body: { ok: true } }),
    });
    renderApp('/ja/discovery');
    const stage = await screen.findByTestId('discovery-card');
    expect(within(stage).getByText('クリエイター1')).toBeTruthy();
    expect(within(stage).getByRole('link').getAttribute('href')).toBe('/ja/@creator1');
    expect(screen.getByText(/スキップしたクリエイターは30日間表示されません/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'いいね' }));
    expect(await screen.findByText('クリエイター1さんにいいねしました。')).toBeTruthy();
    expect(await screen.findByText('クリエイター2')).toBeTruthy();
    // Two left: the next batch is read, its card already queued (3) is not shown twice.
    fireEvent.click(screen.getByRole('button', { name: 'スキップ' }));
    expect(await screen.findByText('クリエイター3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'スキップ' }));
    expect(await screen.findByText('クリエイター4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'いいね' }));
    expect(await screen.findByText('今ご紹介できるクリエイターはいません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'クリエイターを検索' }).getAttribute('href')).toBe(
      '/ja/home/search',
    );
    expect(calls.filter((c) => c.path === 'POST /like/discovery').map((c) => c.body)).toEqual([
      { profile_id: card(1).id, action: 'like' },
      { profile_id: card(2).id, action: 'skip' },
      { profile_id: card(3).id, action: 'skip' },
      { profile_id: card(4).id, action: 'like' },
    ]);
    expect(calls.filter((c) => c.path === 'GET /like/discovery').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the empty state at once when there is nobody to show', async () => {
    serveApi(fetchMock, {
      'GET /like/discovery': () => jsonResponse({ status: 200, body: { cards: [] } }),
    });
    renderApp('/en/discovery');
    expect(await screen.findByText('No more creators for now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search creators' }).getAttribute('href')).toBe(
      '/en/home/search',
    );
  });

  it('keeps the card and shows the message when an action is refused', async () => {
    serveApi(fetchMock, {
      'GET /like/discovery': () => jsonResponse({ status: 200, body: { cards: [card(1)] } }),
      'POST /like/discovery': () =>
        jsonResponse({ status: 403, body: { code: 'creator_to_creator', message: 'no' } }),
    });
    renderApp('/en/discovery');
    fireEvent.click(await screen.findByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('クリエイター1')).toBeTruthy();
  });
});
