/**
 * The Square stand-in driven through the real `square` SDK (functions/src/lib/square.ts), as the
 * handlers use it: customers, cards on file, payments, the sandbox nonces, idempotency keys.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localTestCards, SANDBOX_NONCES } from '@app/shared/square-sandbox';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CardError, type PaymentGateway } from '../../functions/src/lib/payment-gateway.ts';
import { squareGateway } from '../../functions/src/lib/square.ts';
import { type PaymentAttempt, SquareStandIn } from '../local/square.ts';

let env: Record<string, string>;
let square: PaymentGateway;

beforeAll(() => {
  env = inject('localEnv');
  square = squareGateway({
    accessToken: env.SQUARE_ACCESS_TOKEN as string,
    baseUrl: env.SQUARE_API_URL as string,
  });
});

const key = () => randomUUID();

async function cardError(promise: Promise<unknown>): Promise<CardError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'a CardError').toBeInstanceOf(CardError);
  return err as CardError;
}

async function attempts(idempotencyKey: string): Promise<PaymentAttempt[]> {
  const res = await fetch(
    `${env.SQUARE_API_URL}/_payments.json?${new URLSearchParams({ idempotency_key: idempotencyKey })}`,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as PaymentAttempt[];
}

/** A raw call with the access token, to see Square's wire format. */
async function raw(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${env.SQUARE_API_URL}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${env.SQUARE_ACCESS_TOKEN}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function newCustomer(): Promise<string> {
  const { id } = await square.createCustomer({
    idempotencyKey: key(),
    referenceId: `profile-${randomUUID()}`,
    email: 'fan@example.jp',
  });
  return id;
}

const pay = (customerId: string, sourceId: string, idempotencyKey = key(), amountYen = 1200) =>
  square.createPayment({
    idempotencyKey,
    sourceId,
    customerId,
    amountYen,
    referenceId: 'purchase-1',
    note: '1200 pt',
  });

describe('customers', () => {
  it('creates a customer once per idempotency key, in Square wire format', async () => {
    const idempotencyKey = key();
    const input = { idempotencyKey, referenceId: 'profile-abc', email: 'fan@example.jp' };
    const first = await square.createCustomer(input);
    expect(first.id).toMatch(/^[0-9A-Z]{26}$/);
    expect(await square.createCustomer(input)).toEqual(first);

    const got = await raw(`/v2/customers/${first.id}`);
    expect(got.status).toBe(200);
    expect(got.body.customer).toMatchObject({
      id: first.id,
      reference_id: 'profile-abc',
      email_address: 'fan@example.jp',
      creation_source: 'THIRD_PARTY',
    });
    expect((await raw('/v2/customers/NOPE')).status).toBe(404);
  });

  it('creates a customer without an e-mail (Square needs a name, e-mail or phone: the gateway sends one)', async () => {
    const { id } = await square.createCustomer({ idempotencyKey: key(), referenceId: 'profile-no-mail' });
    expect((await raw(`/v2/customers/${id}`)).body.customer).toMatchObject({
      reference_id: 'profile-no-mail',
    });
    const refused = await raw('/v2/customers', {
      method: 'POST',
      body: JSON.stringify({ idempotency_key: key(), reference_id: 'x' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'MISSING_REQUIRED_PARAMETER' })]);
  });
});

describe('cards on file', () => {
  it('stores, lists, reads and disables cards', async () => {
    const customerId = await newCustomer();
    const empty = await raw(`/v2/cards?customer_id=${customerId}`);
    expect(empty).toEqual({ status: 200, body: {} }); // Square leaves out `cards` when there are none
    expect(await square.listCards(customerId)).toEqual([]);

    const visa = await square.createCard({
      idempotencyKey: key(),
      sourceId: SANDBOX_NONCES.ok,
      customerId,
      cardholderName: 'YAMADA HANAKO',
    });
    expect(visa).toEqual({
      id: expect.stringMatching(/^ccof:/),
      brand: 'VISA',
      last4: '1111',
      expMonth: 12,
      expYear: expect.any(Number),
      cardholderName: 'YAMADA HANAKO',
      customerId,
      enabled: true,
    });
    expect(visa.expYear).toBeGreaterThan(new Date().getUTCFullYear());
    const declining = await square.createCard({
      idempotencyKey: key(),
      sourceId: SANDBOX_NONCES.declined,
      customerId,
    });
    expect(declining).toMatchObject({ brand: 'VISA', last4: '0002', cardholderName: null });

    expect((await square.listCards(customerId)).map((c) => c.id)).toEqual([visa.id, declining.id]);
    expect(await square.getCard(visa.id)).toEqual(visa);
    expect(await square.getCard('ccof:does-not-exist')).toBeNull();

    await square.disableCard(visa.id);
    await square.disableCard(visa.id); // disabling again is harmless
    expect((await square.listCards(customerId)).map((c) => c.id)).toEqual([declining.id]);
    expect(await square.getCard(visa.id)).toMatchObject({ id: visa.id, enabled: false });
    const all = await raw(`/v2/cards?customer_id=${customerId}&include_disabled=true`);
    expect((all.body.cards as { id: string; enabled: boolean }[]).map((c) => [c.id, c.enabled])).toEqual([
      [visa.id, false],
      [declining.id, true],
    ]);
    expect((await cardError(square.disableCard('ccof:does-not-exist'))).squareCodes).toEqual(['NOT_FOUND']);
  });

  it('lists every card across pages (the SDK follows Square’s cursor)', async () => {
    const customerId = await newCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) {
      ids.push(
        (await square.createCard({ idempotencyKey: key(), sourceId: SANDBOX_NONCES.ok, customerId })).id,
      );
    }
    const first = await raw(`/v2/cards?customer_id=${customerId}`);
    expect((first.body.cards as unknown[]).length).toBe(25);
    expect(first.body.cursor).toEqual(expect.any(String));
    expect((await square.listCards(customerId)).map((c) => c.id)).toEqual(ids);
  });

  it('the same idempotency key stores one card', async () => {
    const customerId = await newCustomer();
    const input = { idempotencyKey: key(), sourceId: SANDBOX_NONCES.ok, customerId };
    const card = await square.createCard(input);
    expect(await square.createCard(input)).toEqual(card);
    expect(await square.listCards(customerId)).toHaveLength(1);
  });

  it('refuses the cards Square refuses when storing them', async () => {
    const customerId = await newCustomer();
    const expired = await cardError(
      square.createCard({ idempotencyKey: key(), sourceId: SANDBOX_NONCES.rejectedExpiration, customerId }),
    );
    expect(expired).toMatchObject({
      code: 'card_expired',
      squareCodes: ['INVALID_EXPIRATION'],
      outcomeUnknown: false,
    });
    const used = await cardError(
      square.createCard({ idempotencyKey: key(), sourceId: SANDBOX_NONCES.alreadyUsed, customerId }),
    );
    expect(used).toMatchObject({
      code: 'card_invalid',
      squareCodes: ['CARD_TOKEN_USED'],
      outcomeUnknown: false,
    });
    const bogus = await cardError(
      square.createCard({ idempotencyKey: key(), sourceId: 'cnon:local-invalid-1234', customerId }),
    );
    expect(bogus).toMatchObject({ code: 'card_invalid', squareCodes: ['INVALID_CARD'] });
    const noCustomer = await cardError(
      square.createCard({ idempotencyKey: key(), sourceId: SANDBOX_NONCES.ok, customerId: 'NOPE' }),
    );
    expect(noCustomer.squareCodes).toEqual(['NOT_FOUND']);
    expect(await square.listCards(customerId)).toEqual([]);
  });
});

