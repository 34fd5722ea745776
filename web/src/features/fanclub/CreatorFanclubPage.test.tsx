import { businessConfig } from '@app/shared/config';
import type { FanclubSettingView, MemberListResponse, MemberRowView } from '@app/shared/schemas/fanclub';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp, serveApi } from '../../test/serve.tsx';
import { signInForTest } from '../../test/session.ts';

const F = businessConfig.fanclub;
const CREATOR = 2;

const fanclub = (over: Partial<FanclubSettingView> = {}): FanclubSettingView => ({
  name: 'さくらの部屋',
  description: '毎週の写真と日記です。',
  benefits: '限定写真',
  price: 1500,
  is_open: true,
  members: 12,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-01T00:00:00.000Z',
  ...over,
});

const row = (i: number, over: Partial<MemberRowView> = {}): MemberRowView => ({
  fan: { id: `fan-${i}`, nickname: `ファン${i}`, avatar_url: null },
  status: 'active',
  joined_at: '2026-10-14T15:30:00.000Z',
  renews_on: '2026-12-15',
  auto_renew: true,
  months_paid: 2,
  ...over,
});

const page = (members: MemberRowView[], next: string | null, complete = true): MemberListResponse => ({
  members,
  counts: { members: 12, auto_renew_off: 1, past_due: 2, complete },
  next_cursor: next,
});

