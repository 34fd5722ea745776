/**
 * Random histories of purchases, grants, spends of every kind, replays, reversals, clock jumps and
 * expiry sweeps, run against DynamoDB Local and against a small reference model written
 * independently of the ledger's rules. They must agree on every balance and every log row, and
 * the journal must recompute to the lots.
 */
import { randomUUID } from 'node:crypto';
import { balanceOf, type LotState } from '@app/shared/ledger';
import type { PointKind, SpendPurpose } from '@app/shared/schemas/points';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotKeyOf } from '../src/db/entities/lot.ts';
import { newId } from '../src/lib/crypto.ts';
import { credit, expireLot, lotState, readLots, reverseSpend, spend } from '../src/services/points/ledger.ts';
import { manualClock, testDb } from './helpers/cloud.ts';

const DAY = 86_400_000;
const LOT_DAYS = 180;

type Op =
  | { op: 'purchase'; points: number }
  | { op: 'grantLeaf'; points: number; days: number }
  | { op: 'grantOriginal'; issuer: 0 | 1; points: number; days: number }
  | {
      op: 'spend';
      purpose: SpendPurpose;
      payee: 0 | 1;
      points: number;
      allowLeaves: boolean;
      useOriginal: boolean;
    }
  | { op: 'replayLast' }
  | { op: 'reverse'; pick: number }
  | { op: 'advance'; ms: number }
  | { op: 'sweep' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('purchase' as const), points: fc.integer({ min: 1, max: 60 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('grantLeaf' as const),
      points: fc.integer({ min: 1, max: 30 }),
      days: fc.integer({ min: 1, max: 200 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('grantOriginal' as const),
      issuer: fc.constantFrom(0 as const, 1 as const),
      points: fc.integer({ min: 1, max: 30 }),
      days: fc.integer({ min: 1, max: 200 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('spend' as const),
      purpose: fc.constantFrom<SpendPurpose>('chat', 'product', 'subscription', 'gift'),
      payee: fc.constantFrom(0 as const, 1 as const),
      points: fc.integer({ min: 1, max: 40 }),
      allowLeaves: fc.boolean(),
      useOriginal: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'replayLast' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 120 * DAY }) }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'sweep' as const }) },
);

interface ModelLot {
  key: string;
  kind: PointKind;
  issuerId: string | null;
  expiresAt: number;
  balance: number;
}

interface ModelRow {
  at: number;
  type: number;
  detail: string;
  points: number;
  parts: { kind: string; issuerId: string | null; points: number }[];
}

/** The reference: plain arrays, its own spend order, no shared code with the ledger's rules. */
class Model {
  lots: ModelLot[] = [];
  rows: ModelRow[] = [];
  spends = new Map<
    string,
    {
      taken: { kind: PointKind; issuerId: string | null; expiresAt: number; points: number }[];
      payee: string;
      points: number;
    }
  >();
  reversed = new Set<string>();

  live(now: number) {
    return this.lots.filter((l) => l.balance > 0 && l.expiresAt > now);
  }

  balance(now: number) {
    const live = this.live(now);
    const of = (k: PointKind) => live.filter((l) => l.kind === k).reduce((s, l) => s + l.balance, 0);
    return { mushroom: of('mushroom'), leaf: of('leaf'), original: of('original') };
  }

