import { businessConfig } from '@app/shared/config';
import type { BusinessSettingsView, MypageResponse } from '@app/shared/schemas/mypage';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp, serveApi } from '../../test/serve.tsx';
import { signInForTest } from '../../test/session.ts';

const C = businessConfig.chat;
const CREATOR = 2;
const FAN = 4;

const business = (over: Partial<BusinessSettingsView> = {}): BusinessSettingsView => ({
  chat_cost: 3,
  chat_cost_next: { cost: 8, from: '2026-11-25' },
  cost_update_time: '00:00',
  chat_locked: false,
  reject_free_points: true,
  allow_back_number_review: false,
  invoice_number: null,
  ...over,
});

const account = (roleId: number, b: BusinessSettingsView | null): MypageResponse => ({
  profile: {
    id: 'me',
    role_id: roleId,
    username: 'sakura',
    nickname: 'さくら',
    genre: null,
    bio: null,
    area: 0,
    profile_image: null,
    background_image: null,
    is_anonymous_open_log: false,
    is_hide_supporter_ranking: false,
  },
  user: null,
  bank: null,
  email: null,
  step: 3,
  final_step: roleId === FAN ? 2 : 3,
  setup_complete: true,
  bank_skipped: false,
  business: b,
  cast_of: null,
  password_change_required: false,
});

