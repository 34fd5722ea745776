/**
 * The operators' dashboard (issue 17): the platform's daily figures kept by the platform-stats
 * stream consumers, and `GET /admin/dashboard` (today, this month, the queues, the charts' days).
 * The table is shared with the other test files (which ran before), so figures of today are
 * compared before and after; the consumer's own cases use days of a far year of their own.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { incomeOf, PAYMENT_TYPE, rewardRate } from '@app/shared/ledger';
import { type DashboardResponse, dashboardResponse } from '@app/shared/schemas/admin-dashboard';
import type { SpendPurpose } from '@app/shared/schemas/points';
import { addDays } from '@app/shared/time';
import { GetCommand, type QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto.ts';
import { handleRecords } from '../src/lib/stream.ts';
import { httpRoutes, streamConsumers } from '../src/manifest.ts';
import { countQuery, readDashboard, readDays } from '../src/services/admin/dashboard.ts';
import { accountRecord, purchaseRecord, salesRecord } from '../src/services/admin/platform-stats.ts';
import { credit, reverseSpend, spend } from '../src/services/points/ledger.ts';
import { purchase } from '../src/services/shop/purchase.ts';
import { registerAccount } from './helpers/accounts.ts';
import { type AdminSession, signInAdmin } from './helpers/admin.ts';
import { creator, fan, give, priceToday, room, send } from './helpers/chat.ts';
import { api, db as documentClient, drainStreams, manualClock, tableName, testDb } from './helpers/cloud.ts';
import { fanclubTestDeps, joinAs, putFanclub } from './helpers/fanclub.ts';
import { owner } from './helpers/organizations.ts';
import { addCard, buy, buyer } from './helpers/points.ts';
import { shopTestDeps, testItem } from './helpers/shop.ts';
import { profileOf } from './helpers/social.ts';

const db = testDb();
let admin: AdminSession;

beforeAll(async () => {
  admin = await signInAdmin();
});

async function dashboard(): Promise<DashboardResponse> {
  const res = await api('/admin/dashboard', { token: admin.access_token });
  expect(res.status).toBe(200);
  return dashboardResponse.parse(res.body);
}

const typeOf = (d: DashboardResponse['figures']['today'], purpose: SpendPurpose) =>
  d.sales.find((s) => s.payment_type === PAYMENT_TYPE[purpose]);

/** What a sale of `points` of one kind adds: its value and the platform's share. */
const sale = (purpose: SpendPurpose, kind: 'mushroom' | 'leaf' | 'original', points: number) => ({
  points,
  fee: incomeOf(points, rewardRate(purpose, kind, null)).fee,
});

/** The differences of every figure between two dashboards (after minus before; a payment type stays). */
function delta<T>(after: T, before: T): T {
  if (typeof after === 'number') return ((after as number) - (before as number)) as T;
  if (Array.isArray(after)) return after.map((a, i) => delta(a, (before as unknown[])[i])) as T;
  if (after && typeof after === 'object')
    return Object.fromEntries(
      Object.entries(after).map(([k, v]) => [
        k,
        k === 'payment_type' ? v : delta(v, (before as Record<string, unknown>)[k]),
      ]),
    ) as T;
  return after;
}

/** A stream record of the table item at `key` as the stream carries it (INSERT, new image). */
async function recordOf(key: { pk: string; sk: string }, eventId: string): Promise<DynamoDBRecord> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }));
  if (!Item) throw new Error(`no item ${key.pk}`);
  return {
    eventID: eventId,
    eventName: 'INSERT',
    dynamodb: {
      Keys: marshall(key) as never,
      NewImage: marshall(Item) as never,
      SequenceNumber: eventId,
    },
  };
}

