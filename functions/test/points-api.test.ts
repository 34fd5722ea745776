import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { describe, expect, it } from 'vitest';
import { credit } from '../src/services/points/ledger.ts';
import { registerAccount } from './helpers/accounts.ts';
import { api, drainStreams, issuePaths, mailsTo, manualClock, testDb } from './helpers/cloud.ts';
import { addCard, buy, buyer, purchaseBody, SANDBOX_NONCES, squareCharges } from './helpers/points.ts';

const P = businessConfig.points;

describe('GET /store', () => {
  it('shows packs, limits, the balance and whether the caller may buy', async () => {
    const b = await buyer();
    const res = await api('/store', { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      min: P.purchaseMinMushrooms,
      max: P.purchaseMaxMushrooms,
      yen_per_mushroom: 10,
      can_purchase: true,
      registration_complete: true,
      customer_id: b.customerId,
      remaining_yen: { day: P.dailyYenCap, month: null },
      balance: { mushroom: 0, leaf: 0, original: 0, total: 0, nearest_expiry: null, expiring_soon: null },
      square: { environment: 'local' },
    });
    expect(res.body.packs[0]).toEqual({ mushrooms: P.storePacks[0], price: P.storePacks[0] * 10 });
  });

  it('tells a fan whose sign-up is unfinished to finish it first', async () => {
    const { signInFan } = await import('./helpers/accounts.ts');
    const raw = await signInFan({ displayName: 'まだ途中' });
    const res = await api('/store', { token: raw.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ can_purchase: true, registration_complete: false });
  });

  it('tells creators they cannot buy, and refuses their card and payment calls', async () => {
    const creator = await registerAccount();
    const store = await api('/store', { token: creator.access_token });
    expect(store.body.can_purchase).toBe(false);
    for (const [path, body] of [
      ['/square/create-customer', {}],
      ['/square/create-card', { source_id: SANDBOX_NONCES.ok }],
      [
        '/square/create-payment',
        { uuid: randomUUID(), customerId: 'x', sourceId: 'y', price: 100, amount: 10 },
      ],
    ] as const) {
      const res = await api(path, { token: creator.access_token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('creator_purchase');
    }
  });
});

describe('cards', () => {
  it('registers, lists and deletes a card; the customer is created once', async () => {
    const b = await buyer();
    const again = await api('/square/create-customer', { token: b.token, method: 'POST' });
    expect(again.body.customer_id).toBe(b.customerId);
    const cardId = await addCard(b);
    const list = await api('/square/cards', { token: b.token });
    expect(list.body.cards).toEqual([expect.objectContaining({ id: cardId, brand: 'VISA', last4: '1111' })]);
    const other = await buyer();
    const stolen = await api('/square/delete-card', { token: other.token, body: { cardId } });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('card_not_found');
    expect((await api('/square/delete-card', { token: b.token, body: { cardId } })).status).toBe(200);
    expect((await api('/square/cards', { token: b.token })).body.cards).toEqual([]);
  });

  it('maps a refused registration to its card error', async () => {
    const b = await buyer();
    const expired = await api('/square/create-card', {
      token: b.token,
      body: { source_id: SANDBOX_NONCES.rejectedExpiration },
    });
    expect([expired.status, expired.body.code]).toEqual([402, 'card_expired']);
    const used = await api('/square/create-card', {
      token: b.token,
      body: { source_id: SANDBOX_NONCES.alreadyUsed },
    });
    expect([used.status, used.body.code]).toEqual([402, 'card_invalid']);
    const empty = await api('/square/create-card', { token: b.token, body: { source_id: '' } });
    expect(issuePaths(empty.body)).toEqual({ source_id: 'validation.cardRequired' });
  });
});

describe('POST /square/create-payment', () => {
  it('charges, credits a 180-day lot, writes the history and mails a receipt', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    const res = await buy(b, cardId, 100);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'completed', mushrooms: 100, price: 1000 });
    expect(res.body.balance).toMatchObject({ mushroom: 100, total: 100 });
    const days = (Date.parse(res.body.expires_at) - Date.parse(res.body.paid_at)) / 86_400_000;
    expect(days).toBe(P.lotDays);
    const history = await api('/mypage/points', { token: b.token });
    expect(history.body.logs).toEqual([
      expect.objectContaining({ type: 3, detail: 'purchased', points: 100, yen: 1000, counterparty: null }),
    ]);
    await drainStreams();
    const [mail] = await mailsTo(b.email);
    expect(mail?.subject).toContain('ご購入');
    expect(mail?.text).toContain('1,000円');
  });

  it('a purchase sent 5 times at once and again later charges once, credits once and answers the same', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    const body = purchaseBody(b, cardId, 300);
    const send = () => api('/square/create-payment', { token: b.token, body });
    const first = await Promise.all(Array.from({ length: 5 }, send));
    const later = await send();
    const answers = [...first, later];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const one = { ...answers[0]?.body, balance: undefined };
    for (const r of answers) expect({ ...r.body, balance: undefined }).toEqual(one);
    expect(later.body.balance.mushroom).toBe(300);
    const charges = (await squareCharges(body.uuid)).filter((c) => c.status === 'COMPLETED');
    expect(charges).toHaveLength(1);
    const history = await api('/mypage/points', { token: b.token });
    expect(history.body.logs.filter((l: { type: number }) => l.type === 3)).toHaveLength(1);
    const changed = await api('/square/create-payment', {
      token: b.token,
      body: { ...body, amount: 301, price: 3010 },
    });
    expect([changed.status, changed.body.code]).toEqual([409, 'idempotency_mismatch']);
    const otherFan = await buyer();
    const stolenKey = await api('/square/create-payment', {
      token: otherFan.token,
      body: { ...body, customerId: otherFan.customerId },
    });
    expect([stolenKey.status, stolenKey.body.code]).toEqual([409, 'idempotency_mismatch']);
  });

  it('a declined card shows its error and changes nothing; each card error has its code', async () => {
    const b = await buyer();
    const declinedCard = await addCard(b, '4000000000000002');
    const declined = await buy(b, declinedCard, 100);
    expect([declined.status, declined.body.code]).toEqual([402, 'card_declined']);
    const store = await api('/store', { token: b.token });
    expect(store.body.balance.total).toBe(0);
    expect(store.body.remaining_yen.day).toBe(P.dailyYenCap);
    expect((await api('/mypage/points', { token: b.token })).body.logs).toEqual([]);
    const cases = [
      [SANDBOX_NONCES.declined, 402, 'card_declined'],
      [SANDBOX_NONCES.rejectedCvv, 402, 'card_security'],
      [SANDBOX_NONCES.rejectedPostalCode, 402, 'card_security'],
      [SANDBOX_NONCES.rejectedExpiration, 402, 'card_expired'],
      [SANDBOX_NONCES.alreadyUsed, 402, 'card_invalid'],
      ['cnon:local-invalid-0000', 402, 'card_invalid'],
      [SANDBOX_NONCES.processingError, 402, 'card_processing'],
      [SANDBOX_NONCES.networkError, 402, 'card_network'],
      [SANDBOX_NONCES.unknownError, 402, 'card_unknown'],
    ] as const;
    for (const [nonce, status, code] of cases) {
      const res = await buy(b, nonce, 10);
      expect([res.status, res.body.code], nonce).toEqual([status, code]);
      expect(res.body.message).toMatch(/^errors\.card/);
      // Only an unknown outcome (the charge may exist) asks the client to keep its uuid.
      const unknown = nonce === SANDBOX_NONCES.processingError || nonce === SANDBOX_NONCES.networkError;
      expect(res.body.params?.outcome, nonce).toBe(unknown ? 'unknown' : undefined);
    }
    expect((await api('/store', { token: b.token })).body.balance.total).toBe(0);
  });

  it('checks the amount, the price and the customer', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    const small = await buy(b, cardId, P.purchaseMinMushrooms - 1);
    expect(issuePaths(small.body)).toEqual({ amount: 'validation.purchaseAmount' });
    const large = await buy(b, cardId, P.purchaseMaxMushrooms + 1);
    expect(issuePaths(large.body)).toEqual({ amount: 'validation.purchaseAmount' });
    const price = await api('/square/create-payment', {
      token: b.token,
      body: { ...purchaseBody(b, cardId, 100), price: 999 },
    });
    expect(issuePaths(price.body)).toEqual({ price: 'validation.purchasePrice' });
    const other = await buyer();
    const foreign = await api('/square/create-payment', {
      token: b.token,
      body: { ...purchaseBody(b, cardId, 100), customerId: other.customerId },
    });
    expect(foreign.status).toBe(403);
    const card = await api('/square/create-payment', {
      token: other.token,
      body: purchaseBody(other, cardId, 10),
    });
    expect(card.status).toBe(402);
    expect((await squareCharges(card.body?.uuid ?? 'none')).length).toBe(0);
  });

  it('keeps the daily cap across purchases', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    expect((await buy(b, cardId, 5000)).status).toBe(200);
    expect((await buy(b, cardId, 5000)).status).toBe(200);
    const over = await buy(b, cardId, 10);
    expect([over.status, over.body.code, over.body.params]).toEqual([
      409,
      'purchase_daily_limit',
      { limit: P.dailyYenCap, remaining: 0 },
    ]);
    expect((await api('/store', { token: b.token })).body.balance.mushroom).toBe(10_000);
  });

  it('caps minors by month from the date of birth', async () => {
    const year = new Date().getFullYear();
    const under16 = await buyer({ birthDate: `${year - 15}-01-01` });
    const c1 = await addCard(under16);
    expect((await api('/store', { token: under16.token })).body.remaining_yen.month).toBe(
      P.minorMonthlyYenCapUnder16,
    );
    expect((await buy(under16, c1, 300)).status).toBe(200);
    const over = await buy(under16, c1, 300);
    expect([over.status, over.body.code, over.body.params]).toEqual([
      409,
      'purchase_minor_limit',
      { limit: P.minorMonthlyYenCapUnder16, remaining: 2000 },
    ]);
    const age17 = await buyer({ birthDate: `${year - 17}-01-01` });
    const c2 = await addCard(age17);
    expect((await buy(age17, c2, 1000)).status).toBe(200);
    expect((await buy(age17, c2, 10)).body.code).toBe('purchase_minor_limit');
  });
});