describe('/mypage/businessSetting', () => {
  const fetchMock = prepareScreenTest();

  const serve = (roleId: number, b: BusinessSettingsView | null, post?: (body: unknown) => Response) => {
    signInForTest('me', roleId);
    return serveApi(fetchMock, {
      'GET /chatroom/list': () =>
        jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
      'GET /mypage': () => jsonResponse({ status: 200, body: account(roleId, b) }),
      ...(post ? { 'POST /mypage/business-setting': post } : {}),
    });
  };

  it('[ja] opens the basic tab: today’s price, tomorrow’s with its date and time, the flags, the invoice number', async () => {
    serve(CREATOR, business({ invoice_number: 'T7000012050002' }));
    const router = renderApp('/ja/mypage/businessSetting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/mypage/businessSetting/base'));
    expect((await screen.findByTestId('cost-today')).textContent).toBe('1通 3キノコ');
    const next = screen.getByTestId('cost-next').parentElement as HTMLElement;
    expect(next.textContent).toContain('2026年11月25日(水) 00:00から');
    expect(next.textContent).toContain('1通 8キノコ');
    const cost = screen.getByRole('spinbutton', { name: '1通あたりの料金（キノコ）' }) as HTMLInputElement;
    expect(cost.value).toBe('8');
    expect([cost.min, cost.max]).toEqual([String(C.minimumCostMushrooms), String(C.maximumCostMushrooms)]);
    expect(
      (screen.getByRole('checkbox', { name: '無料ポイントを受け付けない' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: '有料チャットを停止する' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'バックナンバーの再閲覧を許可する' })).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: '適格請求書発行事業者の登録番号' }) as HTMLInputElement).value,
    ).toBe('T7000012050002');
    const tabs = screen.getByRole('navigation', { name: 'ビジネス設定のメニュー' });
    expect(within(tabs).getByRole('link', { name: 'ショップ設定' }).getAttribute('href')).toBe(
      '/ja/mypage/businessSetting/shop',
    );
  });

  it('[en] a price out of range says the range and sends nothing; a valid one is sent and shown as tomorrow’s', async () => {
    const calls = serve(CREATOR, business({ chat_cost_next: null }), (body) =>
      jsonResponse({
        status: 200,
        body: business({
          chat_cost_next: { cost: (body as { chat_cost: number }).chat_cost, from: '2026-11-25' },
          invoice_number: 'T7000012050002',
        }),
      }),
    );
    renderApp('/en/mypage/businessSetting/base');
    expect((await screen.findByTestId('cost-next')).textContent).toBe('No price change is scheduled.');
    const cost = screen.getByRole('spinbutton', { name: 'Price per message (mushrooms)' });
    fireEvent.change(cost, { target: { value: String(C.maximumCostMushrooms + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        `Enter a whole number of mushrooms from ${C.minimumCostMushrooms} to ${C.maximumCostMushrooms.toLocaleString('en-US')}.`,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(cost));
    expect(calls.filter((c) => c.path.startsWith('POST'))).toEqual([]);

    fireEvent.change(cost, { target: { value: '12' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Qualified invoice issuer registration number' }), {
      target: { value: 'Ｔ７０００-０１２０-５０００２' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your settings have been saved.')).toBeTruthy();
    const post = calls.find((c) => c.path === 'POST /mypage/business-setting');
    expect(post?.body).toEqual({
      chat_cost: 12,
      chat_locked: false,
      reject_free_points: true,
      allow_back_number_review: false,
      invoice_number: 'T7000012050002',
    });
    expect(screen.getByTestId('cost-next').parentElement?.textContent).toContain(
      'From Wed, Nov 25, 2026 00:00',
    );
    expect(screen.getByTestId('cost-next').textContent).toBe('12 mushrooms per message');
    expect(screen.getByTestId('cost-today').textContent).toBe('3 mushrooms per message');
  });

  it('[ja] a wrong invoice number is refused on its field, before sending', async () => {
    const calls = serve(CREATOR, business());
    renderApp('/ja/mypage/businessSetting/base');
    const invoice = await screen.findByRole('textbox', { name: '適格請求書発行事業者の登録番号' });
    fireEvent.change(invoice, { target: { value: 'T7000012050003' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(
      await screen.findByText('登録番号は「T」と13桁の数字で、正しい番号を入力してください。'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('POST'))).toEqual([]);
  });

  it('[ja] the shop tab saves the shop name and the 特定商取引法 disclosure; the seller is needed to show it', async () => {
    const shop = {
      shop_name: null,
      disclosure_mode: 'on_request',
      disclosure: { seller: '', representative: '', address: '', phone: '', email: '', note: '' },
    };
    signInForTest('me', CREATOR);
    const calls = serveApi(fetchMock, {
      'GET /chatroom/list': () =>
        jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
      'GET /mypage': () => jsonResponse({ status: 200, body: account(CREATOR, business()) }),
      'GET /item/setting': () =>
        jsonResponse({
          status: 200,
          body: {
            drafts: 0,
            draft_limit: 10,
            pinned: 0,
            pinned_limit: 3,
            sample_limit: 5,
            images_limit: 30,
            price_min: 100,
            price_max: 1_000_000,
            price_unit: 10,
            stock_max: 99_999,
            shop,
          },
        }),
      'POST /mypage/business-setting/shop': (body) => jsonResponse({ status: 200, body }),
    });
    renderApp('/ja/mypage/businessSetting/shop');
    const name = await screen.findByRole('textbox', { name: 'ショップ名' });
    fireEvent.change(name, { target: { value: 'きのこ商店' } });
    fireEvent.click(screen.getByRole('radio', { name: '以下の内容を商品ページに表示する' }));
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('必須項目です。')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('POST'))).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /販売事業者名/ }), {
      target: { value: '山田 太郎' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /所在地/ }), {
      target: { value: '東京都千代田区1-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('ショップ設定を保存しました。')).toBeTruthy();
    expect(calls.find((c) => c.path === 'POST /mypage/business-setting/shop')?.body).toEqual({
      shop_name: 'きのこ商店',
      disclosure_mode: 'full',
      disclosure: { ...shop.disclosure, seller: '山田 太郎', address: '東京都千代田区1-1' },
    });
  });

  it('[ja] fans are told the screen is for creators', async () => {
    serve(FAN, null);
    renderApp('/ja/mypage/businessSetting/base');
    expect(
      await screen.findByText('ビジネス設定はクリエイター・オーナーのアカウントでご利用いただけます。'),
    ).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('[ja] the account screen links creators to business settings, income, the shop, the fan club, broadcasts, withdrawals and sales status; fans see none', async () => {
    serve(CREATOR, business());
    renderApp('/ja/mypage/account');
    const nav = await screen.findByRole('navigation', { name: 'ビジネス' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['ビジネス設定', '/ja/mypage/businessSetting'],
      ['収益', '/ja/mypage/incomes'],
      ['ショップ管理', '/ja/home/shop'],
      ['ファンクラブ管理', '/ja/home/fanclub'],
      ['予約配信', '/ja/home/broadcasting/reserve'],
      ['トリガー配信', '/ja/home/broadcasting/trigger'],
      ['出金', '/ja/mypage/account/withdraw'],
      ['販売状況', '/ja/home/shop/sales-status'],
    ]);
  });

  it('[ja] fans’ account screen has no business links', async () => {
    serve(FAN, null);
    renderApp('/ja/mypage/account');
    await screen.findByRole('navigation', { name: 'ポイントとプロフィール' });
    expect(screen.queryByRole('navigation', { name: 'ビジネス' })).toBeNull();
  });
});
