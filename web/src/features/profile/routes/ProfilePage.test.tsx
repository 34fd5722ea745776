import type { PublicProfileView } from '@app/shared/schemas/social';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';

const CREATOR_ID = '01J0000000000000000000CRE1';

const profile = (over: Partial<PublicProfileView> = {}): PublicProfileView => ({
  id: CREATOR_ID,
  role_id: 2,
  username: 'sakura',
  nickname: 'さくら',
  genre: 'イラスト',
  bio: '猫と桜を描いています。',
  area: 13,
  profile_image: null,
  background_image: null,
  liked_by: 4,
  favorited_by: null,
  chat_cost: 50,
  chat_locked: false,
  supporters: {
    month: [
      { rank: 1, anonymous: false, id: 'fan1', nickname: 'Ren', profile_image: null, points: 1200 },
      { rank: 2, anonymous: true, id: null, nickname: null, profile_image: null, points: 300 },
    ],
    all_time: [{ rank: 1, anonymous: false, id: 'fan9', nickname: 'Mio', profile_image: null, points: 9000 }],
  },
  viewer: null,
  organization: null,
  ...over,
});

const viewer = (over: Partial<NonNullable<PublicProfileView['viewer']>> = {}) => ({
  self: false,
  liked: false,
  favorited: false,
  blocked: false,
  blocked_by: false,
  ...over,
});

/** The shop section's and the purchase log's reads, empty. */
const emptyShop = {
  'GET /profile/sakura/items/all': () =>
    jsonResponse({ status: 200, body: { items: [], next_cursor: null } }),
  'GET /shop/recent-purchase-logs/sakura': () => jsonResponse({ status: 200, body: { logs: [] } }),
  // The fan club card (issue 14): no fan club yet.
  'GET /fanclub/card/sakura': () =>
    jsonResponse({
      status: 200,
      body: {
        creator: { id: CREATOR_ID, username: 'sakura', nickname: 'さくら', avatar_url: null },
        fanclub: null,
        membership: null,
        join_refusal: null,
        wallet: null,
      },
    }),
};
const isShopRead = (path: string) => path in emptyShop;