describe('point history and original points', () => {
  it('pages newest first, filters by type, and groups original points by issuer', async () => {
    const b = await buyer();
    const issuer = await registerAccount();
    const deps = { db: testDb(), clock: manualClock() };
    const grant = (kind: 'leaf' | 'original', points: number) =>
      credit(deps, {
        holderId: b.profileId,
        kind,
        ...(kind === 'original' ? { issuerId: issuer.profile_id } : {}),
        points,
        txId: randomUUID(),
        journalKind: 'grant',
        log: {
          type: 4,
          detail: kind === 'leaf' ? 'granted' : 'granted_by_creator',
          counterpartyId: issuer.profile_id,
        },
      });
    for (let i = 1; i <= P.historyPageSize + 2; i++) await grant(i % 2 ? 'leaf' : 'original', i);
    const first = await api('/mypage/points', { token: b.token });
    expect(first.body.logs).toHaveLength(P.historyPageSize);
    expect(first.body.logs[0].points).toBe(P.historyPageSize + 2);
    const second = await api(`/mypage/points?cursor=${first.body.next_cursor}`, { token: b.token });
    expect(second.body.logs.map((l: { points: number }) => l.points)).toEqual([2, 1]);
    expect(second.body.next_cursor).toBeNull();
    const grants = await api('/mypage/points?type=4', { token: b.token });
    expect(grants.body.logs.every((l: { type: number }) => l.type === 4)).toBe(true);
    const purchases = await api('/mypage/points?type=3', { token: b.token });
    expect(purchases.body.logs).toEqual([]);
    const bad = await api('/mypage/points?type=9', { token: b.token });
    expect(bad.status).toBe(422);
    const originals = await api('/mypage/original-points', { token: b.token });
    const evens = Array.from({ length: P.historyPageSize + 2 }, (_, i) => i + 1).filter((n) => n % 2 === 0);
    expect(originals.body.issuers).toEqual([
      expect.objectContaining({
        issuer: expect.objectContaining({ id: issuer.profile_id }),
        points: evens.reduce((s, n) => s + n, 0),
      }),
    ]);
    expect(first.body.balance.original).toBe(evens.reduce((s, n) => s + n, 0));
  });
});