describe('/home/fanclub for a creator', () => {
  const fetchMock = prepareScreenTest();

  const serve = (
    setting: FanclubSettingView | null,
    more: Record<string, (body: unknown, query: URLSearchParams) => Response> = {},
  ) => {
    signInForTest('me', CREATOR);
    return serveApi(fetchMock, {
      'GET /chatroom/list': () =>
        jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
      'GET /fanclub/setting': () => jsonResponse({ status: 200, body: { fanclub: setting } }),
      ...more,
    });
  };

  it('[ja] before the fan club exists: the empty state and the form that creates it, each field with its own message', async () => {
    const calls = serve(null, {
      'POST /fanclub/setting': (body) =>
        jsonResponse({ status: 200, body: { fanclub: fanclub({ ...(body as object), members: 0 }) } }),
      'GET /fanclub/members/me': () => jsonResponse({ status: 200, body: page([], null) }),
    });
    renderApp('/ja/home/fanclub');
    expect(await screen.findByRole('heading', { name: 'ファンクラブはまだありません' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'ファンクラブ管理', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '投稿を管理する' })).toBeNull();
    const name = screen.getByRole('textbox', { name: /ファンクラブ名/ });
    const price = screen.getByRole('spinbutton', { name: /月額料金（キノコ）/ });
    const open = screen.getByRole('switch', { name: '新規入会を受け付ける' }) as HTMLInputElement;
    expect(open.checked).toBe(true);
    expect(screen.getByText('受付を停止しても、今の会員の自動更新はそのまま続きます。')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'ファンクラブを作成する' }));
    expect(await screen.findByText(`ファンクラブ名を${F.nameMax}文字以内で入力してください。`)).toBeTruthy();
    expect(screen.getByText('月額料金は100から50,000キノコの間で入力してください。')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));

    fireEvent.change(name, { target: { value: 'さくらの部屋' } });
    fireEvent.change(screen.getByRole('textbox', { name: /紹介文/ }), {
      target: { value: 'あ'.repeat(F.descriptionMax + 1) },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /会員特典/ }), {
      target: { value: 'あ'.repeat(F.benefitsMax + 1) },
    });
    fireEvent.change(price, { target: { value: String(F.priceMax + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'ファンクラブを作成する' }));
    expect(await screen.findByText(`紹介文は${F.descriptionMax}文字以内で入力してください。`)).toBeTruthy();
    expect(screen.getByText(`特典は${F.benefitsMax}文字以内で入力してください。`)).toBeTruthy();
    expect(screen.getByText('月額料金は100から50,000キノコの間で入力してください。')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('POST'))).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /紹介文/ }), { target: { value: '写真と日記' } });
    fireEvent.change(screen.getByRole('textbox', { name: /会員特典/ }), { target: { value: '' } });
    fireEvent.change(price, { target: { value: '500' } });
    fireEvent.click(open);
    fireEvent.click(screen.getByRole('button', { name: 'ファンクラブを作成する' }));
    expect(await screen.findByText('ファンクラブを作成しました。')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /fanclub/setting')?.body).toEqual({
      name: 'さくらの部屋',
      description: '写真と日記',
      benefits: '',
      price: 500,
      is_open: false,
    });
    // Created: the summary, the posts' entry and the (empty) member list replace the empty state.
    expect((await screen.findByTestId('fanclub-price')).textContent).toBe('500キノコ／月');
    expect(screen.getByText('停止中')).toBeTruthy();
    expect(screen.getByRole('link', { name: '投稿を管理する' }).getAttribute('href')).toBe(
      '/ja/home/fanclub/posts',
    );
    expect(await screen.findByText('まだ会員はいません。')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'ファンクラブはまだありません' })).toBeNull();
  });

  it('[ja] shows the summary, the members with their labels, "more", and the links', async () => {
    const calls = serve(fanclub(), {
      'GET /fanclub/members/me': (_b, q) =>
        jsonResponse({
          status: 200,
          body: q.get('cursor')
            ? page([row(3, { status: 'ended', renews_on: null, auto_renew: false, months_paid: 5 })], null)
            : page(
                [
                  row(1),
                  row(2, {
                    status: 'past_due',
                    auto_renew: true,
                    fan: { id: 'x', nickname: null, avatar_url: null },
                  }),
                ],
                'c-next',
              ),
        }),
    });
    renderApp('/ja/home/fanclub');
    expect((await screen.findByTestId('fanclub-members')).textContent).toBe('12人');
    expect(screen.getByTestId('fanclub-price').textContent).toBe('1,500キノコ／月');
    expect(screen.getByText('受付中')).toBeTruthy();
    expect((await screen.findByTestId('fanclub-auto-off')).textContent).toBe('1人');
    expect(screen.getByTestId('fanclub-past-due').textContent).toBe('2人');
    const list = screen.getByRole('list', { name: '会員一覧' });
    const rows = within(list).getAllByTestId('fanclub-member');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('ファン1');
    expect(rows[0]?.textContent).toContain('有効');
    expect(rows[0]?.textContent).toContain('入会日2026年10月15日');
    expect(rows[0]?.textContent).toContain('次回更新日2026年12月15日(火)');
    expect(rows[0]?.textContent).toContain('自動更新オン');
    expect(rows[0]?.textContent).toContain('支払い済み2か月');
    expect(rows[1]?.textContent).toContain('退会したユーザー');
    expect(rows[1]?.textContent).toContain('支払い保留中');

    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }));
    await waitFor(() => expect(within(list).getAllByTestId('fanclub-member')).toHaveLength(3));
    const ended = within(list).getAllByTestId('fanclub-member')[2];
    expect(ended?.textContent).toContain('終了');
    expect(ended?.textContent).toContain('次回更新日なし');
    expect(ended?.textContent).toContain('自動更新オフ');
    expect(ended?.textContent).toContain('支払い済み5か月');
    expect(
      calls.filter((c) => c.path === 'GET /fanclub/members/me').map((c) => c.query.get('cursor')),
    ).toEqual([null, 'c-next']);
    expect(screen.queryByRole('button', { name: 'さらに表示' })).toBeNull();

    expect(screen.getByRole('link', { name: '投稿を管理する' }).getAttribute('href')).toBe(
      '/ja/home/fanclub/posts',
    );
    expect(screen.getByRole('link', { name: 'バックナンバーの再閲覧の設定' }).getAttribute('href')).toBe(
      '/ja/mypage/businessSetting/base',
    );
    expect(screen.getByText(/以前に支払った月の会員限定投稿をもう一度見られるかどうか/)).toBeTruthy();
    // The form holds the saved values.
    expect((screen.getByRole('textbox', { name: /ファンクラブ名/ }) as HTMLInputElement).value).toBe(
      'さくらの部屋',
    );
    expect((screen.getByRole('spinbutton', { name: /月額料金/ }) as HTMLInputElement).value).toBe('1500');
  });

  it('[en] edits the settings; a server refusal lands on its field; the counts say when they are partial', async () => {
    let refuse = true;
    const calls = serve(fanclub({ members: 1 }), {
      'GET /fanclub/members/me': () =>
        jsonResponse({
          status: 200,
          body: {
            ...page([row(1)], null, false),
            counts: { members: 1, auto_renew_off: 1, past_due: 0, complete: false },
          },
        }),
      'POST /fanclub/setting': (body) => {
        if (refuse) {
          refuse = false;
          return jsonResponse({
            status: 422,
            body: { code: 'validation', issues: [{ path: 'name', message: 'validation.fanclubName' }] },
          });
        }
        return jsonResponse({ status: 200, body: { fanclub: fanclub({ ...(body as object), members: 1 }) } });
      },
    });
    renderApp('/en/home/fanclub');
    expect((await screen.findByTestId('fanclub-members')).textContent).toBe('1 member');
    expect(screen.getByTestId('fanclub-price').textContent).toBe('1,500 mushrooms / month');
    expect((await screen.findByTestId('fanclub-auto-off')).textContent).toBe('1 member');
    expect(screen.getByTestId('fanclub-past-due').textContent).toBe('0 members');
    expect(
      screen.getByText(
        `Auto-renewal off and payment pending count only the first ${F.memberCountMax.toLocaleString('en-US')} current members.`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Fan club settings' })).toBeTruthy();
    const price = screen.getByRole('spinbutton', { name: /Monthly price \(mushrooms\)/ });
    fireEvent.change(price, { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a monthly price from 100 to 50,000 mushrooms.')).toBeTruthy();
    fireEvent.change(price, { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Enter a fan club name of at most ${F.nameMax} characters.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your fan club settings have been saved.')).toBeTruthy();
    expect(
      calls.filter((c) => c.path === 'POST /fanclub/setting').map((c) => (c.body as { price: number }).price),
    ).toEqual([2000, 2000]);
    expect((await screen.findByTestId('fanclub-price')).textContent).toBe('2,000 mushrooms / month');
    expect(screen.getByRole('switch', { name: 'Accept new members' })).toBeTruthy();
    expect(screen.getByText('When paused, current members keep renewing automatically.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage posts' }).getAttribute('href')).toBe(
      '/en/home/fanclub/posts',
    );
    expect(screen.getByRole('link', { name: 'Back-number re-view setting' }).getAttribute('href')).toBe(
      '/en/mypage/businessSetting/base',
    );
  });
});
