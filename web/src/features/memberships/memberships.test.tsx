import type { FanclubCardResponse, MembershipView, MyMembershipsResponse } from '@app/shared/schemas/fanclub';
import type { PublicProfileView } from '@app/shared/schemas/social';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LangContext } from '../../app/lang-context.ts';
import { createI18n } from '../../lib/i18n.ts';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp, serveApi } from '../../test/serve.tsx';
import { signInForTest } from '../../test/session.ts';
import { Memberships } from './routes/MembershipsPage.tsx';

const CREATOR_ID = '01J0000000000000000000CRE1';
const creator = { id: CREATOR_ID, username: 'sakura', nickname: 'さくら', avatar_url: null };

const profile = (): PublicProfileView => ({
  id: CREATOR_ID,
  role_id: 2,
  username: 'sakura',
  nickname: 'さくら',
  genre: 'イラスト',
  bio: '',
  area: 13,
  profile_image: null,
  background_image: null,
  liked_by: 0,
  favorited_by: null,
  chat_cost: 50,
  chat_locked: false,
  supporters: null,
  viewer: null,
  organization: null,
});

const balance = (mushroom: number) => ({
  mushroom,
  leaf: 300,
  original: 0,
  total: mushroom + 300,
  nearest_expiry: null,
  expiring_soon: null,
});

const membership = (over: Partial<MembershipView> = {}): MembershipView => ({
  creator,
  fanclub_name: 'さくら倶楽部',
  status: 'active',
  joined_at: '2026-11-20T03:00:00.000Z',
  renews_on: '2026-12-20',
  access_until: '2026-12-20T15:00:00.000Z',
  auto_renew: true,
  stop_deadline: '2026-12-18T15:00:00.000Z',
  price: 500,
  months_paid: 1,
  failures: 0,
  ...over,
});

const card = (over: Partial<FanclubCardResponse> = {}, price = 500): FanclubCardResponse => ({
  creator,
  fanclub: {
    name: 'さくら倶楽部',
    description: '毎月の描き下ろし',
    benefits: '限定イラスト',
    price,
    is_open: true,
    members: 12,
    join_opens: [{ month: '2026-11', posts: 2 }],
    back_numbers: [
      { month: '2026-11', posts: 2, state: 'locked' },
      { month: '2026-09', posts: 3, state: 'locked' },
    ],
  },
  membership: null,
  join_refusal: null,
  wallet: { balance: balance(800), original_points: 0 },
  ...over,
});

const ok = (body: unknown) => () => jsonResponse({ status: 200, body });
const refused = (status: number, code: string, message: string) => () =>
  jsonResponse({ status, body: { code, message } });

const profileReads = (cardBody: () => Response) => ({
  'GET /profile/sakura': ok(profile()),
  'GET /fanclub/card/sakura': cardBody,
});
const shopReads = {
  'GET /profile/sakura/items/all': ok({ items: [], next_cursor: null }),
  'GET /shop/recent-purchase-logs/sakura': ok({ logs: [] }),
};

const joined = (price = 500) => ({
  membership: membership({ price }),
  points: price,
  parts: [],
  balance: balance(800 - price),
  replayed: false,
});