  spend(now: number, o: Extract<Op, { op: 'spend' }>, payeeId: string) {
    const order: [PointKind, string | null][] = [];
    if (o.purpose === 'chat') {
      if (o.allowLeaves) order.push(['leaf', null]);
      order.push(['original', payeeId]);
    } else if (o.useOriginal) order.push(['original', payeeId]);
    order.push(['mushroom', null]);
    const candidates = order.flatMap(([kind, issuer]) =>
      this.live(now)
        .filter((l) => l.kind === kind && (kind !== 'original' || l.issuerId === issuer))
        .sort((a, b) => a.expiresAt - b.expiresAt || (a.key < b.key ? -1 : 1)),
    );
    if (candidates.reduce((s, l) => s + l.balance, 0) < o.points) return null;
    let left = o.points;
    const taken: { kind: PointKind; issuerId: string | null; expiresAt: number; points: number }[] = [];
    for (const lot of candidates) {
      if (left === 0) break;
      const n = Math.min(left, lot.balance);
      lot.balance -= n;
      left -= n;
      taken.push({ kind: lot.kind, issuerId: lot.issuerId, expiresAt: lot.expiresAt, points: n });
    }
    this.lots = this.lots.filter((l) => l.balance > 0);
    const parts: ModelRow['parts'] = [];
    for (const t of taken) {
      const p = parts.find((x) => x.kind === t.kind && x.issuerId === t.issuerId);
      if (p) p.points += t.points;
      else parts.push({ kind: t.kind, issuerId: t.issuerId, points: t.points });
    }
    return { taken, parts };
  }
}

const canonical = (rows: ModelRow[]) =>
  rows
    .map((r) => ({
      ...r,
      parts: [...r.parts].sort((a, b) => (a.kind + a.issuerId < b.kind + b.issuerId ? -1 : 1)),
    }))
    .sort((a, b) => a.at - b.at || a.type - b.type || a.points - b.points || (a.detail < b.detail ? -1 : 1));

