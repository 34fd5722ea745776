import type { CartResponse } from '@app/shared/schemas/shop';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse, type stubBoundary } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';

const A = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const B = '01BX5ZZKBKACTAV9WEVGEMMVRY';

const balance = (mushroom: number) => ({
  mushroom,
  leaf: 0,
  original: 0,
  total: mushroom,
  nearest_expiry: null,
  expiring_soon: null,
});

const card = (id: string, name: string, type: 'photo' | 'physical') => ({
  id,
  name,
  item_type: type,
  thumbnail: null,
  price: 500,
  points: 50,
  status: 'published' as const,
  sale_state: 'on_sale' as const,
  stock_label: null,
  remaining: null,
  is_public: true,
  pinned: false,
  sensitive: false,
  open_at: '2026-01-01T00:00:00.000Z',
  close_at: null,
});

const creator = { id: 'c1', username: 'sakura', nickname: '桜井さくら' };

const cart = (over: Partial<CartResponse> = {}): CartResponse => ({
  lines: [
    {
      item: card(A, 'チェキ', 'physical'),
      creator,
      quantity: 2,
      max_quantity: 10,
      points: 100,
      refusal: null,
    },
    { item: card(B, '写真集', 'photo'), creator, quantity: 1, max_quantity: 1, points: 50, refusal: null },
  ],
  total_points: 150,
  balance: balance(300),
  original_points: { c1: 0 },
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
    if (!handler) return jsonResponse({ status: 200, body: {} });
    return handler(body);
  });
  return calls;
}

const ok = (body: unknown) => () => jsonResponse({ status: 200, body });

function renderCart() {
  render(
    <I18nextProvider i18n={createI18n('ja')}>
      <RouterProvider router={createMemoryRouter(routes(), { initialEntries: ['/ja/mypage/cart'] })} />
    </I18nextProvider>,
  );
}

describe('/mypage/cart', () => {
  const fetchMock = prepareScreenTest({ signIn: ['f1', 4] });

  it('changes a quantity and removes a line', async () => {
    const one = cart().lines[1];
    const calls = serve(fetchMock, {
      '/mypage/cart': [
        ok(cart()),
        ok(
          cart({
            lines: cart().lines.map((l) => (l.item.id === A ? { ...l, quantity: 3, points: 150 } : l)),
            total_points: 200,
          }),
        ),
      ],
      '/mypage/cart/delete': ok(cart({ lines: one ? [one] : [], total_points: 50 })),
    });
    renderCart();
    fireEvent.change(await screen.findByLabelText('数量'), { target: { value: '3' } });
    expect(await screen.findByText('数量を変更しました。')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('200ポイント');
    fireEvent.click(screen.getByRole('button', { name: '「チェキ」をカートから削除' }));
    expect(await screen.findByText('カートから削除しました。')).toBeTruthy();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(calls.filter((c) => c.body !== undefined).map((c) => [c.path, c.body])).toEqual([
      ['/mypage/cart', { item_id: A, quantity: 3 }],
      ['/mypage/cart/delete', { item_id: A }],
    ]);
  });

  it('checks out every line after the confirmation, all or nothing', async () => {
    const calls = serve(fetchMock, {
      '/mypage/cart': ok(cart()),
      '/mypage/cart/checkout': [
        () => jsonResponse({ status: 409, body: { code: 'item_sold_out', message: 'errors.itemSoldOut' } }),
        ok({
          order_id: 'o',
          line_ids: [A, B],
          points: 150,
          parts: [],
          balance: balance(150),
          replayed: false,
        }),
      ],
    });
    renderCart();
    fireEvent.click(await screen.findByRole('checkbox', { name: '利用規約に同意します' }));
    fireEvent.click(screen.getByRole('button', { name: '購入内容の確認へ進む' }));
    let confirm = await screen.findByRole('region', { name: 'カートの購入内容の確認' });
    expect(within(confirm).getByTestId('confirm-after').textContent).toMatch(/150/);
    fireEvent.click(within(confirm).getByRole('button', { name: '購入を確定する' }));
    // Refused (a line sold out meanwhile): back at the lines with the reason, nothing bought.
    expect(await screen.findByText('この商品は売り切れです。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '購入内容の確認へ進む' }));
    confirm = await screen.findByRole('region', { name: 'カートの購入内容の確認' });
    fireEvent.click(within(confirm).getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText('2点の商品を購入しました（150ポイント）。')).toBeTruthy();
    const sent = calls
      .filter((c) => c.path === '/mypage/cart/checkout')
      .map((c) => c.body as Record<string, unknown>);
    expect(sent[0]).toMatchObject({ use_original_points: false, agree_terms: true, expected_points: 150 });
    // A definitive refusal: the next try is a new purchase.
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it('blocks the checkout while a line cannot be bought, and sends a short balance to the store', async () => {
    serve(fetchMock, {
      '/mypage/cart': ok(
        cart({
          lines: cart().lines.map((l) => (l.item.id === B ? { ...l, refusal: 'item_sale_ended' } : l)),
          balance: balance(100),
        }),
      ),
    });
    renderCart();
    expect((await screen.findByTestId('line-refusal')).textContent).toBe(
      'この商品の販売期間は終了しました。',
    );
    expect(screen.getByText('購入できない商品があります。削除するか数量を変えてください。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '不足分のキノコ（50個）を購入する' }).getAttribute('href')).toBe(
      `/ja/store?amount=50&next=${encodeURIComponent('/mypage/cart')}`,
    );
  });
});