describe('the fan club card', () => {
  const fetchMock = prepareScreenTest();

  it('shows a guest the fan club, what joining opens and the back numbers, and asks them to log in', async () => {
    serveApi(fetchMock, {
      ...shopReads,
      ...profileReads(ok(card({ wallet: null }))),
    });
    renderApp('/ja/@sakura');
    const box = await screen.findByTestId('fanclub-card');
    expect(within(box).getByText('さくら倶楽部')).toBeTruthy();
    expect(within(box).getByTestId('fanclub-price').textContent).toBe('月額 500キノコ');
    expect(within(box).getByText('限定イラスト')).toBeTruthy();
    expect(within(box).getByText('会員 12人')).toBeTruthy();
    expect(within(box).getByText('2026年11月の会員限定投稿 2件')).toBeTruthy();
    expect(
      within(box)
        .getAllByTestId('back-number')
        .map((r) => r.textContent),
    ).toEqual(['2026年11月投稿 2件会員限定', '2026年9月投稿 3件会員限定']);
    expect(within(box).getByRole('link', { name: 'ログインして入会する' }).getAttribute('href')).toBe(
      `/ja/user/login?next=${encodeURIComponent('/@sakura/fanclub')}`,
    );
  });

  it('shows a member their state and the way to buy a back number, in English', async () => {
    signInForTest('fan1', 4);
    const base = card();
    serveApi(fetchMock, {
      ...shopReads,
      ...profileReads(
        ok(
          card({
            membership: membership(),
            join_refusal: 'fanclub_already_member',
            fanclub: base.fanclub && {
              ...base.fanclub,
              back_numbers: [
                { month: '2026-11', posts: 2, state: 'open' },
                { month: '2026-09', posts: 3, state: 'pass' },
              ],
            },
          }),
        ),
      ),
    });
    renderApp('/en/@sakura');
    const state = await screen.findByTestId('membership-state');
    expect(state.textContent).toContain('You are a member');
    expect(state.textContent).toContain('Renews on Dec 20, 2026');
    expect(within(state).getByRole('link', { name: 'Manage your memberships' }).getAttribute('href')).toBe(
      '/en/home/fanclub',
    );
    expect(screen.queryByTestId('join-opens')).toBeNull();
    const buy = screen.getByRole('link', { name: 'Buy the back number of September 2026' });
    expect(buy.getAttribute('href')).toBe('/en/@sakura/fanclub?pass=2026-09');
    expect(screen.getAllByTestId('back-number')[0]?.textContent).toContain('Open to you');
  });

  it('says a closed fan club takes no new members, and a past-due member where to buy mushrooms', async () => {
    signInForTest('fan1', 4);
    serveApi(fetchMock, {
      ...shopReads,
      ...profileReads(
        ok(
          card({
            join_refusal: 'fanclub_already_member',
            membership: membership({ status: 'past_due', failures: 1, stop_deadline: null }),
          }),
        ),
      ),
    });
    renderApp('/ja/@sakura');
    const state = await screen.findByTestId('membership-state');
    expect(state.textContent).toContain('2026年12月21日にもう一度お支払いを試みます');
    expect(within(state).getByRole('link', { name: 'ストアでキノコを購入する' }).getAttribute('href')).toBe(
      '/ja/store',
    );
    cleanup();
    serveApi(fetchMock, {
      ...shopReads,
      ...profileReads(ok(card({ join_refusal: 'fanclub_closed' }))),
    });
    renderApp('/ja/@sakura');
    expect(await screen.findByText('このファンクラブは現在、新規入会を受け付けていません。')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '入会する' })).toBeNull();
  });
});

