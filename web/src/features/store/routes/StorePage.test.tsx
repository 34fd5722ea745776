import { businessConfig } from '@app/shared/config';
import type { CardView, StoreResponse } from '@app/shared/schemas/store';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router.tsx';
import { createI18n } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query.ts';
import { jsonResponse, type stubBoundary } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';

const P = businessConfig.points;

const balance = (mushroom: number) => ({
  mushroom,
  leaf: 0,
  original: 0,
  total: mushroom,
  nearest_expiry: null,
  expiring_soon: null,
});

const store = (over: Partial<StoreResponse> = {}): StoreResponse => ({
  packs: P.storePacks.map((m) => ({ mushrooms: m, price: m * P.yenPerMushroom })),
  min: P.purchaseMinMushrooms,
  max: P.purchaseMaxMushrooms,
  yen_per_mushroom: P.yenPerMushroom,
  tax_rate: P.consumptionTaxRate,
  balance: balance(0),
  remaining_yen: { day: P.dailyYenCap, month: null },
  can_purchase: true,
  registration_complete: true,
  customer_id: 'cust-1',
  square: { environment: 'local', application_id: 'app', location_id: 'loc' },
  ...over,
});

const visa: CardView = {
  id: 'card-1',
  brand: 'VISA',
  last4: '1111',
  exp_month: 12,
  exp_year: 2030,
  cardholder_name: null,
};

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

function renderAt(path: string, state?: unknown) {
  const i18n = createI18n('ja');
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider
        router={createMemoryRouter(routes(), {
          initialEntries: [
            {
              pathname: path.split('?')[0],
              search: path.includes('?') ? `?${path.split('?')[1]}` : '',
              state,
            },
          ],
        })}
      />
    </I18nextProvider>,
  );
}