describe('point ledger against a reference model (property)', () => {
  it('agrees on every balance and every log row, and the journal recomputes to the lots', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 22 }), async (ops) => {
        const clock = manualClock(new Date('2026-03-01T03:00:00.000Z'));
        const deps = { db: testDb(), clock };
        const holderId = newId();
        const issuers = [newId(), newId()] as const;
        const model = new Model();
        let lastSpend: { input: Parameters<typeof spend>[1]; logId: string } | null = null;

        for (const o of ops) {
          const now = clock.now().getTime();
          if (o.op === 'purchase' || o.op === 'grantLeaf' || o.op === 'grantOriginal') {
            const kind: PointKind =
              o.op === 'purchase' ? 'mushroom' : o.op === 'grantLeaf' ? 'leaf' : 'original';
            const issuerId = o.op === 'grantOriginal' ? issuers[o.issuer] : null;
            const days = o.op === 'purchase' ? LOT_DAYS : o.days;
            const r = await credit(deps, {
              holderId,
              kind,
              ...(issuerId ? { issuerId } : {}),
              points: o.points,
              txId: randomUUID(),
              expiresAt: new Date(now + days * DAY),
              journalKind: o.op === 'purchase' ? 'purchase' : 'grant',
              log:
                o.op === 'purchase'
                  ? { type: 3, detail: 'purchased', yen: o.points * 10 }
                  : { type: 4, detail: o.op === 'grantLeaf' ? 'granted' : 'granted_by_creator' },
            });
            expect(r.committed).toBe(true);
            model.lots.push({
              key: r.lotKey,
              kind,
              issuerId,
              expiresAt: now + days * DAY,
              balance: o.points,
            });
            model.rows.push({
              at: now,
              type: o.op === 'purchase' ? 3 : 4,
              detail:
                o.op === 'purchase' ? 'purchased' : o.op === 'grantLeaf' ? 'granted' : 'granted_by_creator',
              points: o.points,
              parts: [{ kind, issuerId, points: o.points }],
            });
          } else if (o.op === 'spend') {
            const payeeId = issuers[o.payee];
            const input = {
              holderId,
              purpose: o.purpose,
              payeeId,
              points: o.points,
              txId: randomUUID(),
              target: 'property',
              allowLeaves: o.allowLeaves,
              useOriginal: o.useOriginal,
            };
            const expected = model.spend(now, o, payeeId);
            if (!expected) {
              await expect(spend(deps, input)).rejects.toMatchObject({ code: 'insufficient_points' });
            } else {
              const r = await spend(deps, input);
              expect(r.parts).toEqual(expected.parts);
              model.rows.push({
                at: now,
                type: 1,
                detail: o.purpose,
                points: o.points,
                parts: expected.parts,
              });
              model.spends.set(input.txId, { taken: expected.taken, payee: payeeId, points: o.points });
              lastSpend = { input, logId: r.logId };
            }
          } else if (o.op === 'replayLast') {
            if (lastSpend) {
              const r = await spend(deps, lastSpend.input);
              expect(r).toMatchObject({ replayed: true, logId: lastSpend.logId });
            }
          } else if (o.op === 'reverse') {
            const open = [...model.spends.keys()].filter((t) => !model.reversed.has(t));
            const txId = open[o.pick % Math.max(1, open.length)];
            if (txId) {
              const s = model.spends.get(txId);
              expect(await reverseSpend(deps, txId)).toEqual({ reversed: true });
              model.reversed.add(txId);
              for (const [i, t] of (s?.taken ?? []).entries()) {
                model.lots.push({
                  key: lotKeyOf(t.kind, t.issuerId, new Date(t.expiresAt).toISOString(), `rev-${txId}-${i}`),
                  kind: t.kind,
                  issuerId: t.issuerId,
                  expiresAt: t.expiresAt,
                  balance: t.points,
                });
              }
              const parts: ModelRow['parts'] = [];
              for (const t of s?.taken ?? []) {
                const p = parts.find((x) => x.kind === t.kind && x.issuerId === t.issuerId);
                if (p) p.points += t.points;
                else parts.push({ kind: t.kind, issuerId: t.issuerId, points: t.points });
              }
              model.rows.push({ at: now, type: 4, detail: 'cancelled', points: s?.points ?? 0, parts });
            }
          } else if (o.op === 'advance') {
            clock.advance(o.ms);
          } else {
            // The expiry job's unit of work, for this holder's lots.
            for (const lot of await readLots(deps.db, holderId)) {
              if (Date.parse(lot.expiresAt) <= now) expect(await expireLot(deps, lot)).toBe(true);
            }
            for (const lot of model.lots.filter((l) => l.expiresAt <= now)) {
              model.rows.push({
                at: lot.expiresAt,
                type: 2,
                detail: 'expired',
                points: lot.balance,
                parts: [{ kind: lot.kind, issuerId: lot.issuerId, points: lot.balance }],
              });
            }
            model.lots = model.lots.filter((l) => l.expiresAt > now);
          }

          // Every balance, after every step.
          const lots = await readLots(deps.db, holderId);
          expect(lots.every((l) => l.balance > 0)).toBe(true);
          const real = balanceOf(lots.map(lotState), clock.now());
          expect({ mushroom: real.mushroom, leaf: real.leaf, original: real.original }).toEqual(
            model.balance(clock.now().getTime()),
          );
        }

        // Every log row, in order of time.
        const { data: logs } = await deps.db.entities.pointLog.query
          .byHolder({ holderId })
          .go({ pages: 'all' });
        const realRows = logs.map((l) => ({
          at: Date.parse(l.createdAt),
          type: l.type,
          detail: l.detail,
          points: l.points,
          parts: l.parts.map((p) => ({ kind: p.kind, issuerId: p.issuerId ?? null, points: p.points })),
        }));
        expect(canonical(realRows)).toEqual(canonical(model.rows));
        const times = realRows.map((r) => r.at);
        expect(times).toEqual([...times].sort((a, b) => a - b));

        // The journal recomputes to the lots (expired but unswept lots included).
        let wallet = 0;
        for (const log of logs) {
          const { data: j } = await deps.db.entities.journal.get({ txId: log.txId }).go();
          expect(j?.lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
          wallet += (j?.lines ?? [])
            .filter((l) => l.account.startsWith(`wallet:${holderId}:`))
            .reduce((s, l) => s + l.amount, 0);
        }
        const lots: LotState[] = (await readLots(deps.db, holderId)).map(lotState);
        expect(wallet).toBe(lots.reduce((s, l) => s + l.balance, 0));
      }),
      { numRuns: 60 },
    );
  }, 240_000);
});