describe('the platform-stats consumers', () => {
  it('are in the manifest with their filters, and the route is role 3 only', () => {
    expect(streamConsumers).toEqual(
      expect.arrayContaining([
        {
          handler: 'streams/platform-stats-sales',
          area: 'admin',
          filter: { entity: 'incomeRow', events: ['INSERT'] },
        },
        {
          handler: 'streams/platform-stats-purchases',
          area: 'admin',
          filter: { entity: 'payment', events: ['INSERT', 'MODIFY'], equals: { state: 'completed' } },
        },
        {
          handler: 'streams/platform-stats-accounts',
          area: 'admin',
          filter: { entity: 'profile', events: ['INSERT'] },
        },
      ]),
    );
    expect(httpRoutes.find((r) => r.path === '/admin/dashboard')).toMatchObject({
      method: 'GET',
      handler: 'http/admin/dashboard',
      access: [3],
    });
  });

  // A far year of its own, so that no other test's figures mix in.
  const year = 2040 + Math.floor(Math.random() * 50);
  // 23:59 JST on 31 May is 14:59 UTC; 00:01 JST on 1 June is 15:01 UTC on 31 May.
  const lateMay = new Date(`${year}-05-31T14:59:00Z`);
  const earlyJune = new Date(`${year}-05-31T15:01:00Z`);

  it('puts a spend at 23:59 and one at 00:01 JST on two days (and months), each row once', async () => {
    const [c, f] = [newId(), newId()];
    const at = (d: Date) => ({ db, clock: manualClock(d) });
    // Points credited the day before (lots live 180 days from their credit).
    for (const [kind, points] of [
      ['mushroom', 100],
      ['leaf', 4],
    ] as const)
      await credit(at(new Date(lateMay.getTime() - 86_400_000)), {
        holderId: f,
        kind,
        points,
        txId: newId(),
        journalKind: 'grant',
        log: { type: 4, detail: 'granted' },
      });
    // 23:59: a chat paid with 4 leaves and 2 mushrooms (two rows, one payment).
    const late = await spend(at(lateMay), {
      holderId: f,
      payeeId: c,
      purpose: 'chat',
      points: 6,
      txId: `dash-${newId()}`,
      target: 'room/message',
      allowLeaves: true,
    });
    // 00:01: an item for 50 mushrooms.
    const early = await spend(at(earlyJune), {
      holderId: f,
      payeeId: c,
      purpose: 'product',
      points: 50,
      txId: `dash-${newId()}`,
      target: 'order/line',
    });
    // Through the local cloud's stream…
    await drainStreams();
    // …and again by hand, twice: the same records add nothing.
    const { data: rows } = await db.entities.incomeRow.query.byCreator({ creatorId: c }).go({ pages: 'all' });
    expect(rows).toHaveLength(3);
    const records = await Promise.all(
      rows.map((r) =>
        recordOf({ pk: `income#${c}`, sk: `row#${r.ym}#${r.rowId}` }, `again-${r.rowId}-${randomUUID()}`),
      ),
    );
    const consume = () =>
      handleRecords('platform-stats-sales', { Records: [...records, ...records] }, (r) => salesRecord(db, r));
    expect(await consume()).toEqual({ batchItemFailures: [] });
    expect(await consume()).toEqual({ batchItemFailures: [] });

    const mayDay = `${year}-05-31`;
    const juneDay = `${year}-06-01`;
    const days = await readDays(db, mayDay, juneDay);
    expect(days.get(mayDay)).toEqual({
      points1_leaf: 4,
      fee1_leaf: sale('chat', 'leaf', 4).fee,
      points1_mushroom: 2,
      fee1_mushroom: sale('chat', 'mushroom', 2).fee,
      count1: 1,
    });
    expect(days.get(juneDay)).toEqual({
      points2_mushroom: 50,
      fee2_mushroom: sale('product', 'mushroom', 50).fee,
      count2: 1,
    });
    expect(late.parts).toEqual([
      { kind: 'leaf', issuerId: null, points: 4 },
      { kind: 'mushroom', issuerId: null, points: 2 },
    ]);

    // The dashboard on 1 June (JST): today and this month hold the item only; the chart has both days.
    const view = await readDashboard({
      db,
      clock: manualClock(new Date(`${year}-06-01T03:00:00Z`)),
      client: documentClient(),
    });
    expect(view).toMatchObject({ today: juneDay, month: `${year}-06` });
    for (const period of [view.figures.today, view.figures.month]) {
      expect(typeOf(period, 'product')).toMatchObject({ points: 50, count: 1 });
      expect(typeOf(period, 'chat')).toMatchObject({ points: 0, count: 0 });
      expect(period.total).toMatchObject({ points: 50, count: 1, mushroom_points: 50 });
    }
    expect(view.series).toHaveLength(businessConfig.admin.dashboardDays);
    expect(view.series.at(-1)).toMatchObject({ day: juneDay, sales: { product: 50, chat: 0 } });
    expect(view.series.at(-2)).toMatchObject({ day: mayDay, sales: { chat: 6, product: 0 } });
    expect(view.series[0]?.day).toBe(addDays(juneDay, -(businessConfig.admin.dashboardDays - 1)));

    // A reversal (an operator's refund of the item, on 2 June) takes the sale back on its own day.
    const june2 = new Date(`${year}-06-02T01:00:00Z`);
    expect(await reverseSpend(at(june2), early.txId)).toEqual({ reversed: true });
    await drainStreams();
    const after = await readDashboard({ db, clock: manualClock(june2), client: documentClient() });
    expect(typeOf(after.figures.today, 'product')).toMatchObject({
      points: -50,
      fee: -sale('product', 'mushroom', 50).fee,
      count: -1,
    });
    expect(typeOf(after.figures.month, 'product')).toMatchObject({ points: 0, fee: 0, count: 0 });
  });

  it('counts a settled purchase once (its receipt mark modifies it again) and each new profile once', async () => {
    const uuid = randomUUID();
    const profileId = newId();
    const paidAt = new Date(`${year}-08-10T00:30:00Z`).toISOString();
    const payment = {
      uuid,
      profileId,
      requestHash: 'h',
      state: 'completed' as const,
      yen: 1200,
      mushrooms: 120,
      customerId: 'c',
      sourceId: 's',
      capDay: `${year}-08-10`,
      shard: '0',
      paidAt,
      createdAt: paidAt,
    };
    await db.entities.payment.put(payment).go();
    const paymentRecord = await recordOf({ pk: `payment#${uuid}`, sk: 'payment' }, `p-${uuid}`);
    const modified = { ...paymentRecord, eventID: `m-${uuid}`, eventName: 'MODIFY' as const };
    await db.entities.profile.put({ profileId, roleId: 4, createdAt: paidAt, updatedAt: paidAt }).go();
    const profileRecord = await recordOf({ pk: `profile#${profileId}`, sk: 'profile' }, `a-${profileId}`);
    await drainStreams();
    for (let i = 0; i < 2; i++) {
      expect(
        await handleRecords('platform-stats-purchases', { Records: [paymentRecord, modified] }, (r) =>
          purchaseRecord(db, r),
        ),
      ).toEqual({ batchItemFailures: [] });
      expect(
        await handleRecords('platform-stats-accounts', { Records: [profileRecord, profileRecord] }, (r) =>
          accountRecord(db, r),
        ),
      ).toEqual({ batchItemFailures: [] });
    }
    const day = (await readDays(db, `${year}-08-10`, `${year}-08-10`)).get(`${year}-08-10`);
    expect(day).toEqual({ purchaseYen: 1200, purchaseMushrooms: 120, purchases: 1, accounts4: 1 });
  });
});

