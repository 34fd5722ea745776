/**
 * Buying items (services/shop/purchase.ts) against DynamoDB Local: one movement for stock, order,
 * lines, ownership, the ledger spend and the cart, all or nothing; replays by key; the refusals.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { describe, expect, test } from 'vitest';
import { readLots } from '../src/services/points/ledger.ts';
import { purchase } from '../src/services/shop/purchase.ts';
import { give } from './helpers/chat.ts';
import { manualClock, testDb } from './helpers/cloud.ts';
import { fundMany, loadTestDeps, shopTestDeps, testBuyer, testItem } from './helpers/shop.ts';

const deps = () => shopTestDeps(manualClock());
const creatorId = () => `cr${randomUUID().slice(0, 8)}`;

const balanceOf = async (holderId: string) =>
  (await readLots(testDb(), holderId)).reduce((s, l) => s + l.balance, 0);

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
};

const buyOne = (
  buyer: ReturnType<typeof testBuyer>,
  itemId: string,
  points: number,
  opts: { quantity?: number; key?: string; useOriginal?: boolean; d?: ReturnType<typeof deps> } = {},
) =>
  purchase(opts.d ?? deps(), buyer, {
    lines: [{ itemId, quantity: opts.quantity ?? 1 }],
    useOriginal: opts.useOriginal ?? false,
    key: opts.key ?? randomUUID(),
    expectedPoints: points * (opts.quantity ?? 1),
    source: 'item',
  });

describe('shop purchase', () => {
  test('1,000 concurrent purchases of an item with stock 10: 10 orders, 10 debits, stock 0, the rest keep their points', async () => {
    const seller = creatorId();
    const itemId = await testItem({ creatorId: seller, itemType: 'physical', price: 1000, stock: 10 });
    const buyers = Array.from({ length: 1000 }, () => testBuyer());
    await fundMany(
      buyers.map((b) => b.profileId),
      300,
    );
    const d = loadTestDeps(manualClock());
    const results = await Promise.all(buyers.map((b) => codeOf(buyOne(b, itemId, 100, { d }))));
    const won = results.filter((r) => r === 'ok').length;
    expect(won).toBe(10);
    expect(new Set(results.filter((r) => r !== 'ok'))).toEqual(new Set(['item_sold_out']));
    const { data: item } = await testDb().entities.item.get({ itemId }).go({ consistent: true });
    expect(item?.remaining).toBe(0);
    expect(item?.sold).toBe(10);
    const { data: lines } = await testDb()
      .entities.orderLine.query.itemSales({ itemId })
      .go({ pages: 'all' });
    expect(lines).toHaveLength(10);
    const balances = await Promise.all(buyers.map((b) => balanceOf(b.profileId)));
    expect(balances.filter((b) => b === 200)).toHaveLength(10);
    expect(balances.filter((b) => b === 300)).toHaveLength(990);
    const { data: rows } = await testDb()
      .entities.incomeRow.query.byCreator({ creatorId: seller })
      .go({ pages: 'all' });
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.paymentType === 2 && r.income === 95)).toBe(true);
  }, 300_000);

  test('a retried request with the same key buys once, also when the retries race', async () => {
    const buyer = testBuyer();
    await give(buyer.profileId, 1000);
    const itemId = await testItem({ creatorId: creatorId(), itemType: 'physical', price: 1000, stock: 5 });
    const key = randomUUID();
    const d = deps();
    const all = await Promise.all(Array.from({ length: 5 }, () => buyOne(buyer, itemId, 100, { key, d })));
    expect(new Set(all.map((r) => r.order_id)).size).toBe(1);
    expect(all.filter((r) => !r.replayed).length).toBe(1);
    const again = await buyOne(buyer, itemId, 100, { key, d });
    expect(again.replayed).toBe(true);
    expect(again.line_ids).toEqual(all[0]?.line_ids);
    expect(await balanceOf(buyer.profileId)).toBe(900);
    const { data: item } = await testDb().entities.item.get({ itemId }).go({ consistent: true });
    expect(item?.remaining).toBe(4);
    // The same key for another item is refused, not bought.
    const other = await testItem({ creatorId: creatorId(), price: 100 });
    expect(await codeOf(buyOne(buyer, other, 10, { key, d }))).toBe('idempotency_mismatch');
  });

  test('a digital item is bought once, even by two racing requests with different keys', async () => {
    const buyer = testBuyer();
    await give(buyer.profileId, 1000);
    const itemId = await testItem({ creatorId: creatorId(), itemType: 'photo', price: 500 });
    const d = deps();
    const results = await Promise.all([
      codeOf(buyOne(buyer, itemId, 50, { d })),
      codeOf(buyOne(buyer, itemId, 50, { d })),
    ]);
    expect(results.sort()).toEqual(['item_owned', 'ok']);
    expect(await balanceOf(buyer.profileId)).toBe(950);
    const { data: owned } = await testDb().entities.ownership.get({ buyerId: buyer.profileId, itemId }).go();
    expect(owned?.lineId).toBeTruthy();
    expect(await codeOf(buyOne(buyer, itemId, 50, { d }))).toBe('item_owned');
  });

  test('a cart of two shops pays each creator in one movement; original points pay only their issuer', async () => {
    const buyer = testBuyer();
    const [a, b] = [creatorId(), creatorId()];
    await give(buyer.profileId, 200);
    await give(buyer.profileId, 30, 'original', a);
    const itemA = await testItem({ creatorId: a, itemType: 'physical', price: 500 });
    const itemB = await testItem({ creatorId: b, itemType: 'photo', price: 600 });
    const res = await purchase(deps(), buyer, {
      lines: [
        { itemId: itemA, quantity: 2 },
        { itemId: itemB, quantity: 1 },
      ],
      useOriginal: true,
      key: randomUUID(),
      expectedPoints: 160,
      source: 'cart',
    });
    expect(res.points).toBe(160);
    expect(res.line_ids).toHaveLength(2);
    expect(await balanceOf(buyer.profileId)).toBe(200 + 30 - 160);
    const rowsOf = async (c: string) =>
      (await testDb().entities.incomeRow.query.byCreator({ creatorId: c }).go({ pages: 'all' })).data;
    const rowsA = await rowsOf(a);
    expect(rowsA.map((r) => [r.pointType, r.points, r.income]).sort()).toEqual([
      ['mushroom', 70, Math.floor(70 * businessConfig.rewards.productRate)],
      ['original', 30, 0],
    ]);
    expect((await rowsOf(b)).map((r) => [r.pointType, r.points])).toEqual([['mushroom', 60]]);
    const { data: journal } = await testDb()
      .entities.journal.get({
        txId: (await testDb().entities.order.get({ orderId: res.order_id }).go()).data?.txId as string,
      })
      .go();
    expect(journal?.shares).toEqual([
      { payeeId: a, points: 100 },
      { payeeId: b, points: 60 },
    ]);
    expect(journal?.lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
  });

  test('all or nothing: one sold-out line or a short balance buys nothing and takes nothing', async () => {
    const buyer = testBuyer();
    await give(buyer.profileId, 1000);
    const seller = creatorId();
    const ok = await testItem({ creatorId: seller, itemType: 'physical', price: 500, stock: 3 });
    const gone = await testItem({ creatorId: seller, itemType: 'physical', price: 500, stock: 0 });
    const cart = (lines: { itemId: string; quantity: number }[], expectedPoints: number) =>
      purchase(deps(), buyer, {
        lines,
        useOriginal: false,
        key: randomUUID(),
        expectedPoints,
        source: 'cart',
      });
    expect(
      await codeOf(
        cart(
          [
            { itemId: ok, quantity: 1 },
            { itemId: gone, quantity: 1 },
          ],
          100,
        ),
      ),
    ).toBe('item_sold_out');
    expect(await codeOf(cart([{ itemId: ok, quantity: 3 }], 150))).toBe('ok');
    const poor = testBuyer();
    await give(poor.profileId, 40);
    const cheap = await testItem({ creatorId: seller, itemType: 'physical', price: 500, stock: 3 });
    expect(await codeOf(buyOne(poor, cheap, 50))).toBe('insufficient_points');
    const { data: item } = await testDb().entities.item.get({ itemId: cheap }).go();
    expect(item?.remaining).toBe(3);
    expect(await balanceOf(poor.profileId)).toBe(40);
    const { data: lines } = await testDb().entities.orderLine.query.library({ buyerId: poor.profileId }).go();
    expect(lines).toHaveLength(0);
  });

  test('refusals: window, stock short, own item, creators, minors and sensitive items, changed price, quantity', async () => {
    const buyer = testBuyer();
    await give(buyer.profileId, 10_000);
    const seller = creatorId();
    const later = await testItem({
      creatorId: seller,
      openAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const ended = await testItem({
      creatorId: seller,
      openAt: new Date(Date.now() - 7_200_000).toISOString(),
      closeAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const two = await testItem({ creatorId: seller, itemType: 'physical', stock: 2 });
    const hidden = await testItem({ creatorId: seller, isPublic: false });
    const draft = await testItem({ creatorId: seller, status: 'draft' });
    const sensitive = await testItem({ creatorId: seller, sensitive: true });
    expect(await codeOf(buyOne(buyer, later, 50))).toBe('item_not_on_sale_yet');
    expect(await codeOf(buyOne(buyer, ended, 50))).toBe('item_sale_ended');
    expect(await codeOf(buyOne(buyer, two, 50, { quantity: 3 }))).toBe('item_stock_short');
    expect(await codeOf(buyOne(buyer, hidden, 50))).toBe('item_unavailable');
    expect(await codeOf(buyOne(buyer, draft, 50))).toBe('item_not_found');
    expect(await codeOf(buyOne(buyer, two, 40))).toBe('purchase_changed');
    expect(await codeOf(buyOne(buyer, later, 50, { quantity: 2 }))).toBe('validation');
    // No saved date of birth, then under 18: refused; 18 and over: bought.
    expect(await codeOf(buyOne(buyer, sensitive, 50))).toBe('item_sensitive_minor');
    const birth = (years: number) => {
      const d = new Date();
      d.setUTCFullYear(d.getUTCFullYear() - years);
      d.setUTCDate(d.getUTCDate() - 2);
      return d.toISOString().slice(0, 10);
    };
    const putInfo = (profileId: string, birthDate: string) =>
      testDb()
        .entities.userInfo.put({
          profileId,
          fullName: 'テスト',
          notificationEmail: 'fan@example.com',
          gender: 'female',
          birthDate,
          updatedAt: new Date().toISOString(),
        } as never)
        .go();
    await putInfo(buyer.profileId, birth(17));
    expect(await codeOf(buyOne(buyer, sensitive, 50))).toBe('item_sensitive_minor');
    const adult = testBuyer();
    await give(adult.profileId, 100);
    await putInfo(adult.profileId, birth(18));
    expect(await codeOf(buyOne(adult, sensitive, 50))).toBe('ok');
    // The seller, and any creator, cannot buy.
    expect(await codeOf(buyOne(testBuyer({ profileId: seller, roleId: 1, finalStep: 3 }), two, 50))).toBe(
      'item_own',
    );
    expect(await codeOf(buyOne(testBuyer({ roleId: 2, finalStep: 3 }), two, 50))).toBe('creator_purchase');
    expect(await codeOf(buyOne(testBuyer({ finalStep: 1 }), two, 50))).toBe('registration_incomplete');
  });
});