describe('/store', () => {
  const fetchMock = prepareScreenTest({ signIn: ['p1', 4] });

  const paid = {
    payment_id: 'pay-1',
    state: 'completed',
    mushrooms: 300,
    price: 3000,
    paid_at: '2026-11-21T06:00:00.000Z',
    expires_at: '2027-05-20T06:00:00.000Z',
    balance: balance(300),
  };

  async function confirmPack300() {
    fireEvent.click(await screen.findByRole('radio', { name: /キノコ 300個/ }));
    // The cards load after the store; the first one is then selected.
    const visaRadio = await screen.findByRole('radio', { name: /Visa •••• 1111/ });
    await waitFor(() => expect(visaRadio).toHaveProperty('checked', true));
    fireEvent.click(screen.getByRole('button', { name: '購入内容の確認へ進む' }));
    expect(await screen.findByText('利用規約に同意してください。')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /同意します/ }));
    fireEvent.click(screen.getByRole('button', { name: '購入内容の確認へ進む' }));
    return screen.findByRole('region', { name: 'ご購入内容の確認' });
  }

  const payments = (calls: { path: string; body: unknown }[]) =>
    calls.filter((c) => c.path === '/square/create-payment').map((c) => c.body as { uuid: string });

  /** What the API answers when Square gave no answer: the charge may exist. */
  const unknownOutcome = () =>
    jsonResponse({
      status: 402,
      body: { code: 'card_network', message: 'errors.cardNetwork', params: { outcome: 'unknown' } },
    });

  it('confirms what is bought, retries an unknown outcome with the same key and shows the new balance', async () => {
    const calls = serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store() }),
      '/square/cards': () => jsonResponse({ status: 200, body: { cards: [visa] } }),
      '/square/create-payment': [unknownOutcome, () => jsonResponse({ status: 200, body: paid })],
    });
    renderAt('/ja/store');
    const confirm = await confirmPack300();
    expect(within(confirm).getByText('300個')).toBeTruthy();
    expect(within(confirm).getByText('3,000円（税込）')).toBeTruthy();
    expect(within(confirm).getByText('（うち消費税 272円）')).toBeTruthy();
    expect(within(confirm).getByText('Visa •••• 1111')).toBeTruthy();
    expect(within(confirm).getByText(/購入日から180日間/)).toBeTruthy();
    expect(within(confirm).getByText(/キャンセル・返金できません/)).toBeTruthy();
    expect(within(confirm).getByRole('link', { name: /特定商取引法に基づく表記/ })).toBeTruthy();

    fireEvent.click(within(confirm).getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText(/通信エラーが発生しました。接続をご確認/)).toBeTruthy();
    expect(screen.getByText(/二重に請求されることはありません/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'ご購入内容の確認' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText('お支払いが完了しました')).toBeTruthy();
    expect(screen.getByTestId('mushroom-balance').textContent).toBe('300');

    const sent = payments(calls);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      customerId: 'cust-1',
      sourceId: 'card-1',
      price: 3000,
      amount: 300,
    });
    expect(sent[1]?.uuid).toBe(sent[0]?.uuid);
  });

  it('offers the way back to the chat the store was opened from, and only that', async () => {
    serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store() }),
      '/square/cards': () => jsonResponse({ status: 200, body: { cards: [visa] } }),
      '/square/create-payment': () => jsonResponse({ status: 200, body: paid }),
    });
    renderAt('/ja/store', { returnTo: '/ja/chatroom/sakura' });
    fireEvent.click(within(await confirmPack300()).getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText('お支払いが完了しました')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'チャットに戻る' }).getAttribute('href')).toBe(
      '/ja/chatroom/sakura',
    );
    cleanup();
    queryClient.clear();
    // Anything but a chat room's path is not offered.
    renderAt('/ja/store', { returnTo: 'https://example.com/chatroom/x' });
    fireEvent.click(within(await confirmPack300()).getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText('お支払いが完了しました')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'チャットに戻る' })).toBeNull();
  });

  it('preselects ?amount= and goes back to the ?next= page of this site (only this site)', async () => {
    serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store() }),
      '/square/cards': () => jsonResponse({ status: 200, body: { cards: [visa] } }),
      '/square/create-payment': () => jsonResponse({ status: 200, body: paid }),
    });
    renderAt('/ja/store?amount=37&next=%2Fen%2Fshop%2Fitem%2F01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(await screen.findByDisplayValue('37')).toBeTruthy();
    fireEvent.click(within(await confirmPack300()).getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText('お支払いが完了しました')).toBeTruthy();
    // The path comes back without its language prefix, in the page's language.
    expect(screen.getByRole('link', { name: '元のページに戻る' }).getAttribute('href')).toBe(
      '/ja/shop/item/01ARZ3NDEKTSV4RRFFQ69G5FAV',
    );
    cleanup();
    queryClient.clear();
    renderAt('/ja/store?amount=3&next=%2F%2Fevil.example%2Fx');
    // Below the minimum: raised to it.
    expect(await screen.findByDisplayValue(String(P.purchaseMinMushrooms))).toBeTruthy();
    fireEvent.click(within(await confirmPack300()).getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText('お支払いが完了しました')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '元のページに戻る' })).toBeNull();
  });

  it('shows a declined card and makes the next try a new purchase', async () => {
    const declined = () =>
      jsonResponse({ status: 402, body: { code: 'card_declined', message: 'errors.cardDeclined' } });
    const calls = serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store() }),
      '/square/cards': () => jsonResponse({ status: 200, body: { cards: [visa] } }),
      '/square/create-payment': [declined, declined],
    });
    renderAt('/ja/store');
    const confirm = await confirmPack300();
    const buy = within(confirm).getByRole('button', { name: '購入を確定する' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    expect(await screen.findByText(/カードが承認されませんでした/)).toBeTruthy();
    expect(payments(calls)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '購入を確定する' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: '購入を確定する' }));
    await waitFor(() => expect(payments(calls)).toHaveLength(2));
    const [first, second] = payments(calls);
    expect(second?.uuid).not.toBe(first?.uuid);
    expect(screen.queryByText('お支払いが完了しました')).toBeNull();
  });

  const paymentPending = () =>
    jsonResponse({
      status: 409,
      body: { code: 'payment_pending', message: 'errors.paymentPending', params: { outcome: 'unknown' } },
    });
  const lostConnection = (): Response => {
    throw new TypeError('Failed to fetch');
  };
  const gatewayError = () => jsonResponse({ status: 502, body: { message: 'Bad Gateway' } });
  const squareNetworkRefusal = () =>
    jsonResponse({ status: 402, body: { code: 'card_network', message: 'errors.cardNetwork' } });
  const expired = () =>
    jsonResponse({ status: 402, body: { code: 'card_expired', message: 'errors.cardExpired' } });

  it.each([
    { after: 'a pending payment (outcome unknown)', failure: paymentPending, sameKey: true },
    { after: 'a lost connection', failure: lostConnection, sameKey: true },
    { after: 'a 502 without an error body', failure: gatewayError, sameKey: true },
    { after: 'a network error Square answered definitively', failure: squareNetworkRefusal, sameKey: false },
    { after: 'an expired card', failure: expired, sameKey: false },
  ])('after $after, the retry sends the same key: $sameKey', async ({ failure, sameKey }) => {
    const calls = serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store() }),
      '/square/cards': () => jsonResponse({ status: 200, body: { cards: [visa] } }),
      '/square/create-payment': [failure, () => jsonResponse({ status: 200, body: paid })],
    });
    renderAt('/ja/store');
    const confirm = await confirmPack300();
    fireEvent.click(within(confirm).getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText(/二重に請求されることはありません/) !== null).toBe(sameKey);
    fireEvent.click(screen.getByRole('button', { name: '購入を確定する' }));
    expect(await screen.findByText('お支払いが完了しました')).toBeTruthy();
    const [first, second] = payments(calls);
    expect(second?.uuid === first?.uuid).toBe(sameKey);
  });

  describe("with Square's Web Payments SDK (3-D Secure)", () => {
    const sandbox = { environment: 'sandbox', application_id: 'sandbox-app', location_id: 'L1' } as const;
    function fakeSquare(verify: (source: string, details: unknown) => Promise<unknown>) {
      const verifyBuyer = vi.fn(verify);
      const card = {
        attach: vi.fn(async () => {}),
        tokenize: vi.fn(async () => ({ status: 'OK', token: 'cnon:sdk-token' })),
        destroy: vi.fn(async () => true),
      };
      vi.stubGlobal('Square', { payments: () => ({ card: async () => card, verifyBuyer }) });
      return verifyBuyer;
    }

    it('verifies the buyer for the charge of the card on file and sends the token', async () => {
      const verifyBuyer = fakeSquare(async () => ({ token: 'verf:charge', userChallenged: true }));
      const calls = serve(fetchMock, {
        '/store': () => jsonResponse({ status: 200, body: store({ square: sandbox }) }),
        '/square/cards': () =>
          jsonResponse({ status: 200, body: { cards: [{ ...visa, cardholder_name: 'TARO YAMADA' }] } }),
        '/square/create-payment': () => jsonResponse({ status: 200, body: paid }),
      });
      renderAt('/ja/store');
      const confirm = await confirmPack300();
      fireEvent.click(within(confirm).getByRole('button', { name: '購入を確定する' }));
      expect(await screen.findByText('お支払いが完了しました')).toBeTruthy();
      expect(verifyBuyer).toHaveBeenCalledWith('card-1', {
        intent: 'CHARGE',
        amount: '3000',
        currencyCode: 'JPY',
        billingContact: { givenName: 'TARO', familyName: 'YAMADA' },
      });
      expect(payments(calls)[0]).toMatchObject({ sourceId: 'card-1', verificationToken: 'verf:charge' });
    });

    it('charges nothing when the buyer is not verified', async () => {
      fakeSquare(async () => {
        throw new Error('challenge dismissed');
      });
      const calls = serve(fetchMock, {
        '/store': () => jsonResponse({ status: 200, body: store({ square: sandbox }) }),
        '/square/cards': () => jsonResponse({ status: 200, body: { cards: [visa] } }),
      });
      renderAt('/ja/store');
      const confirm = await confirmPack300();
      fireEvent.click(within(confirm).getByRole('button', { name: '購入を確定する' }));
      expect(
        await screen.findByText(/本人認証（3Dセキュア）が完了しなかったため、決済していません/),
      ).toBeTruthy();
      expect(payments(calls)).toHaveLength(0);
    });

    it('verifies the buyer for storing a new card and registers it with the token', async () => {
      const verifyBuyer = fakeSquare(async () => ({ token: 'verf:store', userChallenged: false }));
      const calls = serve(fetchMock, {
        '/store': () => jsonResponse({ status: 200, body: store({ square: sandbox }) }),
        '/square/cards': () => jsonResponse({ status: 200, body: { cards: [] } }),
        '/square/create-card': () => jsonResponse({ status: 200, body: { card: visa } }),
      });
      renderAt('/ja/store');
      fireEvent.click(await screen.findByRole('button', { name: 'カードを追加する' }));
      fireEvent.change(screen.getByLabelText(/カード名義/), { target: { value: 'Hanako Sato' } });
      const submit = screen.getByRole('button', { name: 'このカードを登録する' });
      await waitFor(() => expect(submit).toHaveProperty('disabled', false));
      fireEvent.click(submit);
      expect(await screen.findByText('カードを登録しました。')).toBeTruthy();
      expect(verifyBuyer).toHaveBeenCalledWith('cnon:sdk-token', {
        intent: 'STORE',
        billingContact: { givenName: 'Hanako', familyName: 'Sato' },
      });
      expect(calls.find((c) => c.path === '/square/create-card')?.body).toMatchObject({
        source_id: 'cnon:sdk-token',
        cardholder_name: 'Hanako Sato',
        verification_token: 'verf:store',
      });
    });
  });

  it('registers the first card through a new Square customer with the local test form', async () => {
    const calls = serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store({ customer_id: null }) }),
      '/square/create-customer': () => jsonResponse({ status: 200, body: { customer_id: 'cust-9' } }),
      '/square/create-card': () => jsonResponse({ status: 200, body: { card: visa } }),
      '/square/cards': () => jsonResponse({ status: 200, body: { cards: [visa] } }),
    });
    renderAt('/ja/store');
    expect(await screen.findByText('登録済みのカードはありません。カードを追加してください。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'カードを追加する' }));
    expect(screen.getByText('ローカルテスト環境')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/カード番号/), { target: { value: '4111111111111111' } });
    fireEvent.change(screen.getByLabelText(/有効期限/), { target: { value: '1230' } });
    fireEvent.change(screen.getByLabelText(/セキュリティコード/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'このカードを登録する' }));
    expect(await screen.findByText('カードを登録しました。')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Visa •••• 1111/ })).toHaveProperty('checked', true),
    );
    // No list to read before the customer exists; after the registration the list is read again.
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual([
        '/store',
        '/square/create-customer',
        '/square/create-card',
        '/square/cards',
      ]),
    );
    expect(calls[2]?.body).toMatchObject({ source_id: 'cnon:card-nonce-ok' });
    expect(queryClient.getQueryData<StoreResponse>(['store'])?.customer_id).toBe('cust-9');
  });

  it('checks the local test card form on its fields, focuses the first wrong one, and sends nothing', async () => {
    const calls = serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store() }),
      '/square/cards': () => jsonResponse({ status: 200, body: { cards: [] } }),
    });
    renderAt('/ja/store');
    fireEvent.click(await screen.findByRole('button', { name: 'カードを追加する' }));
    const number = screen.getByLabelText(/カード番号/) as HTMLInputElement;
    fireEvent.change(number, { target: { value: '4111x1111' } });
    expect(number.value).toBe('4111 1111');
    fireEvent.change(screen.getByLabelText(/有効期限/), { target: { value: '0120' } });
    fireEvent.click(screen.getByRole('button', { name: 'このカードを登録する' }));
    expect(await screen.findByText('カード番号を正しく入力してください。')).toBeTruthy();
    expect(screen.getByText('有効期限が過ぎています。')).toBeTruthy();
    expect(screen.getByText('セキュリティコードを3〜4桁の数字で入力してください。')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(number));
    // A test card fills every field: the errors go.
    fireEvent.click(screen.getByRole('button', { name: '4111 1111 1111 1111を入力する' }));
    await waitFor(() => expect(screen.queryByText('カード番号を正しく入力してください。')).toBeNull());
    expect(number.value).toBe('4111 1111 1111 1111');
    expect(calls.some((c) => c.path === '/square/create-card')).toBe(false);
  });

  it('deletes a card after the confirmation: gone at once, then the list is read again', async () => {
    const calls = serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store() }),
      '/square/cards': [
        () => jsonResponse({ status: 200, body: { cards: [visa] } }),
        () => jsonResponse({ status: 200, body: { cards: [] } }),
      ],
      '/square/delete-card': (body) => {
        expect(body).toEqual({ cardId: 'card-1' });
        return jsonResponse({ status: 200, body: { ok: true } });
      },
    });
    renderAt('/ja/store');
    fireEvent.click(await screen.findByRole('button', { name: 'Visa •••• 1111を削除' }));
    fireEvent.click(await screen.findByRole('button', { name: '削除する' }));
    expect(await screen.findByText('カードを削除しました。')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Visa/ })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === '/square/cards')).toHaveLength(2));
    expect(await screen.findByText('登録済みのカードはありません。カードを追加してください。')).toBeTruthy();
  });

  it('tells a creator they cannot buy and offers to log out', async () => {
    serve(fetchMock, {
      '/store': () => jsonResponse({ status: 200, body: store({ can_purchase: false }) }),
    });
    renderAt('/ja/store');
    expect(await screen.findByText('クリエイターアカウントでは購入できません。')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '購入内容の確認へ進む' })).toBeNull();
  });

  it('sends a fan whose sign-up is unfinished to finish it, before any card form', async () => {
    const calls = serve(fetchMock, {
      '/store': () =>
        jsonResponse({ status: 200, body: store({ registration_complete: false, customer_id: null }) }),
    });
    renderAt('/ja/store');
    expect(await screen.findByText('初期登録を完了するとキノコを購入できます。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '初期登録へ進む' }).getAttribute('href')).toBe('/ja/home');
    expect(screen.queryByRole('button', { name: '購入内容の確認へ進む' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/square'))).toBe(false);
  });
});
