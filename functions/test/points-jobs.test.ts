import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { lotExpiry } from '@app/shared/ledger';
import { jstDate } from '@app/shared/time';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { METRIC } from '../src/lib/metric-names.ts';
import { squareGateway } from '../src/lib/square.ts';
import { expireDueLots } from '../src/services/points/expiry.ts';
import { credit, markExpiry, readLots, reverseSpend, spend } from '../src/services/points/ledger.ts';
import { reconcilePending } from '../src/services/points/purchase.ts';
import {
  api,
  db,
  itemsMentioning,
  mailsTo,
  manualClock,
  setClock,
  tableName,
  testDb,
} from './helpers/cloud.ts';
import { recordMetrics } from './helpers/metrics.ts';
import { addCard, buy, buyer, SANDBOX_NONCES, squareCharges } from './helpers/points.ts';

const P = businessConfig.points;
const MINUTE = 60_000;

function paymentDeps(clock = manualClock()) {
  const env = inject('localEnv');
  return {
    db: testDb(),
    clock,
    gateway: squareGateway({
      accessToken: env.SQUARE_ACCESS_TOKEN as string,
      baseUrl: env.SQUARE_API_URL as string,
    }),
    mailer: { send: async () => {} },
  };
}

const remainingToday = async (b: { token: string }) =>
  (await api('/store', { token: b.token })).body.remaining_yen.day as number;
/** The yen a payment holds under today's cap, read from the cap item the payment names. */
const heldBy = async (uuid: string) => {
  const payment = (await testDb().entities.payment.get({ uuid }).go()).data;
  const cap = await testDb()
    .entities.purchaseCap.get({ profileId: payment?.profileId as string, period: payment?.capDay as string })
    .go();
  return cap.data?.yen ?? 0;
};