describe('GET /admin/dashboard', () => {
  it('shows a paid chat, a stamp, an item, a fan club joining and a mushroom purchase in today’s figures by type', async () => {
    const c = await creator();
    const f = await fan();
    const b = await buyer();
    const card = await addCard(b);
    await priceToday(c.profileId, 3);
    await give(f.profileId, 2, 'leaf');
    await give(f.profileId, 2000);
    const chatroomId = await room(f, c);
    const fanProfile = await profileOf(f);
    const itemId = await testItem({ creatorId: c.profileId, price: 800 });
    await putFanclub(c.profileId, { price: 300 });
    await drainStreams();
    const before = await dashboard();

    // Chat: 3 points (2 leaves and 1 mushroom), then 3 mushrooms; a stamp; an item; a fan club.
    expect((await send(f, chatroomId, { text: 'こんにちは' })).status).toBe(200);
    expect((await send(f, chatroomId, { text: 'もう一通' })).status).toBe(200);
    const stamp = businessConfig.chat.stamps.find((s) => s.id === 'thanks');
    expect((await send(f, chatroomId, { stamp_id: 'thanks' })).status).toBe(200);
    const bought = await purchase(shopTestDeps(manualClock()), fanProfile, {
      lines: [{ itemId, quantity: 1 }],
      key: randomUUID(),
      useOriginal: false,
      expectedPoints: 80,
      source: 'item',
    });
    await joinAs(fanclubTestDeps(manualClock()), fanProfile, c.profileId, 300);
    // A card purchase of 100 mushrooms (1,000 yen).
    expect((await buy(b, card, 100)).status).toBe(200);
    await drainStreams();
    const after = await dashboard();
    const d = delta(after.figures, before.figures);

    const stampCost = stamp?.cost ?? 0;
    for (const period of [d.today, d.month]) {
      // Each row's fee is its own (rounded per row): 1 mushroom in the first message, 3 in the second.
      const mushroomFee = sale('chat', 'mushroom', 1).fee + sale('chat', 'mushroom', 3).fee;
      expect(typeOf(period, 'chat')).toEqual({
        payment_type: 1,
        points: 6,
        fee: sale('chat', 'leaf', 2).fee + mushroomFee,
        count: 2,
        by_kind: {
          leaf: sale('chat', 'leaf', 2),
          mushroom: { points: 4, fee: mushroomFee },
          original: { points: 0, fee: 0 },
        },
      });
      expect(typeOf(period, 'gift')).toMatchObject({
        points: stampCost,
        fee: sale('gift', 'mushroom', stampCost).fee,
        count: 1,
      });
      expect(typeOf(period, 'product')).toMatchObject({
        points: bought.points,
        fee: sale('product', 'mushroom', bought.points).fee,
        count: 1,
      });
      expect(typeOf(period, 'subscription')).toMatchObject({
        points: 300,
        fee: sale('subscription', 'mushroom', 300).fee,
        count: 1,
      });
      expect(period.total).toMatchObject({ points: 6 + stampCost + bought.points + 300, count: 5 });
      expect(period.purchases).toEqual({ yen: 1000, mushrooms: 100, count: 1 });
    }
    expect(bought.points).toBe(80);
    const series = delta(after.series.at(-1), before.series.at(-1));
    expect(series).toMatchObject({
      sales: { chat: 6, gift: stampCost, product: 80, subscription: 300 },
      purchase_yen: 1000,
    });
  }, 120_000);

  it('counts new fans, creators and owners of today', async () => {
    const before = await dashboard();
    await Promise.all([fan(), fan(), creator(), owner(), registerAccount({ roleId: 2 })]);
    await signInAdmin();
    await drainStreams();
    const after = await dashboard();
    expect(delta(after.figures.today.accounts, before.figures.today.accounts)).toEqual({
      fans: 2,
      creators: 2,
      owners: 1,
    });
    expect(delta(after.figures.month.accounts, before.figures.month.accounts)).toEqual({
      fans: 2,
      creators: 2,
      owners: 1,
    });
    expect(delta(after.series.at(-1), before.series.at(-1))).toMatchObject({
      fans: 2,
      creators: 2,
      owners: 1,
    });
  }, 120_000);

  it('counts the queues: reports open and in progress, organizations under review, withdrawals by pending status', async () => {
    const before = await dashboard();
    const at = new Date().toISOString();
    const report = (status: 'open' | 'in_progress' | 'closed') =>
      db.entities.report
        .put({ reportId: newId(), reporterId: newId(), targetId: newId(), type: 1, status, createdAt: at })
        .go();
    await Promise.all([
      report('open'),
      report('open'),
      report('open'),
      report('in_progress'),
      report('in_progress'),
      report('closed'),
    ]);
    const organization = (status: 'review' | 'approved') =>
      db.entities.organization
        .put({
          organizationId: newId(),
          name: 'テスト組織',
          category: 1,
          isPublic: true,
          status,
          lang: 'ja',
          submittedAt: at,
          version: 1,
          createdAt: at,
          updatedAt: at,
        })
        .go();
    await Promise.all([organization('review'), organization('review'), organization('approved')]);
    const withdrawal = (status: 'unconfirmed' | 'checking' | 'reapplying' | 'approved') =>
      db.entities.withdrawal
        .put({
          creatorId: newId(),
          ym: '2026-10',
          status,
          requestedAmount: 5000,
          fee: 0,
          requestedAt: at,
          transferDate: '2026-11-10',
          bank: {
            bankCode: '0001',
            bankName: 'みずほ',
            branchCode: '001',
            branchName: '東京営業部',
            accountType: '1',
            accountNumber: '1234567',
            accountOwner: 'ﾃｽﾄ',
          },
          version: 1,
          events: [],
          updatedAt: at,
        })
        .go();
    await Promise.all([
      withdrawal('unconfirmed'),
      withdrawal('checking'),
      withdrawal('checking'),
      withdrawal('reapplying'),
      withdrawal('approved'),
    ]);
    const after = await dashboard();
    expect(delta(after.queues, before.queues)).toEqual({
      reports: { open: 3, in_progress: 2 },
      organizations_review: 2,
      withdrawals: { unconfirmed: 1, checking: 2, reapplying: 1 },
    });
  });

  it('counts past a page of the index (LastEvaluatedKey)', async () => {
    // 1 MB pages of the index: 150 reports of 8 KB make the count read more than one page.
    const sent: unknown[] = [];
    const client = {
      send: (command: QueryCommand) => {
        sent.push(command.input.ExclusiveStartKey);
        return documentClient().send(command);
      },
    };
    const params = db.entities.report.query.byStatus({ status: 'open' }).params();
    const before = await countQuery({ client }, params);
    const at = new Date().toISOString();
    const detail = 'x'.repeat(8000);
    for (let i = 0; i < 150; i += 25)
      await Promise.all(
        Array.from({ length: 25 }, () =>
          db.entities.report
            .put({
              reportId: newId(),
              reporterId: newId(),
              targetId: newId(),
              type: 4,
              detail,
              createdAt: at,
            })
            .go(),
        ),
      );
    sent.length = 0;
    expect(await countQuery({ client }, params)).toBe(before + 150);
    expect(sent.length).toBeGreaterThan(1);
    expect((await dashboard()).queues.reports.open).toBe(before + 150);
  });

  it('refuses other roles and guests', async () => {
    const f = await fan();
    expect((await api('/admin/dashboard', { token: f.token })).status).toBe(403);
    expect((await api('/admin/dashboard')).status).toBe(401);
  });
});