describe('payments', () => {
  it('charges yen with a nonce: COMPLETED, captured, one charge', async () => {
    const customerId = await newCustomer();
    const idempotencyKey = key();
    const payment = await pay(customerId, SANDBOX_NONCES.ok, idempotencyKey, 1200);
    expect(payment).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{29}$/),
      referenceId: 'purchase-1',
      status: 'COMPLETED',
      amountYen: 1200,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const got = await raw(`/v2/payments/${payment.id}`);
    expect(got.body.payment).toMatchObject({
      id: payment.id,
      status: 'COMPLETED',
      amount_money: { amount: 1200, currency: 'JPY' },
      total_money: { amount: 1200, currency: 'JPY' },
      customer_id: customerId,
      reference_id: 'purchase-1',
      note: '1200 pt',
      location_id: env.SQUARE_LOCATION_ID,
      card_details: {
        status: 'CAPTURED',
        entry_method: 'KEYED',
        card: { card_brand: 'VISA', last_4: '1111' },
      },
    });
    expect(await attempts(idempotencyKey)).toEqual([
      expect.objectContaining({
        id: payment.id,
        idempotency_key: idempotencyKey,
        amount: 1200,
        currency: 'JPY',
        status: 'COMPLETED',
        customer_id: customerId,
        source: 'nonce',
        replays: 0,
      }),
    ]);
    expect((await raw('/v2/payments/NOPE')).status).toBe(404);
  });

  it('charges a card on file of the customer', async () => {
    const customerId = await newCustomer();
    const card = await square.createCard({ idempotencyKey: key(), sourceId: SANDBOX_NONCES.ok, customerId });
    const idempotencyKey = key();
    const payment = await pay(customerId, card.id, idempotencyKey, 500);
    expect(payment).toMatchObject({ status: 'COMPLETED', amountYen: 500 });
    expect((await raw(`/v2/payments/${payment.id}`)).body.payment).toMatchObject({
      card_details: { entry_method: 'ON_FILE', card: { id: card.id, last_4: '1111' } },
    });
    expect(await attempts(idempotencyKey)).toEqual([
      expect.objectContaining({ status: 'COMPLETED', source: 'card_on_file', card_id: card.id }),
    ]);
  });

  const failing = localTestCards.filter((c) => c.outcome !== 'ok');
  const unknownOutcome = new Set(['card_processing', 'card_network']);

  it.each(failing)('nonce $nonce gives $outcome', async ({ nonce, outcome }) => {
    const customerId = await newCustomer();
    const idempotencyKey = key();
    const err = await cardError(pay(customerId, nonce, idempotencyKey));
    expect(err.code).toBe(outcome);
    expect(err.outcomeUnknown).toBe(unknownOutcome.has(outcome));
    const [attempt, ...more] = await attempts(idempotencyKey);
    expect(more).toEqual([]);
    expect(attempt?.status).not.toBe('COMPLETED');
    if (outcome === 'card_network') expect(attempt).toMatchObject({ id: null, status: 'NO_RESPONSE' });
    if (outcome === 'card_processing')
      expect(attempt).toMatchObject({ id: null, status: 'ERROR', http_status: 500 });
  });

  it.each(failing.filter((c) => !c.failsOnRegistration))(
    'a card stored from $nonce pays as the nonce would ($outcome)',
    async ({ nonce, outcome }) => {
      const customerId = await newCustomer();
      const card = await square.createCard({ idempotencyKey: key(), sourceId: nonce, customerId });
      const err = await cardError(pay(customerId, card.id));
      expect(err.code).toBe(outcome);
      expect(err.outcomeUnknown).toBe(unknownOutcome.has(outcome));
    },
  );

  it('a decline answers 402 with the FAILED payment, as Square does', async () => {
    const customerId = await newCustomer();
    const res = await raw('/v2/payments', {
      method: 'POST',
      body: JSON.stringify({
        idempotency_key: key(),
        source_id: SANDBOX_NONCES.declined,
        amount_money: { amount: 300, currency: 'JPY' },
        customer_id: customerId,
        autocomplete: true,
      }),
    });
    expect(res.status).toBe(402);
    expect(res.body.errors).toEqual([
      {
        category: 'PAYMENT_METHOD_ERROR',
        code: 'GENERIC_DECLINE',
        detail: "Authorization error: 'GENERIC_DECLINE'",
      },
    ]);
    expect(res.body.payment).toMatchObject({
      status: 'FAILED',
      approved_money: { amount: 0, currency: 'JPY' },
      card_details: { status: 'FAILED', errors: [expect.objectContaining({ code: 'GENERIC_DECLINE' })] },
    });
  });

  it('any other nonce is an invalid card', async () => {
    const customerId = await newCustomer();
    const err = await cardError(pay(customerId, 'cnon:local-invalid-1234'));
    expect(err).toMatchObject({ code: 'card_invalid', squareCodes: ['INVALID_CARD'], outcomeUnknown: false });
  });

  it('refuses a card on file of another customer, and a disabled one', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const card = await square.createCard({
      idempotencyKey: key(),
      sourceId: SANDBOX_NONCES.ok,
      customerId: owner,
    });
    const idempotencyKey = key();
    const err = await cardError(pay(other, card.id, idempotencyKey));
    expect(err).toMatchObject({ code: 'card_invalid', squareCodes: ['NOT_FOUND'], outcomeUnknown: false });
    expect(await attempts(idempotencyKey)).toEqual([
      expect.objectContaining({ id: null, status: 'REJECTED' }),
    ]);

    await square.disableCard(card.id);
    expect((await cardError(pay(owner, card.id))).code).toBe('card_invalid');
  });

  it('replays the same key and body without a second charge; another body is IDEMPOTENCY_KEY_REUSED', async () => {
    const customerId = await newCustomer();
    const idempotencyKey = key();
    const first = await pay(customerId, SANDBOX_NONCES.ok, idempotencyKey, 1000);
    const again = await pay(customerId, SANDBOX_NONCES.ok, idempotencyKey, 1000);
    expect(again).toEqual(first);

    const changed = await cardError(pay(customerId, SANDBOX_NONCES.ok, idempotencyKey, 2000));
    expect(changed).toMatchObject({ squareCodes: ['IDEMPOTENCY_KEY_REUSED'], outcomeUnknown: false });

    const list = await attempts(idempotencyKey);
    expect(list.filter((a) => a.status === 'COMPLETED')).toEqual([
      expect.objectContaining({ id: first.id, amount: 1000, replays: 1 }),
    ]);
    expect(list.filter((a) => a.status === 'REJECTED')).toEqual([
      expect.objectContaining({ amount: 2000, error_codes: ['IDEMPOTENCY_KEY_REUSED'] }),
    ]);
  });

  it('replays a declined payment with the same decline', async () => {
    const customerId = await newCustomer();
    const idempotencyKey = key();
    const first = await cardError(pay(customerId, SANDBOX_NONCES.declined, idempotencyKey));
    const again = await cardError(pay(customerId, SANDBOX_NONCES.declined, idempotencyKey));
    expect(again).toMatchObject({ code: first.code, squareCodes: first.squareCodes });
    expect(await attempts(idempotencyKey)).toEqual([
      expect.objectContaining({ status: 'FAILED', replays: 1 }),
    ]);
  });

  it('remembers nothing for a dropped connection: a retry with the same key is a new attempt', async () => {
    const customerId = await newCustomer();
    const idempotencyKey = key();
    await cardError(pay(customerId, SANDBOX_NONCES.networkError, idempotencyKey));
    await cardError(pay(customerId, SANDBOX_NONCES.networkError, idempotencyKey));
    expect((await attempts(idempotencyKey)).map((a) => a.status)).toEqual(['NO_RESPONSE', 'NO_RESPONSE']);
  });

  it('a charge whose answer is lost exists: a retry with the same key gets it, ListPayments finds it', async () => {
    const customerId = await newCustomer();
    const idempotencyKey = key();
    const referenceId = randomUUID().slice(0, 36);
    const amountYen = 1000 + Math.floor(Math.random() * 900_000);
    const since = new Date(Date.now() - 1000);
    const lost = await cardError(
      square.createPayment({
        idempotencyKey,
        sourceId: SANDBOX_NONCES.chargedNoAnswer,
        customerId,
        amountYen,
        referenceId,
      }),
    );
    expect([lost.code, lost.outcomeUnknown]).toEqual(['card_network', true]);
    const found = await square.findPayment({ referenceId, amountYen, createdFrom: since });
    expect(found).toMatchObject({ referenceId, status: 'COMPLETED', amountYen });
    const replay = await square.createPayment({
      idempotencyKey,
      sourceId: SANDBOX_NONCES.chargedNoAnswer,
      customerId,
      amountYen,
      referenceId,
    });
    expect(replay.id).toBe(found?.id);
    // Not found: another reference, another amount, or created before the window.
    expect(await square.findPayment({ referenceId: 'other', amountYen, createdFrom: since })).toBeNull();
    expect(
      await square.findPayment({ referenceId, amountYen: amountYen + 1, createdFrom: since }),
    ).toBeNull();
    expect(
      await square.findPayment({ referenceId, amountYen, createdFrom: new Date(Date.now() + 60_000) }),
    ).toBeNull();
  });

  it('ListPayments pages newest first by created_at and total, in Square wire format', async () => {
    const customerId = await newCustomer();
    const total = 1000 + Math.floor(Math.random() * 900_000);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await pay(customerId, SANDBOX_NONCES.ok, key(), total));
    const since = encodeURIComponent(made[0]?.createdAt as string);
    const first = await raw(`/v2/payments?total=${total}&begin_time=${since}&limit=2`);
    expect(first.status).toBe(200);
    const ids = (first.body.payments as { id: string }[]).map((p) => p.id);
    expect(ids).toEqual([made[2]?.id, made[1]?.id]);
    const next = await raw(
      `/v2/payments?total=${total}&begin_time=${since}&limit=2&cursor=${first.body.cursor}`,
    );
    expect((next.body.payments as { id: string }[]).map((p) => p.id)).toEqual([made[0]?.id]);
    expect(next.body.cursor).toBeUndefined();
    expect((await raw(`/v2/payments?total=${total + 1}&begin_time=${since}`)).body).toEqual({});
    expect((await raw('/v2/payments?begin_time=yesterday')).status).toBe(400);
  });

  it('5 concurrent payments with one key make one charge and give the same payment', async () => {
    const customerId = await newCustomer();
    const idempotencyKey = key();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => pay(customerId, SANDBOX_NONCES.ok, idempotencyKey, 1500)),
    );
    expect(new Set(results.map((p) => p.id)).size).toBe(1);
    expect(await attempts(idempotencyKey)).toEqual([
      expect.objectContaining({ id: results[0]?.id, status: 'COMPLETED', amount: 1500, replays: 4 }),
    ]);
  });

  it('refuses a currency other than JPY and a non-positive amount (the gateway checks the latter itself)', async () => {
    const customerId = await newCustomer();
    const usd = await raw('/v2/payments', {
      method: 'POST',
      body: JSON.stringify({
        idempotency_key: key(),
        source_id: SANDBOX_NONCES.ok,
        amount_money: { amount: 100, currency: 'USD' },
      }),
    });
    expect(usd.status).toBe(400);
    await expect(pay(customerId, SANDBOX_NONCES.ok, key(), 0)).rejects.toThrow(/positive integer/);
    await expect(pay(customerId, SANDBOX_NONCES.ok, key(), 1.5)).rejects.toThrow(/positive integer/);
  });
});