describe('payment reconciler', () => {
  /** A pending payment as the request's first step leaves it, 20 minutes ago. */
  async function pendingPayment(b: { profileId: string; customerId: string }, sourceId: string) {
    const uuid = randomUUID();
    const createdAt = new Date(Date.now() - 20 * MINUTE).toISOString();
    const item = {
      uuid,
      profileId: b.profileId,
      requestHash: 'crashed',
      state: 'pending' as const,
      yen: 500,
      mushrooms: 50,
      customerId: b.customerId,
      sourceId,
      capDay: `day#${jstDate(new Date(createdAt))}`,
      shard: '0',
      createdAt,
    };
    return { uuid, createdAt, item };
  }

  it('a payment whose function died before the charge is released once Square confirms none; its marker goes', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    const deps = paymentDeps();
    const { uuid, createdAt, item } = await pendingPayment(b, cardId);
    await deps.db.entities.pendingPayment.put({ shard: '0', createdAt, uuid }).go();
    await deps.db.entities.payment.create({ ...item, attemptedAt: createdAt }).go();
    const first = await reconcilePending(deps, P.pendingPaymentMinutes * MINUTE);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect((await deps.db.entities.payment.get({ uuid }).go()).data?.state).toBe('failed');
    expect((await deps.db.entities.pendingPayment.get({ shard: '0', createdAt, uuid }).go()).data).toBeNull();
    expect(await squareCharges(uuid)).toEqual([]);
  });

  it('a legacy pending payment (listed in gsi1, never sent) is still found and charged, once', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    const deps = paymentDeps();
    const { uuid, createdAt, item } = await pendingPayment(b, cardId);
    // As the previous code wrote it: in the pending index, without a marker or attemptedAt.
    const params = deps.db.entities.payment.create(item).params() as { Item: Record<string, unknown> };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...params.Item, gsi1pk: 'payments-pending#0', gsi1sk: `${createdAt}#${uuid}` },
      }),
    );
    const first = await reconcilePending(deps, P.pendingPaymentMinutes * MINUTE);
    expect(first.completed).toBeGreaterThanOrEqual(1);
    const again = await reconcilePending(deps, P.pendingPaymentMinutes * MINUTE);
    expect(again.completed).toBe(0);
    expect((await squareCharges(uuid)).filter((c) => c.status === 'COMPLETED')).toHaveLength(1);
    expect((await api('/store', { token: b.token })).body.balance.mushroom).toBe(50);
    // Completing it took it out of the legacy index.
    const { data: listed } = await deps.db.entities.payment.query
      .pending({ shard: '0' })
      .go({ pages: 'all' });
    expect(listed.map((p) => p.uuid)).not.toContain(uuid);
  });

  it('a purchase leaves no marker; markers left behind (a lost delete, an opening never committed) are removed', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    const uuid = randomUUID();
    expect((await buy(b, cardId, 100, uuid)).status).toBe(200);
    const deps = paymentDeps();
    const paid = (await deps.db.entities.payment.get({ uuid }).go()).data;
    const shard = paid?.shard as string;
    const own = { shard, createdAt: paid?.createdAt as string, uuid };
    expect((await deps.db.entities.pendingPayment.get(own).go()).data).toBeNull();
    // Its marker back (the request's delete lost), and one whose payment never opened.
    const stale = new Date(Date.now() - 20 * MINUTE).toISOString();
    const orphan = { shard, createdAt: stale, uuid: randomUUID() };
    const settled = { shard, createdAt: stale, uuid };
    for (const m of [orphan, settled]) await deps.db.entities.pendingPayment.put(m).go();
    await reconcilePending(deps, P.pendingPaymentMinutes * MINUTE);
    for (const m of [orphan, settled])
      expect((await deps.db.entities.pendingPayment.get(m).go()).data).toBeNull();
    expect((await squareCharges(uuid)).filter((c) => c.status === 'COMPLETED')).toHaveLength(1);
    expect((await deps.db.entities.payment.get({ uuid }).go()).data?.state).toBe('completed');
  });

  it('releases the held yen once Square confirms no charge exists (a processing error), exactly once', async () => {
    const b = await buyer();
    const uuid = randomUUID();
    const res = await buy(b, SANDBOX_NONCES.processingError, 100, uuid);
    expect([res.body.code, res.body.params?.outcome]).toEqual(['card_processing', 'unknown']);
    // The outcome was unknown: the 1,000 yen stay held, a retry with the same uuid changes nothing.
    expect(await remainingToday(b)).toBe(P.dailyYenCap - 1000);
    expect((await buy(b, SANDBOX_NONCES.processingError, 100, uuid)).body.params?.outcome).toBe('unknown');
    expect(await remainingToday(b)).toBe(P.dailyYenCap - 1000);

    // Later, the reconciler asks Square: no payment exists. Runs at once and again release once.
    const deps = paymentDeps(manualClock(new Date(Date.now() + 16 * MINUTE)));
    await Promise.all([1, 2, 3].map(() => reconcilePending(deps, P.pendingPaymentMinutes * MINUTE)));
    await reconcilePending(deps, P.pendingPaymentMinutes * MINUTE);
    expect(await heldBy(uuid)).toBe(0);
    expect(await remainingToday(b)).toBe(P.dailyYenCap);
    const stored = (await testDb().entities.payment.get({ uuid }).go()).data;
    expect([stored?.state, stored?.errorCode]).toEqual(['failed', 'card_processing']);

    // The purchase is over: a replay answers its error without asking Square again.
    const attempts = (await squareCharges(uuid)).length;
    const replay = await buy(b, SANDBOX_NONCES.processingError, 100, uuid);
    expect([replay.status, replay.body.code, replay.body.params]).toEqual([
      402,
      'card_processing',
      undefined,
    ]);
    expect(await squareCharges(uuid)).toHaveLength(attempts);
    expect((await api('/store', { token: b.token })).body.balance.total).toBe(0);
  });

  it('releases a minor’s monthly cap with the daily one', async () => {
    const minor = await buyer({ birthDate: `${new Date().getFullYear() - 15}-01-01` });
    const res = await buy(minor, SANDBOX_NONCES.processingError, 100);
    expect(res.body.code).toBe('card_processing');
    const store = async () => (await api('/store', { token: minor.token })).body.remaining_yen;
    expect(await store()).toEqual({ day: P.dailyYenCap - 1000, month: P.minorMonthlyYenCapUnder16 - 1000 });
    const deps = paymentDeps(manualClock(new Date(Date.now() + 16 * MINUTE)));
    await Promise.all([
      reconcilePending(deps, P.pendingPaymentMinutes * MINUTE),
      reconcilePending(deps, P.pendingPaymentMinutes * MINUTE),
    ]);
    expect(await store()).toEqual({ day: P.dailyYenCap, month: P.minorMonthlyYenCapUnder16 });
  });

  it('a dropped connection: kept while Square cannot be asked, released once it confirms no charge', async () => {
    const b = await buyer();
    const res = await buy(b, SANDBOX_NONCES.networkError, 100);
    expect([res.body.code, res.body.params?.outcome]).toEqual(['card_network', 'unknown']);
    const later = manualClock(new Date(Date.now() + 16 * MINUTE));
    const env = inject('localEnv');
    const unreachable = {
      ...paymentDeps(later),
      gateway: squareGateway({
        accessToken: env.SQUARE_ACCESS_TOKEN as string,
        baseUrl: 'http://127.0.0.1:9',
      }),
    };
    await reconcilePending(unreachable, P.pendingPaymentMinutes * MINUTE);
    expect(await remainingToday(b)).toBe(P.dailyYenCap - 1000);
    await reconcilePending(paymentDeps(later), P.pendingPaymentMinutes * MINUTE);
    expect(await remainingToday(b)).toBe(P.dailyYenCap);
    expect((await api('/store', { token: b.token })).body.balance.total).toBe(0);
    expect(await mailsTo(b.email)).toEqual([]);
  });

  it('a charge whose answer was lost is found and credited, never released', async () => {
    const b = await buyer();
    const uuid = randomUUID();
    const res = await buy(b, SANDBOX_NONCES.chargedNoAnswer, 100, uuid);
    expect([res.body.code, res.body.params?.outcome]).toEqual(['card_network', 'unknown']);
    const metrics = recordMetrics();
    try {
      await reconcilePending(
        paymentDeps(manualClock(new Date(Date.now() + 16 * MINUTE))),
        P.pendingPaymentMinutes * MINUTE,
      );
      // The purchase is counted once, by the run that credited it, and the run reports it.
      const recorded = metrics.recorded();
      expect(recorded).toContainEqual({ name: METRIC.purchasedPoints, value: 100, dimensions: {} });
      expect(recorded).toContainEqual({ name: METRIC.purchasedYen, value: 1000, dimensions: {} });
      expect(recorded.find((m) => m.name === METRIC.paymentsReconciled)).toMatchObject({
        dimensions: { outcome: 'completed' },
      });
      expect(recorded.filter((m) => m.name === METRIC.paymentsPendingPastWindow)).toHaveLength(1);
    } finally {
      metrics.stop();
    }
    expect((await testDb().entities.payment.get({ uuid }).go()).data?.state).toBe('completed');
    expect((await api('/store', { token: b.token })).body.balance.mushroom).toBe(100);
    expect(await remainingToday(b)).toBe(P.dailyYenCap - 1000);
    expect((await squareCharges(uuid)).filter((c) => c.status === 'COMPLETED')).toHaveLength(1);
  });

  it('does not release a payment whose last request is recent (it may still be charged)', async () => {
    const b = await buyer();
    const uuid = randomUUID();
    await buy(b, SANDBOX_NONCES.processingError, 100, uuid);
    // 16 minutes later the payment is old, but the client has just retried its uuid.
    const later = await setClock(16 * MINUTE);
    try {
      expect((await buy(b, SANDBOX_NONCES.processingError, 100, uuid)).body.params?.outcome).toBe('unknown');
    } finally {
      await setClock(0);
    }
    const metrics = recordMetrics();
    try {
      await reconcilePending(paymentDeps(manualClock(later)), P.pendingPaymentMinutes * MINUTE);
      // Still pending past the window: the gauge the payments-pending alarm reads counts it.
      const [gauge] = metrics.recorded().filter((m) => m.name === METRIC.paymentsPendingPastWindow);
      expect(gauge?.value).toBeGreaterThanOrEqual(1);
    } finally {
      metrics.stop();
    }
    expect((await testDb().entities.payment.get({ uuid }).go()).data?.state).toBe('pending');
    expect(await remainingToday(b)).toBe(P.dailyYenCap - 1000);
  });
});

