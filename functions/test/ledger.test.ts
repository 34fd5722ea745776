import { businessConfig } from '@app/shared/config';
import { isLive } from '@app/shared/ledger';
import { jstMonth } from '@app/shared/time';
import { describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto.ts';
import {
  credit,
  expireLot,
  lotState,
  readIncomeMonth,
  readLots,
  reverseSpend,
  spend,
} from '../src/services/points/ledger.ts';
import { manualClock, testDb } from './helpers/cloud.ts';

const DAY = 86_400_000;

function deps(clock = manualClock()) {
  return { db: testDb(), clock };
}

async function liveBalance(d: ReturnType<typeof deps>, holderId: string) {
  const lots = await readLots(d.db, holderId);
  return lots
    .map(lotState)
    .filter((l) => isLive(l, d.clock.now()))
    .reduce((s, l) => s + l.balance, 0);
}

/** Σ of the holder's wallet lines over every journal the point log points to. */
async function journalWallet(d: ReturnType<typeof deps>, holderId: string) {
  const { data: logs } = await d.db.entities.pointLog.query.byHolder({ holderId }).go({ pages: 'all' });
  let total = 0;
  for (const log of logs) {
    const { data: j } = await d.db.entities.journal.get({ txId: log.txId }).go();
    expect(j).not.toBeNull();
    expect(j?.lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    total += (j?.lines ?? [])
      .filter((l) => l.account.startsWith(`wallet:${holderId}:`))
      .reduce((s, l) => s + l.amount, 0);
  }
  return total;
}

const purchase = (d: ReturnType<typeof deps>, holderId: string, points: number, txId = newId()) =>
  credit(d, {
    holderId,
    kind: 'mushroom',
    points,
    txId,
    journalKind: 'purchase',
    log: { type: 3, detail: 'purchased', yen: points * 10 },
  });

describe('point ledger', () => {
  it('spends leaves first in chat, then mushrooms, and credits the creator at 50 %', async () => {
    const d = deps();
    const fan = newId();
    const creator = newId();
    await purchase(d, fan, 100);
    await credit(d, {
      holderId: fan,
      kind: 'leaf',
      points: 3,
      txId: newId(),
      journalKind: 'grant',
      log: { type: 4, detail: 'granted' },
    });
    const result = await spend(d, {
      holderId: fan,
      purpose: 'chat',
      payeeId: creator,
      points: 5,
      txId: newId(),
      target: 'room',
    });
    expect(result.parts).toEqual([
      { kind: 'leaf', issuerId: null, points: 3 },
      { kind: 'mushroom', issuerId: null, points: 2 },
    ]);
    expect(await liveBalance(d, fan)).toBe(98);
    expect(await readIncomeMonth(d.db, creator, jstMonth(d.clock.now()), true)).toEqual({
      revenue: 5,
      income: 1,
      fee: 4,
    });
    expect(await journalWallet(d, fan)).toBe(98);
  });

  it('refuses a spend larger than the live balance and a replay with another body', async () => {
    const d = deps();
    const fan = newId();
    await purchase(d, fan, 10);
    await expect(
      spend(d, { holderId: fan, purpose: 'gift', payeeId: 'c', points: 11, txId: newId(), target: 't' }),
    ).rejects.toMatchObject({ code: 'insufficient_points' });
    const txId = newId();
    const first = await spend(d, {
      holderId: fan,
      purpose: 'gift',
      payeeId: 'c',
      points: 4,
      txId,
      target: 't',
    });
    const again = await spend(d, {
      holderId: fan,
      purpose: 'gift',
      payeeId: 'c',
      points: 4,
      txId,
      target: 't',
    });
    expect(again).toMatchObject({ logId: first.logId, replayed: true });
    await expect(
      spend(d, { holderId: fan, purpose: 'gift', payeeId: 'c', points: 5, txId, target: 't' }),
    ).rejects.toMatchObject({ code: 'idempotency_mismatch' });
    expect(await liveBalance(d, fan)).toBe(6);
  });

  it('100 simultaneous spends from a wallet that covers one: exactly one succeeds', async () => {
    const d = deps();
    const fan = newId();
    await purchase(d, fan, 7);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        spend(d, {
          holderId: fan,
          purpose: 'product',
          payeeId: 'shop',
          points: 7,
          txId: newId(),
          target: 'item',
        }),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes
      .filter((o) => o.status === 'rejected')
      .map((o) => (o as PromiseRejectedResult).reason.code);
    expect(ok).toHaveLength(1);
    expect(new Set(refused)).toEqual(new Set(['insufficient_points']));
    const lots = await readLots(d.db, fan);
    expect(lots.every((l) => l.balance >= 0)).toBe(true);
    expect(await liveBalance(d, fan)).toBe(0);
    expect(await journalWallet(d, fan)).toBe(0);
  }, 60_000);

  it('expired lots leave the balance at the instant and the job writes a type-2 row once', async () => {
    const clock = manualClock(new Date('2026-01-10T00:00:00Z'));
    const d = deps(clock);
    const fan = newId();
    await purchase(d, fan, 50);
    clock.advance(180 * DAY - 1);
    expect(await liveBalance(d, fan)).toBe(50);
    clock.advance(1);
    expect(await liveBalance(d, fan)).toBe(0);
    await expect(
      spend(d, { holderId: fan, purpose: 'gift', payeeId: 'c', points: 1, txId: newId(), target: 't' }),
    ).rejects.toMatchObject({ code: 'insufficient_points' });
    const [lot] = await readLots(d.db, fan);
    expect(lot).toBeDefined();
    if (!lot) return;
    expect(await expireLot(d, lot)).toBe(true);
    expect(await expireLot(d, lot)).toBe(false);
    const { data: logs } = await d.db.entities.pointLog.query.byHolder({ holderId: fan }).go();
    expect(logs.map((l) => [l.type, l.detail, l.points])).toEqual([
      [3, 'purchased', 50],
      [2, 'expired', 50],
    ]);
    expect(await journalWallet(d, fan)).toBe(0);
  });

  it('a reversal returns the points with their own expiry and takes the income back', async () => {
    const d = deps();
    const fan = newId();
    const creator = newId();
    await purchase(d, fan, 20);
    const s = await spend(d, {
      holderId: fan,
      purpose: 'product',
      payeeId: creator,
      points: 20,
      txId: newId(),
      target: 'item',
    });
    expect(await liveBalance(d, fan)).toBe(0);
    expect(await reverseSpend(d, s.txId)).toEqual({ reversed: true });
    expect(await reverseSpend(d, s.txId)).toEqual({ reversed: false });
    expect(await liveBalance(d, fan)).toBe(20);
    expect(await readIncomeMonth(d.db, creator, jstMonth(d.clock.now()), true)).toEqual({
      revenue: 0,
      income: 0,
      fee: 0,
    });
    expect(await journalWallet(d, fan)).toBe(20);
  });

  it('a creator’s month totals are spread over write shards and summed exactly', async () => {
    const d = deps();
    const fan = newId();
    const creator = newId();
    await purchase(d, fan, 100);
    for (let i = 0; i < 12; i++)
      await spend(d, {
        holderId: fan,
        purpose: 'chat',
        payeeId: creator,
        points: 5,
        txId: newId(),
        target: 'room',
      });
    const { data: shards } = await d.db.entities.incomeMonth.query
      .byCreator({ creatorId: creator, ym: jstMonth(d.clock.now()) })
      .go({ consistent: true });
    // 12 sales over 8 shards by their movement ids: never all on one item.
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.length).toBeLessThanOrEqual(businessConfig.points.incomeShards);
    expect(await readIncomeMonth(d.db, creator, jstMonth(d.clock.now()), true)).toEqual({
      revenue: 60,
      // 50 % of 5 points per sale, rounded down for the creator: 2 each.
      fee: 36,
      income: 24,
    });
  });
});