describe('access', () => {
  it('answers 401 UNAUTHORIZED to a wrong or missing token', async () => {
    const wrong = squareGateway({ accessToken: 'not-the-token', baseUrl: env.SQUARE_API_URL as string });
    const err = await cardError(
      wrong.createCustomer({ idempotencyKey: key(), referenceId: 'x', email: 'a@b.jp' }),
    );
    expect(err).toMatchObject({ squareCodes: ['UNAUTHORIZED'], outcomeUnknown: false });
    const payErr = await cardError(
      wrong.createPayment({
        idempotencyKey: key(),
        sourceId: SANDBOX_NONCES.ok,
        customerId: 'X',
        amountYen: 100,
        referenceId: 'r',
      }),
    );
    expect(payErr.squareCodes).toEqual(['UNAUTHORIZED']);

    const missing = await fetch(`${env.SQUARE_API_URL}/v2/cards`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      errors: [expect.objectContaining({ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' })],
    });
  });

  it('a Square that cannot be reached is a network error that cannot have charged', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const gone = squareGateway({ accessToken: 'x', baseUrl: `http://127.0.0.1:${closed}` });
    const err = await cardError(
      gone.createPayment({
        idempotencyKey: key(),
        sourceId: 'cnon:x',
        customerId: 'X',
        amountYen: 100,
        referenceId: 'r',
      }),
    );
    expect(err).toMatchObject({ code: 'card_network', squareCodes: ['ECONNREFUSED'], outcomeUnknown: false });
  });

  it('shows customers, cards and payments on an HTML page', async () => {
    const customerId = await newCustomer();
    const payment = await pay(customerId, SANDBOX_NONCES.ok);
    const res = await fetch(env.SQUARE_API_URL as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain(payment.id);
    expect(html).toContain(customerId);
    expect(html).toContain('4111 1111 1111 1111');
  });
});

describe('persistence', () => {
  let dir: string;
  let server: Server | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kinoko-square-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps customers, cards, payments and idempotency keys in the data dir across a restart', async () => {
    const file = join(dir, 'square.json');
    const options = { accessToken: 't', locationId: 'L', applicationId: 'A', file };
    let standIn = new SquareStandIn(options);
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      void standIn.handle(req, res, url.pathname, url.searchParams);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const gateway = squareGateway({
      accessToken: 't',
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    const { id: customerId } = await gateway.createCustomer({ idempotencyKey: 'c1', referenceId: 'p1' });
    const card = await gateway.createCard({ idempotencyKey: 'k1', sourceId: SANDBOX_NONCES.ok, customerId });
    const charged = await gateway.createPayment({
      idempotencyKey: 'pay-1',
      sourceId: card.id,
      customerId,
      amountYen: 700,
      referenceId: 'r',
    });

    standIn = new SquareStandIn(options); // a restart
    expect(await gateway.listCards(customerId)).toEqual([card]);
    const replay = await gateway.createPayment({
      idempotencyKey: 'pay-1',
      sourceId: card.id,
      customerId,
      amountYen: 700,
      referenceId: 'r',
    });
    expect(replay).toEqual(charged);
    expect(standIn.attempts()).toEqual([expect.objectContaining({ id: charged.id, replays: 1 })]);
  });
});
