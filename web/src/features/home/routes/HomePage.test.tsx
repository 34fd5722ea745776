import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { signInForTest } from '../../../test/session.ts';
import { account, homeData, renderAt, serve } from '../test/fixtures.tsx';

const FAN = 4;
const CREATOR = 2;

describe('/home', () => {
  const fetchMock = prepareScreenTest();

  const asFan = (home = homeData()) => {
    signInForTest('me', FAN);
    const noPage = { next_cursor: null };
    return serve(fetchMock, {
      'GET /mypage': () => jsonResponse({ status: 200, body: account(FAN, 'hinata', 'ひなた') }),
      'GET /home': () => jsonResponse({ status: 200, body: home }),
      'POST /confirmation': () => jsonResponse({ status: 200, body: { ok: true } }),
      // The screens one tap away (the walk below opens them).
      'GET /like/discovery': () => jsonResponse({ status: 200, body: { cards: [] } }),
      'GET /favorite/me': () => jsonResponse({ status: 200, body: { creators: [], ...noPage } }),
      'GET /like/liked/me': () => jsonResponse({ status: 200, body: { entries: [], ...noPage } }),
    });
  };

  it('shows a fan every section from one GET /home', async () => {
    const calls = asFan();
    renderAt('/ja/home');
    expect(await screen.findByRole('heading', { name: 'こんにちは、ひなたさん' })).toBeTruthy();
    const recommended = await screen.findByRole('list', { name: 'おすすめのクリエイター' });
    const tiles = within(recommended).getAllByRole('link');
    expect(tiles.map((a) => a.getAttribute('href'))).toEqual(['/ja/@sakura', '/ja/@ren']);
    expect(tiles[0]?.textContent).toContain('桜井さくら');
    const friends = screen.getByRole('list', { name: '仲良しクリエイター' });
    expect(within(friends).getByRole('link').getAttribute('href')).toBe('/ja/@mika');
    expect(screen.getByRole('link', { name: 'すべて見る' }).getAttribute('href')).toBe('/ja/home/favorites');
    // The fan's memberships (issue 14) are one tap from home.
    const shortcuts = screen.getByRole('navigation', { name: 'ショートカット' });
    expect(within(shortcuts).getByRole('link', { name: '入会中のファンクラブ' }).getAttribute('href')).toBe(
      '/ja/home/fanclub',
    );
    const banner = screen.getByRole('complementary', { name: 'キャンペーン' });
    expect(within(banner).getByRole('img', { name: '春のキャンペーン' })).toBeTruthy();
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/ja/store');
    expect(screen.getByText('ショップがオープンするとランキングが始まります。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'キノコを購入する' }).getAttribute('href')).toBe('/ja/store');
    const news = screen.getByRole('list', { name: 'ニュース一覧' });
    const item = within(news).getByRole('link');
    expect(item.getAttribute('href')).toBe('/ja/home/news/n1');
    expect(item.textContent).toContain('kinokoへようこそ');
    expect(item.textContent).toContain('2026年5月20日');
    expect(calls.filter((c) => c.path === 'GET /home')).toHaveLength(1);
    // Income is for creators and owners.
    expect(screen.queryByRole('link', { name: '収益' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'ショップ管理' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'ファンクラブ管理' })).toBeNull();
  });

  it('opens the first unseen help by itself once, records it, and not again on the way back', async () => {
    const calls = asFan();
    const router = renderAt('/ja/home');
    const dialog = await screen.findByRole('dialog', { name: 'いいねとお気に入りの違い' });
    expect(within(dialog).getByText(/相手に通知が届き、いいねは取り消せません/)).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'POST /confirmation').map((c) => c.body)).toEqual([
        { type: 'like_favorite_help' },
      ]),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'わかりました' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Away and back in the same tab: the cached home knows it was seen.
    await router.navigate('/ja/notice');
    await router.navigate('/ja/home');
    await screen.findByRole('list', { name: 'おすすめのクリエイター' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path === 'POST /confirmation')).toHaveLength(1);
  });

  it('shows the point kinds by itself once the other help was seen, and each help from its link', async () => {
    const calls = asFan(homeData({ confirmed: { like_favorite_help: true, point_kinds_help: false } }));
    renderAt('/en/home');
    const dialog = await screen.findByRole('dialog', { name: 'Kinds of points' });
    for (const term of ['Mushrooms', 'Leaves', 'Original points'])
      expect(within(dialog).getByText(term)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'POST /confirmation')?.body).toEqual({ type: 'point_kinds_help' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Like or favorite?' }));
    expect(await screen.findByRole('dialog', { name: 'Like or favorite?' })).toBeTruthy();
    // Opening a seen help from its link records nothing more.
    expect(calls.filter((c) => c.path === 'POST /confirmation')).toHaveLength(1);
  });

  it('opens no help by itself when both were seen', async () => {
    const calls = asFan(homeData({ confirmed: { like_favorite_help: true, point_kinds_help: true } }));
    renderAt('/en/home');
    await screen.findByRole('list', { name: 'Recommended creators' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Kinds of points' }));
    expect(await screen.findByRole('dialog', { name: 'Kinds of points' })).toBeTruthy();
    expect(calls.some((c) => c.path === 'POST /confirmation')).toBe(false);
  });

  it('shows the empty states and no banner', async () => {
    asFan(
      homeData({
        recommended: [],
        favorites: [],
        news: [],
        banner: null,
        confirmed: { like_favorite_help: true, point_kinds_help: true },
      }),
    );
    renderAt('/en/home');
    expect(await screen.findByText('Recommendations are on their way.')).toBeTruthy();
    expect(screen.getByText(/The creators you add to your favorites appear here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover creators' }).getAttribute('href')).toBe(
      '/en/discovery',
    );
    expect(screen.queryByRole('link', { name: 'See all' })).toBeNull();
    expect(screen.getByText('No news yet.')).toBeTruthy();
    expect(screen.getByText('Rankings start when shops open.')).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Campaign' })).toBeNull();
  });

  it('switches the item rankings between amount and count', async () => {
    const line = (rank: number, name: string, value: number) => ({
      rank,
      item_id: `i${rank}`,
      name,
      thumbnail: null,
      creator: { username: 'sakura', nickname: '桜井さくら' },
      value,
    });
    asFan(
      homeData({
        rankings: { amount: [line(1, 'Photo set', 12000)], count: [line(1, 'Sticker', 42)] },
        confirmed: { like_favorite_help: true, point_kinds_help: true },
      }),
    );
    renderAt('/en/home');
    const amount = await screen.findByRole('tab', { name: 'Sales' });
    expect(amount.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toContain('Photo set');
    expect(panel.textContent).toContain('12,000 points');
    expect(within(panel).getByRole('link', { name: 'by 桜井さくら' }).getAttribute('href')).toBe(
      '/en/@sakura',
    );
    expect(within(panel).getByRole('link', { name: 'Photo set' }).getAttribute('href')).toBe(
      '/en/shop/item/i1',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Units sold' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('42 sold');
    expect(screen.getByRole('tabpanel').textContent).not.toContain('Photo set');
  });

  it('shows a creator their profile and likes, without favorites or the store', async () => {
    signInForTest('me', CREATOR);
    serve(fetchMock, {
      'GET /mypage': () => jsonResponse({ status: 200, body: account(CREATOR, 'sakura', '桜井さくら') }),
      'GET /home': () =>
        jsonResponse({
          status: 200,
          body: homeData({ favorites: [], confirmed: { like_favorite_help: true, point_kinds_help: true } }),
        }),
    });
    renderAt('/ja/home');
    const shortcuts = await screen.findByRole('navigation', { name: 'ショートカット' });
    expect(within(shortcuts).getByRole('link', { name: '自分のプロフィール' }).getAttribute('href')).toBe(
      '/ja/@sakura',
    );
    expect(within(shortcuts).getByRole('link', { name: 'いいねしてくれた人' }).getAttribute('href')).toBe(
      '/ja/home/liked/you',
    );
    await screen.findByRole('list', { name: 'おすすめのクリエイター' });
    expect(screen.queryByRole('heading', { name: '仲良しクリエイター' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'キノコを購入する' })).toBeNull();
    expect(screen.getByRole('link', { name: 'プロフィールを編集' })).toBeTruthy();
    const tabs = await screen.findByRole('navigation', { name: 'メインメニュー' });
    expect(within(tabs).getByRole('link', { name: 'いいね' }).getAttribute('href')).toBe(
      '/ja/home/liked/you',
    );
    expect(within(tabs).queryByRole('link', { name: 'みつける' })).toBeNull();
    expect(screen.getByRole('link', { name: '収益' }).getAttribute('href')).toBe('/ja/mypage/incomes');
    expect(screen.getByRole('link', { name: 'ショップ管理' }).getAttribute('href')).toBe('/ja/home/shop');
    // The fan club beside the shop, and among the shortcuts.
    expect(
      screen.getAllByRole('link', { name: 'ファンクラブ管理' }).map((a) => a.getAttribute('href')),
    ).toEqual(['/ja/home/fanclub', '/ja/home/fanclub']);
    expect(within(shortcuts).getByRole('link', { name: 'ファンクラブ管理' })).toBeTruthy();
  });

  it('keeps a fan within two taps of every destination from home (walks the links)', async () => {
    asFan(homeData({ confirmed: { like_favorite_help: true, point_kinds_help: true } }));
    // One tap from home; the liked screen's 'you' tab (/home/liked/you) is the second tap.
    const destinations = [
      '/en/discovery',
      '/en/home/search',
      '/en/home/favorites',
      '/en/home/liked',
      '/en/chatroom',
      '/en/notice',
      '/en/store',
      '/en/mypage/account',
    ];
    const router = renderAt('/en/home');
    await screen.findByRole('list', { name: 'Recommended creators' });
    await screen.findByRole('link', { name: 'Buy' }); // the header's store link (loaded lazily)
    await screen.findByRole('navigation', { name: 'Main menu' }); // the tab bar (once GET /mypage says set up)
    for (const path of destinations) {
      const link = screen.getAllByRole('link').find((a) => a.getAttribute('href') === path);
      expect(link, `a link to ${path} on home (at ${router.state.location.pathname})`).toBeTruthy();
      fireEvent.click(link as HTMLElement);
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      // React renders a navigation as a transition: wait until the screen itself has left home.
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).toBeNull(), {
        timeout: 5000,
      });
      await router.navigate('/en/home');
      await screen.findByRole('navigation', { name: 'Shortcuts' }, { timeout: 5000 });
      await screen.findByRole('navigation', { name: 'Main menu' });
    }
  }, 20_000);

  it('shows no tab bar before the sign-up is complete', async () => {
    signInForTest('me', FAN);
    serve(fetchMock, {
      'GET /mypage': () =>
        jsonResponse({
          status: 200,
          body: { ...account(FAN, null, 'ひなた'), step: 1, final_step: 1, setup_complete: false },
        }),
      'GET /home': () => jsonResponse({ status: 200, body: homeData() }),
    });
    const router = renderAt('/en/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/mypage/signup/2'));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});
