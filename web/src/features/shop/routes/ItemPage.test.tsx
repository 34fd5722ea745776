import type { ShopItemView } from '@app/shared/schemas/shop';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse, type stubBoundary } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { signInForTest } from '../../../test/session.ts';
import { saveFlow } from '../purchase-plan.ts';

const ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const LINE = '01BX5ZZKBKACTAV9WEVGEMMVRY';

const balance = (mushroom: number) => ({
  mushroom,
  leaf: 0,
  original: 0,
  total: mushroom,
  nearest_expiry: null,
  expiring_soon: null,
});

const item = (over: Partial<ShopItemView> = {}): ShopItemView => ({
  id: ID,
  creator: { id: 'c1', username: 'sakura', nickname: '桜井さくら', profile_image: null },
  shop: {
    shop_name: 'さくらの写真館',
    disclosure_mode: 'full',
    disclosure: {
      seller: '桜井さくら',
      representative: '',
      address: '東京都',
      phone: '',
      email: '',
      note: '',
    },
  },
  item_type: 'physical',
  name: 'チェキ',
  description: 'サイン入り',
  price: 800,
  points: 80,
  thumbnail: '/media/t/full.webp',
  samples: [{ url: '/media/s/full.webp', thumb: '/media/s/thumb.webp' }],
  contents: { images: 0, zip: false, video: false },
  sale_state: 'on_sale',
  stock_label: null,
  remaining: null,
  max_quantity: 10,
  sensitive: false,
  open_at: '2026-01-01T00:00:00.000Z',
  close_at: null,
  viewer: { balance: balance(200), original_points: 50, owned_line_id: null, in_cart: 0, refusal: null },
  ...over,
});

type Handler = (body: unknown) => Response;