describe('expiry job', () => {
  it('writes one type-2 row per expired lot, catches up on missed days and is idempotent', async () => {
    const start = new Date('2027-02-01T05:00:00.000Z');
    const clock = manualClock(start);
    const deps = { db: testDb(), clock };
    const holderId = randomUUID();
    for (const days of [1, 2, 5]) {
      await credit(deps, {
        holderId,
        kind: 'leaf',
        points: days,
        txId: randomUUID(),
        expiresAt: lotExpiry(start, days),
        journalKind: 'grant',
        log: { type: 4, detail: 'granted' },
      });
    }
    const job = `point-expiry-test-${randomUUID()}`;
    // The job ran on the first day, then missed three days.
    await expireDueLots(deps, job);
    clock.advance(4 * 86_400_000);
    const run = await expireDueLots(deps, job);
    // Dates before the last run's day are done; the run resumes from that day.
    expect(run.from).toBe(jstDate(start));
    const again = await expireDueLots(deps, job);
    expect(again.lots).toBe(0);
    const { data: logs } = await deps.db.entities.pointLog.query.byHolder({ holderId }).go();
    expect(logs.filter((l) => l.type === 2).map((l) => l.points)).toEqual([1, 2]);
    expect((await readLots(deps.db, holderId)).map((l) => l.balance)).toEqual([5]);
  });
});

