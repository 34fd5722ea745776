import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { lotExpiry } from '@app/shared/ledger';
import { jstDate } from '@app/shared/time';
import { describe, expect, inject, it } from 'vitest';
import { squareGateway } from '../src/lib/square.ts';
import { expireDueLots } from '../src/services/points/expiry.ts';
import { credit, readLots } from '../src/services/points/ledger.ts';
import { reconcilePending } from '../src/services/points/purchase.ts';
import { api, itemsMentioning, mailsTo, manualClock, testDb } from './helpers/cloud.ts';
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

describe('payment reconciler', () => {
  it('completes a payment left pending before the charge (a crash), once', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    const uuid = randomUUID();
    const deps = paymentDeps();
    const createdAt = new Date(Date.now() - 20 * MINUTE);
    // What step 1 leaves behind when the function dies before calling Square.
    await deps.db.entities.payment
      .create({
        uuid,
        profileId: b.profileId,
        requestHash: 'crashed',
        state: 'pending',
        yen: 500,
        mushrooms: 50,
        customerId: b.customerId,
        sourceId: cardId,
        capDay: `day#${jstDate(createdAt)}`,
        shard: '0',
        createdAt: createdAt.toISOString(),
      })
      .go();
    const first = await reconcilePending(deps, P.pendingPaymentMinutes * MINUTE);
    expect(first.completed).toBeGreaterThanOrEqual(1);
    const again = await reconcilePending(deps, P.pendingPaymentMinutes * MINUTE);
    expect(again.completed).toBe(0);
    expect((await squareCharges(uuid)).filter((c) => c.status === 'COMPLETED')).toHaveLength(1);
    const store = await api('/store', { token: b.token });
    expect(store.body.balance.mushroom).toBe(50);
  });

  it('leaves a payment pending while Square cannot be reached, and credits nothing', async () => {
    const b = await buyer();
    const res = await buy(b, SANDBOX_NONCES.networkError, 100);
    expect(res.body.code).toBe('card_network');
    const deps = paymentDeps(manualClock(new Date(Date.now() + 16 * MINUTE)));
    const counts = await reconcilePending(deps, P.pendingPaymentMinutes * MINUTE);
    expect(counts.pending).toBeGreaterThanOrEqual(1);
    expect((await api('/store', { token: b.token })).body.balance.total).toBe(0);
    expect(await mailsTo(b.email)).toEqual([]);
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