describe('/@{username}/fanclub: joining and passes', () => {
  const fetchMock = prepareScreenTest({ signIn: ['fan1', 4] });

  it('confirms the points (original points first, then mushrooms; leaves never) and joins', async () => {
    let reads = 0;
    const calls = serveApi(fetchMock, {
      // The card read again after the join says the fan is a member now: the done state stays.
      ...profileReads(() => {
        reads += 1;
        return reads === 1
          ? ok(card({ wallet: { balance: balance(800), original_points: 120 } }))()
          : ok(card({ membership: membership(), join_refusal: 'fanclub_already_member' }))();
      }),
      'POST /fanclub/join': ok(joined()),
    });
    renderApp('/ja/@sakura/fanclub');
    expect(await screen.findByRole('heading', { name: '入会手続き' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }));
    expect(await screen.findByText('利用規約に同意してください。')).toBeTruthy();
    expect(screen.getByRole('link', { name: /利用規約/ }).getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('checkbox', { name: /オリジナルポイントを先に使う/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: '利用規約に同意します' }));
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }));
    const confirm = await screen.findByRole('region', { name: 'お申し込み内容の確認' });
    const row = (key: string) => within(confirm).getByTestId(`confirm-${key}`).textContent;
    expect(row('price')).toBe('月額料金500キノコ／月');
    expect(row('fromOriginal')).toBe('オリジナルポイント120ポイント');
    expect(row('fromMushroom')).toBe('キノコ380ポイント');
    expect(row('after')).toBe('お支払い後のキノコ残高420');
    expect(row('originalAfter')).toBe('お支払い後のオリジナルポイント残高0');
    fireEvent.click(within(confirm).getByRole('button', { name: '入会する（500ポイント）' }));
    expect(await screen.findByText('ファンクラブに入会しました')).toBeTruthy();
    expect(screen.getByText(/次回更新日は2026年12月20日です/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '投稿を見る' }).getAttribute('href')).toBe('/ja/@sakura/posts');
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByTestId('membership-state')).toBeTruthy();
    expect(screen.getByText('ファンクラブに入会しました')).toBeTruthy();
    const sent = calls.filter((c) => c.path === 'POST /fanclub/join').map((c) => c.body);
    expect(sent).toEqual([
      {
        creator_id: CREATOR_ID,
        price: 500,
        use_original_points: true,
        agree_terms: true,
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('sends a short balance to the store and restores the flow on the way back', async () => {
    serveApi(fetchMock, {
      ...profileReads(ok(card({ wallet: { balance: balance(100), original_points: 0 } }))),
      'GET /store': ok({}),
    });
    const router = renderApp('/ja/@sakura/fanclub');
    expect(await screen.findByText('ポイントが400ポイント不足しています。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '不足分のキノコ（400個）を購入する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/store'));
    expect(router.state.location.search).toBe(`?amount=400&next=${encodeURIComponent('/@sakura/fanclub')}`);
    cleanup();
    serveApi(fetchMock, { ...profileReads(ok(card())) });
    renderApp('/ja/@sakura/fanclub');
    // A fresh render loads the profile's lazy chunks again: give it more than the default second under load.
    expect(
      await screen.findByText('キノコを購入しました。手続きを続けてください。', {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('shows a refusal, reads the card again and confirms the new price with a new key', async () => {
    let price = 500;
    const calls = serveApi(fetchMock, {
      ...profileReads(() => jsonResponse({ status: 200, body: card({}, price) })),
      'POST /fanclub/join': (() => {
        let n = 0;
        return () => {
          n += 1;
          if (n === 1) {
            price = 600;
            return refused(409, 'fanclub_price_changed', 'changed')();
          }
          return ok(joined(600))();
        };
      })(),
    });
    renderApp('/ja/@sakura/fanclub');
    fireEvent.click(await screen.findByRole('checkbox', { name: '利用規約に同意します' }));
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }));
    fireEvent.click(await screen.findByRole('button', { name: '入会する（500ポイント）' }));
    expect(
      await screen.findByText('月額料金が変更されました。内容を確認して、もう一度お試しください。'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '入会する（600ポイント）' }));
    expect(await screen.findByText('ファンクラブに入会しました')).toBeTruthy();
    const sent = calls
      .filter((c) => c.path === 'POST /fanclub/join')
      .map((c) => c.body as { key: string; price: number });
    expect(sent.map((b) => b.price)).toEqual([500, 600]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it('retries after no answer with the same key (the API joins once)', async () => {
    const calls = serveApi(fetchMock, {
      ...profileReads(ok(card())),
      'POST /fanclub/join': (() => {
        let n = 0;
        return () => {
          n += 1;
          if (n === 1) return jsonResponse({ status: 503, body: { code: 'unavailable', message: 'x' } });
          return ok({ ...joined(), replayed: true })();
        };
      })(),
    });
    renderApp('/ja/@sakura/fanclub');
    fireEvent.click(await screen.findByRole('checkbox', { name: '利用規約に同意します' }));
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }));
    fireEvent.click(await screen.findByRole('button', { name: '入会する（500ポイント）' }));
    expect(await screen.findByText(/二重に支払われることはありません/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '入会する（500ポイント）' }));
    expect(await screen.findByText('ファンクラブに入会しました')).toBeTruthy();
    const keys = calls
      .filter((c) => c.path === 'POST /fanclub/join')
      .map((c) => (c.body as { key: string }).key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('buys a back-number pass of ?pass=YYYY-MM', async () => {
    const base = card();
    const calls = serveApi(fetchMock, {
      ...profileReads(
        ok(
          card({
            membership: membership(),
            join_refusal: 'fanclub_already_member',
            fanclub: base.fanclub && {
              ...base.fanclub,
              back_numbers: [{ month: '2026-09', posts: 3, state: 'pass' }],
            },
          }),
        ),
      ),
      'POST /fanclub/backnumber': ok({
        pass: {
          creator,
          fanclub_name: 'さくら倶楽部',
          month: '2026-09',
          points: 500,
          bought_at: '2026-11-24T00:00:00Z',
        },
        points: 500,
        parts: [],
        balance: balance(300),
        replayed: false,
      }),
    });
    renderApp('/ja/@sakura/fanclub?pass=2026-09');
    expect(
      await screen.findByRole('heading', { name: 'バックナンバーの購入手続き（2026年9月）' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '利用規約に同意します' }));
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }));
    const confirm = await screen.findByRole('region', { name: 'お申し込み内容の確認' });
    expect(within(confirm).getByTestId('confirm-month').textContent).toBe('購入する月2026年9月');
    fireEvent.click(within(confirm).getByRole('button', { name: '購入する（500ポイント）' }));
    expect(await screen.findByText('2026年9月のバックナンバーを購入しました（500ポイント）。')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /fanclub/backnumber')?.body).toMatchObject({
      creator_id: CREATOR_ID,
      month: '2026-09',
      price: 500,
    });
  });

  it('says so when the month of ?pass= cannot be bought', async () => {
    serveApi(fetchMock, { ...profileReads(ok(card())) });
    renderApp('/ja/@sakura/fanclub?pass=2026-09');
    expect(await screen.findByText('この月のバックナンバーは購入できません。')).toBeTruthy();
  });
});

describe("the fan's /home/fanclub", () => {
  const fetchMock = prepareScreenTest({ signIn: ['fan1', 4] });

  const other = { id: '01J0000000000000000000CRE2', username: 'mio', nickname: 'みお', avatar_url: null };
  const list = (over: Partial<MyMembershipsResponse> = {}): MyMembershipsResponse => ({
    memberships: [
      membership(),
      membership({
        creator: other,
        fanclub_name: 'みおの部屋',
        auto_renew: false,
        renews_on: null,
        stop_deadline: null,
      }),
      membership({
        creator: { ...other, id: '01J0000000000000000000CRE3', username: 'ren' },
        fanclub_name: 'れん',
        status: 'ended',
        renews_on: null,
        auto_renew: false,
        stop_deadline: null,
      }),
    ],
    passes: [
      {
        creator,
        fanclub_name: 'さくら倶楽部',
        month: '2026-09',
        points: 500,
        bought_at: '2026-11-21T03:00:00Z',
      },
    ],
    ...over,
  });

  function renderPage(lang: 'ja' | 'en', now = new Date('2026-12-01T00:00:00Z')) {
    const router = createMemoryRouter([{ path: '*', element: <Memberships now={() => now} /> }], {
      initialEntries: [`/${lang}/home/fanclub`],
    });
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <LangContext.Provider value={{ lang, prefix: `/${lang}` }}>
          <RouterProvider router={router} />
        </LangContext.Provider>
      </I18nextProvider>,
    );
  }

  it('lists memberships with renewal, price and the stop deadline; passes bought', async () => {
    serveApi(fetchMock, { 'GET /fanclub/memberships/fan1': ok(list()) });
    renderPage('ja');
    const rows = await screen.findAllByTestId('membership-row');
    expect(rows).toHaveLength(3);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByTestId('renews-on').textContent).toBe('次回更新日 2026年12月20日');
    expect(first.textContent).toContain('月額 500キノコ');
    expect(within(first).getByTestId('stop-deadline').textContent).toBe(
      '停止の受付は2026/12/19 00:00までです（更新日の24時間前）。',
    );
    expect(within(rows[1] as HTMLElement).getByTestId('auto-renew').textContent).toBe('オフ');
    // The period ends with the renewal day (access_until is the next day's 00:00 JST).
    expect(rows[1]?.textContent).toContain('2026年12月20日まで閲覧できます');
    expect(rows[2]?.textContent).toContain('2026年12月20日に終了');
    expect(screen.getByRole('heading', { name: '終了したファンクラブ' })).toBeTruthy();
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: 'もう一度入会する' })
        .getAttribute('href'),
    ).toBe('/ja/@ren/fanclub');
    expect(screen.getByTestId('pass-row').textContent).toContain('2026年9月・500ポイント');
  });

  it('stops auto-renewal, shows the refusal inside 24 hours, and resumes', async () => {
    const calls = serveApi(fetchMock, {
      'GET /fanclub/memberships/fan1': ok(list()),
      'POST /fanclub/auto-renew': (body) => {
        const b = body as { creator_id: string; auto_renew: boolean };
        if (b.creator_id === CREATOR_ID) return refused(409, 'fanclub_auto_renew_locked', 'locked')();
        return ok({ membership: membership({ creator: other, fanclub_name: 'みおの部屋' }) })();
      },
    });
    renderPage('ja', new Date('2026-12-19T01:00:00Z'));
    const rows = await screen.findAllByTestId('membership-row');
    const first = rows[0] as HTMLElement;
    expect(within(first).getByTestId('stop-deadline').textContent).toBe(
      '更新日の24時間前を過ぎたため、今回の更新は停止できません。',
    );
    fireEvent.click(within(first).getByRole('button', { name: '自動更新を停止する' }));
    expect(
      await within(first).findByText('自動更新の停止は、更新日の24時間前までに行ってください。'),
    ).toBeTruthy();
    const second = rows[1] as HTMLElement;
    fireEvent.click(within(second).getByRole('button', { name: '自動更新を再開する' }));
    expect(await within(second).findByText('自動更新を再開しました。')).toBeTruthy();
    expect(within(second).getByTestId('auto-renew').textContent).toBe('オン');
    expect(calls.filter((c) => c.path === 'POST /fanclub/auto-renew').map((c) => c.body)).toEqual([
      { creator_id: CREATOR_ID, auto_renew: false },
      { creator_id: other.id, auto_renew: true },
    ]);
  });

  it('shows the empty state with the way to discovery, in English', async () => {
    serveApi(fetchMock, { 'GET /fanclub/memberships/fan1': ok({ memberships: [], passes: [] }) });
    renderPage('en');
    expect(await screen.findByText('You have not joined a fan club yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find creators' }).getAttribute('href')).toBe('/en/discovery');
  });
});