describe('expiry markers', () => {
  it('the job finds lots through markers and drops them after their date; spent, crashed and legacy cases', async () => {
    const start = new Date('2027-03-01T05:00:00.000Z');
    const clock = manualClock(start);
    const deps = { db: testDb(), clock };
    const expiresAt = lotExpiry(start, 1);
    const date = jstDate(expiresAt);
    const grant = (holderId: string, points: number, kind: 'leaf' | 'mushroom' = 'leaf') =>
      credit(deps, {
        holderId,
        kind,
        points,
        txId: randomUUID(),
        expiresAt,
        journalKind: 'grant',
        log: { type: 4, detail: 'granted' },
      });
    const [kept, spent, crashed, legacy] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await grant(kept, 3);
    await grant(spent, 4, 'mushroom');
    await spend(deps, {
      holderId: spent,
      purpose: 'gift',
      payeeId: 'c',
      points: 4,
      txId: randomUUID(),
      target: 't',
    });
    // A credit that died between its marker and its transaction.
    await markExpiry(deps.db, crashed, date);
    // A lot credited before the markers existed: in gsi1, no marker.
    const lotId = randomUUID();
    const lot = deps.db.entities.lot
      .create({
        holderId: legacy,
        lotKey: `leaf#${expiresAt.toISOString()}#${lotId}`,
        lotId,
        kind: 'leaf',
        expiresAt: expiresAt.toISOString(),
        expiryDate: date,
        shard: '3',
        initial: 5,
        balance: 5,
        txId: lotId,
        createdAt: start.toISOString(),
      })
      .params() as { Item: Record<string, unknown> };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...lot.Item, gsi1pk: `expiry#${date}#3`, gsi1sk: `${expiresAt.toISOString()}#${lotId}` },
      }),
    );
    const markersOf = async () =>
      (
        await Promise.all(
          Array.from({ length: P.expiryShards }, (_, s) =>
            deps.db.entities.expiryMarker.query.byDate({ expiryDate: date, shard: String(s) }).go(),
          ),
        )
      )
        .flatMap((r) => r.data.map((m) => m.holderId))
        // This test's holders only: other files' lots may fall due the same day (the table is shared).
        .filter((holderId) => ([kept, spent, crashed, legacy] as string[]).includes(holderId));
    expect(new Set(await markersOf())).toEqual(new Set([kept, spent, crashed]));

    const job = `point-expiry-test-${randomUUID()}`;
    await expireDueLots(deps, job);
    clock.advance(2 * 86_400_000);
    // Two runs at once (a late run and the next one): each lot is expired once, which the one
    // expiry row per holder below shows (the runs' totals also count other test files' due lots:
    // the integration table is shared).
    const runs = await Promise.all([expireDueLots(deps, job), expireDueLots(deps, job)]);
    expect(runs.reduce((n, r) => n + r.points, 0)).toBeGreaterThanOrEqual(8);
    expect(await markersOf()).toEqual([]);
    for (const holderId of [kept, spent, crashed, legacy])
      expect(await readLots(deps.db, holderId)).toEqual([]);
    const expiredRows = async (holderId: string) =>
      (await deps.db.entities.pointLog.query.byHolder({ holderId }).go()).data.filter((l) => l.type === 2);
    expect((await expiredRows(kept)).map((l) => l.points)).toEqual([3]);
    expect((await expiredRows(legacy)).map((l) => l.points)).toEqual([5]);
    expect(await expiredRows(spent)).toEqual([]);
    const again = await expireDueLots(deps, job);
    expect(again.lots).toBe(0);
  });
});