describe('/@{username}', () => {
  const fetchMock = prepareScreenTest();

  it('shows a guest the whole profile and asks them to log in on every action, returning here', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const calls = serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile() }),
    });
    renderApp('/ja/@sakura');
    expect(await screen.findByRole('heading', { level: 1, name: 'さくら' })).toBeTruthy();
    expect(screen.getByText('イラスト · 東京都')).toBeTruthy();
    expect(screen.getByText('猫と桜を描いています。')).toBeTruthy();
    expect(screen.getByTestId('like-count').textContent).toBe('いいね 4');
    expect(screen.getByText('1通 キノコ50個')).toBeTruthy();
    expect(await screen.findByText('ファンクラブはまだ開設されていません。')).toBeTruthy();
    expect(await screen.findByText('販売中のアイテムはまだありません。')).toBeTruthy();
    expect(await screen.findByText('まだ購入はありません。')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('さくら | kinoko'));

    fireEvent.click(screen.getByRole('button', { name: 'いいね' }));
    expect(await screen.findByText('いいねするにはログインしてください。')).toBeTruthy();
    const login = screen.getByRole('link', { name: 'ログインする' });
    expect(login.getAttribute('href')).toBe(`/ja/user/login?next=${encodeURIComponent('/@sakura')}`);
    fireEvent.click(screen.getByRole('button', { name: 'お気に入りに追加' }));
    expect(await screen.findByText('お気に入りに追加するにはログインしてください。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /チャットする/ }));
    expect(await screen.findByText('チャットするにはログインしてください。')).toBeTruthy();
    // The guest's read carries no token, and no action was sent.
    expect(calls.map((c) => c.path).sort()).toEqual(
      ['GET /profile/sakura', ...Object.keys(emptyShop)].sort(),
    );
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
    expect([...warn.mock.calls, ...error.mock.calls].map((c) => String(c[0]))).toEqual([]);
  });

  it("shows a cast's public organization (logo and name) by the nickname, and nothing without one", async () => {
    const organization = { name: 'ラウンジ 月灯り', logo_url: 'https://media.example/logo/tsuki.webp' };
    let answer = profile({ organization });
    serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: answer }),
    });
    renderApp('/ja/@sakura');
    const badge = await screen.findByTestId('profile-organization');
    expect(badge.textContent).toBe('所属：ラウンジ 月灯り');
    expect(within(badge).getByRole('img', { name: 'ラウンジ 月灯りのロゴ' }).getAttribute('src')).toBe(
      organization.logo_url,
    );
    cleanup();

    answer = profile({ organization: { ...organization, logo_url: null } });
    renderApp('/en/@sakura');
    const noLogo = await screen.findByTestId('profile-organization');
    expect(noLogo.textContent).toBe('Organization: ラウンジ 月灯り');
    expect(within(noLogo).queryByRole('img')).toBeNull();
    cleanup();

    answer = profile();
    renderApp('/ja/@sakura');
    expect(await screen.findByRole('heading', { level: 1, name: 'さくら' })).toBeTruthy();
    expect(screen.queryByTestId('profile-organization')).toBeNull();
    expect(screen.queryByText(/所属/)).toBeNull();
  });

  it('lets a fan like once (permanent) and toggle the favorite, with their messages', async () => {
    signInForTest('fan1', 4);
    let favorited = false;
    const calls = serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile({ viewer: viewer() }) }),
      'POST /like': () => jsonResponse({ status: 200, body: { liked: true, created: true } }),
      'POST /favorite': (body) => {
        favorited = (body as { favorite: boolean }).favorite;
        return jsonResponse({ status: 200, body: { favorited } });
      },
    });
    renderApp('/en/@sakura');
    fireEvent.click(await screen.findByRole('button', { name: 'Like' }));
    expect(await screen.findByText('You liked さくら.')).toBeTruthy();
    const liked = screen.getByRole('button', { name: 'Liked' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    expect((liked as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('like-count').textContent).toBe('5 likes');

    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
    expect(await screen.findByText('Added to favorites.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Favorite' }));
    expect(await screen.findByText('Removed from favorites.')).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path !== 'GET /profile/sakura' && !isShopRead(c.path))
        .map((c) => [c.path, c.body]),
    ).toEqual([
      ['POST /like', { profile_id: CREATOR_ID }],
      ['POST /favorite', { profile_id: CREATOR_ID, favorite: true }],
      ['POST /favorite', { profile_id: CREATOR_ID, favorite: false }],
    ]);
    const chat = screen.getByRole('link', { name: /Chat/ });
    expect(chat.getAttribute('href')).toBe('/en/chatroom/sakura');
    expect(chat.textContent).toContain('50 mushrooms a message');
  });

  it('shows a liked profile as liked, and a refused like with the spec message', async () => {
    signInForTest('fan1', 4);
    serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () =>
        jsonResponse({ status: 200, body: profile({ viewer: viewer({ favorited: true }) }) }),
      'POST /like': () => jsonResponse({ status: 403, body: { code: 'self_like', message: 'self' } }),
    });
    renderApp('/en/@sakura');
    expect((await screen.findByRole('button', { name: 'Favorite' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('You cannot like yourself')).toBeTruthy();
  });

  it('offers the creator no like, favorite or chat on their own profile, and shows their favorite count', async () => {
    signInForTest(CREATOR_ID, 2);
    serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () =>
        jsonResponse({ status: 200, body: profile({ favorited_by: 3, viewer: viewer({ self: true }) }) }),
    });
    renderApp('/ja/@sakura');
    expect(
      await screen.findByText('あなたのプロフィールです。ファンにはこのように表示されます。'),
    ).toBeTruthy();
    expect(screen.getByText('お気に入り登録 3人')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'いいね' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'お気に入りに追加' })).toBeNull();
    expect(screen.queryByRole('link', { name: /チャットする/ })).toBeNull();
  });

  it('offers an operator no action and no login prompt (its token reads the profile as a guest’s)', async () => {
    signInForTest('op1', 3);
    const fanclub = {
      name: 'さくら組',
      price: 500,
      members: 3,
      is_open: true,
      description: '',
      benefits: '',
      join_opens: [],
      back_numbers: [],
    };
    serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile() }),
      'GET /fanclub/card/sakura': () =>
        jsonResponse({
          status: 200,
          body: {
            creator: { id: CREATOR_ID, username: 'sakura', nickname: 'さくら', avatar_url: null },
            fanclub,
            membership: null,
            join_refusal: null,
            wallet: null,
          },
        }),
    });
    renderApp('/ja/@sakura');
    expect(await screen.findByRole('heading', { level: 1, name: 'さくら' })).toBeTruthy();
    // The fan club card: no join and no login, the refusal creators get.
    expect(await screen.findByText(/クリエイターアカウントでは購入できません/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /入会/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'いいね' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'お気に入りに追加' })).toBeNull();
    expect(screen.queryByRole('link', { name: /チャットする/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /ログイン/ })).toBeNull();
  });

  it('switches the supporter ranking between this month and all time, anonymous supporters as such', async () => {
    serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile() }),
    });
    renderApp('/ja/@sakura');
    const list = await screen.findByRole('list', { name: 'サポーターランキング' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1位RRen1,200pt', '2位?匿名のサポーター300pt']);
    fireEvent.click(screen.getByRole('button', { name: '累計' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual(['1位MMio9,000pt']);
  });

  it('writes counts and the price as a reader expects them (separators, singular)', async () => {
    serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () =>
        jsonResponse({ status: 200, body: profile({ liked_by: 1234, chat_cost: 1 }) }),
    });
    renderApp('/en/@sakura');
    expect((await screen.findByTestId('like-count')).textContent).toBe('1,234 likes');
    expect(screen.getByText('1 mushroom a message')).toBeTruthy();
  });

  it('leaves the ranking out when the creator hides it', async () => {
    serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile({ supporters: null }) }),
    });
    renderApp('/ja/@sakura');
    await screen.findByRole('heading', { level: 1, name: 'さくら' });
    expect(screen.queryByText('サポーターランキング')).toBeNull();
  });

  it('switches to the posts tab (the fan club posts, here none) without reading the profile again', async () => {
    const calls = serveApi(fetchMock, {
      ...emptyShop,
      'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile() }),
      'GET /fanclub/posts/sakura': () =>
        jsonResponse({ status: 200, body: { posts: [], next_cursor: null } }),
    });
    const router = renderApp('/en/@sakura');
    fireEvent.click(await screen.findByRole('link', { name: 'Posts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/@sakura/posts'));
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
    expect(screen.queryByText('No fan club yet.')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Invitation link and QR code' }));
    expect(await screen.findByRole('heading', { name: 'Invitation link' })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'GET /profile/sakura')).toHaveLength(1);
  });

  it('shows the shop section (pinned first, labels, private for the owner, more) and the purchase log', async () => {
    signInForTest(CREATOR_ID, 2);
    const card = (id: string, over: Record<string, unknown> = {}) => ({
      id,
      name: `Item ${id}`,
      item_type: 'photo',
      thumbnail: null,
      price: 1200,
      points: 120,
      status: 'published',
      sale_state: 'on_sale',
      stock_label: null,
      remaining: null,
      is_public: true,
      pinned: false,
      sensitive: false,
      open_at: '2026-01-01T00:00:00Z',
      close_at: null,
      ...over,
    });
    const calls = serveApi(fetchMock, {
      'GET /profile/sakura': () =>
        jsonResponse({ status: 200, body: profile({ viewer: viewer({ self: true }) }) }),
      'GET /profile/sakura/items/all': (_b, query) =>
        jsonResponse({
          status: 200,
          body: query.get('cursor')
            ? { items: [card('P', { is_public: false })], next_cursor: null }
            : {
                items: [
                  card('A', { pinned: true }),
                  card('B', { stock_label: 'low', remaining: 2 }),
                  card('C', { stock_label: 'sold_out', remaining: 0 }),
                  card('D', { sale_state: 'scheduled' }),
                  card('E', { sale_state: 'ended' }),
                ],
                next_cursor: 'c1.next',
              },
        }),
      'GET /shop/recent-purchase-logs/sakura': () =>
        jsonResponse({
          status: 200,
          body: {
            logs: [
              {
                id: 'L2',
                item: { id: 'A', name: '桜の写真集', thumbnail: null },
                buyer: null,
                purchased_at: '2026-05-02T03:00:00Z',
              },
              {
                id: 'L1',
                item: { id: 'A', name: '桜の写真集', thumbnail: null },
                buyer: { nickname: 'Ren', profile_image: null },
                purchased_at: '2026-05-01T03:00:00Z',
              },
            ],
          },
        }),
    });
    renderApp('/ja/@sakura');
    const list = await screen.findByRole('list', { name: 'ショップ' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual([
      '/ja/shop/item/A',
      '/ja/shop/item/B',
      '/ja/shop/item/C',
      '/ja/shop/item/D',
      '/ja/shop/item/E',
    ]);
    expect(cards[0]?.textContent).toContain('ピン留め');
    expect(cards[0]?.textContent).toContain('1,200円');
    expect(cards[0]?.textContent).toContain('120ポイント');
    expect(cards[0]?.textContent).toContain('販売中');
    expect(cards[1]?.textContent).toContain('残りわずか');
    expect(cards[1]?.textContent).toContain('残り2点');
    expect(cards[2]?.textContent).toContain('売り切れ');
    expect(cards[2]?.textContent).not.toContain('販売中');
    expect(cards[3]?.textContent).toContain('販売予定');
    expect(cards[4]?.textContent).toContain('販売期間終了');
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(6));
    expect(within(list).getAllByRole('link')[5]?.textContent).toContain('非公開');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
    expect(calls.find((c) => c.query.get('cursor'))?.query.get('cursor')).toBe('c1.next');

    const log = screen.getByRole('list', { name: 'リアルタイム購入履歴' });
    const rows = within(log).getAllByTestId('purchase-log-entry');
    expect(rows.map((r) => r.textContent?.includes('匿名のサポーターが購入しました'))).toEqual([true, false]);
    expect(rows[1]?.textContent).toContain('Renさんが購入しました');
    expect(rows[1]?.textContent).toContain('桜の写真集');
  });

  it('shows "Profile not found" for an unknown or left username, with a way on', async () => {
    serveApi(fetchMock, {
      'GET /profile/ghost': () =>
        jsonResponse({ status: 404, body: { code: 'profile_not_found', message: 'nope' } }),
    });
    renderApp('/en/@ghost');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the top page' }).getAttribute('href')).toBe('/en');
    await waitFor(() => expect(document.title).toBe('Profile not found | kinoko'));
  });

  it('answers a path without the @ or with an unknown type as not found', async () => {
    renderApp('/ja/sakura');
    expect(await screen.findByText('ページが見つかりません: /ja/sakura')).toBeTruthy();
    cleanup();
    renderApp('/ja/@sakura/unknown');
    expect(await screen.findByText('ページが見つかりません: /ja/@sakura/unknown')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('the invitation link page', () => {
    it('shows the link with its QR code and copies it', async () => {
      signInForTest(CREATOR_ID, 2);
      const writeText = vi.fn().mockResolvedValue(undefined);
      vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
      serveApi(fetchMock, {
        ...emptyShop,
        'GET /profile/sakura': () =>
          jsonResponse({ status: 200, body: profile({ viewer: viewer({ self: true }) }) }),
      });
      renderApp('/en/@sakura/invite');
      const link = await screen.findByTestId('invite-link');
      const url = `${window.location.origin}/@sakura?invite=1`;
      expect(link.textContent).toBe(url);
      const qr = screen.getByRole('img', { name: 'QR code of the invitation link' });
      expect(qr.tagName.toLowerCase()).toBe('svg');
      expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(await screen.findByText('Invitation link copied.')).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith(url);
    });

    it('says so when the browser cannot copy', async () => {
      vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
      serveApi(fetchMock, {
        ...emptyShop,
        'GET /profile/sakura': () => jsonResponse({ status: 200, body: profile() }),
      });
      renderApp('/ja/@sakura/invite');
      fireEvent.click(await screen.findByRole('button', { name: 'リンクをコピー' }));
      expect(await screen.findByText(/自動コピーに対応していません/)).toBeTruthy();
    });
  });
});