function serve(fetchMock: ReturnType<typeof stubBoundary>, handlers: Record<string, Handler | Handler[]>) {
  const calls: { path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path =
      String(input)
        .replace(/^\/api/, '')
        .split('?')[0] ?? '';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const h = handlers[path];
    const handler = Array.isArray(h) ? h.shift() : h;
    if (!handler) throw new Error(`unexpected ${path}`);
    return handler(body);
  });
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes(), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={createI18n('ja')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const ok = (body: unknown) => () => jsonResponse({ status: 200, body });

describe('/shop/item/{id}', () => {
  const fetchMock = prepareScreenTest();

  it('asks a guest to log in and come back to the item', async () => {
    serve(fetchMock, { [`/shop/item/${ID}`]: ok(item({ viewer: null })) });
    renderAt(`/ja/shop/item/${ID}`);
    expect(await screen.findByRole('heading', { name: 'チェキ' })).toBeTruthy();
    expect(screen.getByText('商品を購入するにはログインしてください。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ログインして購入する' }).getAttribute('href')).toBe(
      `/ja/user/login?next=${encodeURIComponent(`/shop/item/${ID}`)}`,
    );
    // The disclosure, with the creator's fields.
    expect(screen.getByText('特定商取引法に基づく表記')).toBeTruthy();
    expect(screen.getByText('東京都')).toBeTruthy();
  });

  it('tells a creator that creator accounts cannot buy', async () => {
    signInForTest('c2', 2);
    serve(fetchMock, {
      [`/shop/item/${ID}`]: ok(
        item({
          viewer: {
            balance: balance(0),
            original_points: 0,
            owned_line_id: null,
            in_cart: 0,
            refusal: 'creator_purchase',
          },
        }),
      ),
    });
    renderAt(`/ja/shop/item/${ID}`);
    expect(await screen.findByText(/クリエイターアカウントでは購入できません/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '購入手続きへ進む' })).toBeNull();
  });

  it('tells an operator it cannot buy, not to log in (its token reads the item as a guest’s)', async () => {
    signInForTest('op1', 3);
    serve(fetchMock, { [`/shop/item/${ID}`]: ok(item({ viewer: null })) });
    renderAt(`/ja/shop/item/${ID}`);
    expect(await screen.findByText(/クリエイターアカウントでは購入できません/)).toBeTruthy();
    expect(screen.queryByText('商品を購入するにはログインしてください。')).toBeNull();
    expect(screen.queryByRole('link', { name: 'ログインして購入する' })).toBeNull();
    expect(screen.queryByRole('button', { name: '購入手続きへ進む' })).toBeNull();
  });

  it("shows the server's refusal (an under-18 buyer of a sensitive item) and disables buying", async () => {
    signInForTest('f1', 4);
    serve(fetchMock, {
      [`/shop/item/${ID}`]: ok(
        item({
          sensitive: true,
          viewer: {
            balance: balance(500),
            original_points: 0,
            owned_line_id: null,
            in_cart: 0,
            refusal: 'item_sensitive_minor',
          },
        }),
      ),
    });
    renderAt(`/ja/shop/item/${ID}`);
    expect((await screen.findByTestId('refusal')).textContent).toMatch(/18歳以上の方のみ/);
    expect(screen.getByRole('button', { name: '購入手続きへ進む' })).toHaveProperty('disabled', true);
  });

  it('buys through the confirmation with original points first, one key for a retry after a network failure', async () => {
    signInForTest('f1', 4);
    const done = {
      order_id: 'o1',
      line_ids: [LINE],
      points: 160,
      parts: [],
      balance: balance(90),
      replayed: false,
    };
    const calls = serve(fetchMock, {
      [`/shop/item/${ID}`]: ok(item()),
      '/shop/purchase/point': [
        () => {
          throw new TypeError('network down');
        },
        ok(done),
      ],
    });
    renderAt(`/ja/shop/item/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: '購入手続きへ進む' }));
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /オリジナルポイントを先に使う/ }));
    expect(screen.getByTestId('flow-total').textContent).toBe('160ポイント');
    fireEvent.click(screen.getByRole('button', { name: '購入内容の確認へ進む' }));
    expect(await screen.findByText('利用規約に同意してください。')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '利用規約に同意します' }));
    fireEvent.click(screen.getByRole('button', { name: '購入内容の確認へ進む' }));
    const confirm = await screen.findByRole('region', { name: 'ご購入内容の確認' });
    expect(within(confirm).getByTestId('confirm-fromOriginal').textContent).toMatch(/50ポイント/);
    expect(within(confirm).getByTestId('confirm-fromMushroom').textContent).toMatch(/110ポイント/);
    expect(within(confirm).getByTestId('confirm-after').textContent).toMatch(/90/);
    fireEvent.click(within(confirm).getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText(/二重に購入されることはありません/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText('購入が完了しました')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ライブラリで見る' }).getAttribute('href')).toBe(
      `/ja/library/${LINE}`,
    );
    const sent = calls
      .filter((c) => c.path === '/shop/purchase/point')
      .map((c) => c.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      item_id: ID,
      amount: 2,
      payment_method: 'point',
      use_original_points: true,
      agree_terms: true,
      expected_points: 160,
    });
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('sends a short balance to the store for the shortfall, and restores the flow on return', async () => {
    signInForTest('f1', 4);
    serve(fetchMock, {
      [`/shop/item/${ID}`]: ok(
        item({
          viewer: {
            balance: balance(30),
            original_points: 0,
            owned_line_id: null,
            in_cart: 0,
            refusal: null,
          },
        }),
      ),
    });
    const router = renderAt(`/ja/shop/item/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: '購入手続きへ進む' }));
    expect(screen.getByText('ポイントが50ポイント不足しています。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '不足分のキノコ（50個）を購入する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ja/store'));
    expect(router.state.location.search).toBe(`?amount=50&next=${encodeURIComponent(`/shop/item/${ID}`)}`);
    cleanup();

    // Back with the mushrooms: the flow opens where it was.
    serve(fetchMock, {
      [`/shop/item/${ID}`]: ok(
        item({
          viewer: {
            balance: balance(200),
            original_points: 0,
            owned_line_id: null,
            in_cart: 0,
            refusal: null,
          },
        }),
      ),
    });
    saveFlow(ID, { quantity: 2, useOriginal: false, agreed: true });
    renderAt(`/ja/shop/item/${ID}`);
    expect(await screen.findByText('キノコを購入しました。購入手続きを続けてください。')).toBeTruthy();
    expect((screen.getByLabelText('数量') as HTMLSelectElement).value).toBe('2');
    expect(screen.getByRole('checkbox', { name: '利用規約に同意します' })).toHaveProperty('checked', true);
  });

  it('offers the library for an item already bought, and not-found for an unknown item', async () => {
    signInForTest('f1', 4);
    serve(fetchMock, {
      [`/shop/item/${ID}`]: [
        ok(
          item({
            viewer: {
              balance: balance(0),
              original_points: 0,
              owned_line_id: LINE,
              in_cart: 0,
              refusal: 'item_owned',
            },
          }),
        ),
        () => jsonResponse({ status: 404, body: { code: 'item_not_found', message: 'errors.itemNotFound' } }),
      ],
    });
    renderAt(`/ja/shop/item/${ID}`);
    expect((await screen.findByRole('link', { name: 'ライブラリで見る' })).getAttribute('href')).toBe(
      `/ja/library/${LINE}`,
    );
    cleanup();
    renderAt(`/ja/shop/item/${ID}`);
    expect(await screen.findByRole('heading', { name: '商品が見つかりません' })).toBeTruthy();
    cleanup();
    renderAt('/ja/shop/item/not-an-item');
    expect(await screen.findByRole('heading', { name: '商品が見つかりません' })).toBeTruthy();
  });
});