describe('expiry markers of re-credited lots', () => {
  it('a lot reversed after its expiry is bucketed today: expired today, its marker dropped the next day', async () => {
    const start = new Date('2027-05-01T05:00:00.000Z');
    const clock = manualClock(start);
    const deps = { db: testDb(), clock };
    const fan = randomUUID();
    await credit(deps, {
      holderId: fan,
      kind: 'mushroom',
      points: 6,
      txId: randomUUID(),
      expiresAt: lotExpiry(start, 1),
      journalKind: 'grant',
      log: { type: 4, detail: 'granted' },
    });
    const spent = await spend(deps, {
      holderId: fan,
      purpose: 'product',
      payeeId: randomUUID(),
      points: 6,
      txId: randomUUID(),
      target: 'item',
    });
    const job = `point-expiry-test-${randomUUID()}`;
    await expireDueLots(deps, job);
    clock.advance(3 * 86_400_000);
    await expireDueLots(deps, job);
    // The spend is reversed after the lot's expiry: the points come back already expired.
    expect(await reverseSpend(deps, spent.txId)).toEqual({ reversed: true });
    const today = jstDate(clock.now());
    const [lot] = await readLots(deps.db, fan);
    expect(lot?.expiryDate).toBe(today);
    const marker = { expiryDate: today, shard: lot?.shard as string, holderId: fan };
    expect((await deps.db.entities.expiryMarker.get(marker).go()).data).not.toBeNull();
    const sameDay = await expireDueLots(deps, job);
    expect([sameDay.lots, sameDay.points]).toEqual([1, 6]);
    expect(await readLots(deps.db, fan)).toEqual([]);
    // Today's marker stays (a reversal may still add to today); the next day's run drops it.
    expect((await deps.db.entities.expiryMarker.get(marker).go()).data).not.toBeNull();
    clock.advance(86_400_000);
    // The run's counts cover every holder of the shared table's buckets: only this fan's rows are checked.
    await expireDueLots(deps, job);
    expect(await readLots(deps.db, fan)).toEqual([]);
    expect((await deps.db.entities.expiryMarker.get(marker).go()).data).toBeNull();
  });
});

describe('leaving', () => {
  it('deletes lots, history and caps; the journal and the payment stay for accounting', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    expect((await buy(b, cardId, 100)).status).toBe(200);
    expect((await api('/auth/leave', { method: 'POST', body: {}, token: b.token })).status).toBe(200);
    const items = await itemsMentioning(b.profileId);
    expect(items.map((i) => (i.pk as string).split('#')[0]).sort()).toEqual(['journal', 'payment']);
  });
});
