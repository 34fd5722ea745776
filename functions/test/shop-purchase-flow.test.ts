/**
 * Issue 13, the buyer's side: the purchase handler (`POST /shop/purchase/point`) and the cart's
 * checkout over the purchase core (services/shop/purchase.ts), through the local gateway.
 */
import { cartResponse, shopItemView } from '@app/shared/schemas/shop';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceFor } from '../src/services/points/balance.ts';
import { purchase } from '../src/services/shop/purchase.ts';
import { creator, fan, give, type Member } from './helpers/chat.ts';
import { api, db as raw, tableName, testDb } from './helpers/cloud.ts';
import { putItem } from './helpers/shop.ts';

const db = testDb();
const itemPath = (id: string) => `/shop/item/${id}`;
const setLine = (m: Member, itemId: string, quantity = 1) =>
  api('/mypage/cart', { token: m.token, body: { item_id: itemId, quantity } });
const getCart = (m: Member) => api('/mypage/cart', { token: m.token });

const buy = (m: Member, itemId: string, over: Record<string, unknown> = {}) =>
  api('/shop/purchase/point', {
    token: m.token,
    body: {
      item_id: itemId,
      amount: 1,
      payment_method: 'point',
      agree_terms: true,
      key: crypto.randomUUID(),
      expected_points: 100,
      ...over,
    },
  });
const mushrooms = async (m: Member) => (await balanceFor(db, m.profileId, new Date())).mushroom;

describe('POST /shop/purchase/point', () => {
  let c: Member;
  beforeAll(async () => {
    c = await creator();
  });

  it('buys once for one key, however often it is sent', async () => {
    const f = await fan();
    await give(f.profileId, 300);
    const item = await putItem(c.profileId);
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([buy(f, item.itemId, { key }), buy(f, item.itemId, { key })]);
    const again = await buy(f, item.itemId, { key });
    for (const r of [a, b, again]) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set([a.body.order_id, b.body.order_id, again.body.order_id]).size).toBe(1);
    expect(again.body.replayed).toBe(true);
    expect(await mushrooms(f)).toBe(200);
    const view = shopItemView.parse((await api(itemPath(item.itemId), { token: f.token })).body);
    expect(view.viewer?.owned_line_id).toBe(a.body.line_ids[0]);
    expect(view.viewer?.refusal).toBe('item_owned');
  });

  it('answers purchase_changed when the points confirmed are not the price, and buys nothing', async () => {
    const f = await fan();
    await give(f.profileId, 300);
    const item = await putItem(c.profileId);
    const res = await buy(f, item.itemId, { expected_points: 90 });
    expect([res.status, res.body.code]).toEqual([409, 'purchase_changed']);
    expect(await mushrooms(f)).toBe(300);
  });

  it('refuses outside the sale window and when sold out, and keeps the points', async () => {
    const f = await fan();
    await give(f.profileId, 300);
    const hour = 3_600_000;
    const later = await putItem(c.profileId, { openAt: new Date(Date.now() + hour).toISOString() });
    const over = await putItem(c.profileId, {
      openAt: new Date(Date.now() - 3 * hour).toISOString(),
      closeAt: new Date(Date.now() - hour).toISOString(),
    });
    const gone = await putItem(c.profileId, { stockLimited: true, remaining: 0 });
    const codes = await Promise.all([later, over, gone].map(async (i) => (await buy(f, i.itemId)).body.code));
    expect(codes).toEqual(['item_not_on_sale_yet', 'item_sale_ended', 'item_sold_out']);
    expect(await mushrooms(f)).toBe(300);
    const page = shopItemView.parse((await api(itemPath(gone.itemId), { token: f.token })).body);
    expect(page.viewer?.refusal).toBe('item_sold_out');
  });

  it('tells an under-18 fan on the item page that a sensitive item is refused, and refuses the purchase', async () => {
    const f = await fan();
    await give(f.profileId, 300);
    const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;
    await raw().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `profile#${f.profileId}`, sk: 'user-info' },
        UpdateExpression: 'SET birthDate = :b',
        ExpressionAttributeValues: { ':b': sixteen },
      }),
    );
    const item = await putItem(c.profileId, { sensitive: true });
    const page = shopItemView.parse((await api(itemPath(item.itemId), { token: f.token })).body);
    expect([page.sensitive, page.viewer?.refusal]).toEqual([true, 'item_sensitive_minor']);
    const res = await buy(f, item.itemId);
    expect([res.status, res.body.code]).toEqual([403, 'item_sensitive_minor']);
    expect(await mushrooms(f)).toBe(300);
  });

  it('names the refusal on the item page for its creator and another creator', async () => {
    const item = await putItem(c.profileId);
    const other = await creator();
    const own = shopItemView.parse((await api(itemPath(item.itemId), { token: c.token })).body);
    const theirs = shopItemView.parse((await api(itemPath(item.itemId), { token: other.token })).body);
    expect(own.viewer?.refusal).toBe('creator_purchase');
    expect(theirs.viewer?.refusal).toBe('creator_purchase');
  });
});

describe('POST /mypage/cart/checkout', () => {
  let c: Member;
  beforeAll(async () => {
    c = await creator();
  });
  const checkout = (m: Member, expected: number, key = crypto.randomUUID()) =>
    api('/mypage/cart/checkout', {
      token: m.token,
      body: { agree_terms: true, key, expected_points: expected },
    });

  it('buys every line at once and empties the cart', async () => {
    const f = await fan();
    await give(f.profileId, 500);
    const a = await putItem(c.profileId, { itemType: 'physical', images: [], price: 300 });
    const b = await putItem(c.profileId);
    await setLine(f, a.itemId, 2);
    await setLine(f, b.itemId);
    const res = await checkout(f, 160);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.line_ids).toHaveLength(2);
    expect(res.body.points).toBe(160);
    expect(await mushrooms(f)).toBe(340);
    expect(cartResponse.parse((await getCart(f)).body).lines).toEqual([]);
  });

  it('answers a checkout sent again with the same key with its order (the cart is gone), once', async () => {
    const f = await fan();
    await give(f.profileId, 500);
    const a = await putItem(c.profileId);
    await setLine(f, a.itemId);
    const key = crypto.randomUUID();
    const first = await checkout(f, 100, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await checkout(f, 100, key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect([again.body.order_id, again.body.replayed]).toEqual([first.body.order_id, true]);
    expect(await mushrooms(f)).toBe(400);
    // Another key on the empty cart buys nothing.
    const other = await checkout(f, 100);
    expect([other.status, other.body.code]).toEqual([409, 'cart_empty']);
  });

  it('buys nothing when the cart changed after the checkout read it (versioned delete)', async () => {
    const f = await fan();
    await give(f.profileId, 500);
    const a = await putItem(c.profileId);
    const b = await putItem(c.profileId);
    await setLine(f, a.itemId);
    const read = (await db.entities.cart.get({ buyerId: f.profileId }).go({ consistent: true })).data;
    await setLine(f, b.itemId);
    const { profile } = { profile: (await db.entities.profile.get({ profileId: f.profileId }).go()).data };
    const deps = { db, clock: { now: () => new Date() } } as unknown as Parameters<typeof purchase>[0];
    await expect(
      purchase(deps, profile as NonNullable<typeof profile>, {
        lines: [{ itemId: a.itemId, quantity: 1 }],
        useOriginal: false,
        key: crypto.randomUUID(),
        expectedPoints: 100,
        source: 'cart',
        cart: { version: read?.version as number },
      }),
    ).rejects.toMatchObject({ code: 'purchase_changed' });
    expect(await mushrooms(f)).toBe(500);
    expect(cartResponse.parse((await getCart(f)).body).lines).toHaveLength(2);
  });

  it('buys nothing when one line is sold out: points, stock and cart kept', async () => {
    const f = await fan();
    await give(f.profileId, 500);
    const a = await putItem(c.profileId, { stockLimited: true, remaining: 5 });
    const b = await putItem(c.profileId, { stockLimited: true, remaining: 1 });
    await setLine(f, a.itemId);
    await setLine(f, b.itemId);
    await db.entities.item.patch({ itemId: b.itemId }).set({ remaining: 0 }).go();
    const res = await checkout(f, 200);
    expect([res.status, res.body.code]).toEqual([409, 'item_sold_out']);
    expect(await mushrooms(f)).toBe(500);
    const stock = (await db.entities.item.get({ itemId: a.itemId }).go({ consistent: true })).data;
    expect(stock?.remaining).toBe(5);
    const owned = await db.entities.ownership.get({ buyerId: f.profileId, itemId: a.itemId }).go();
    expect(owned.data).toBeNull();
    const cart = cartResponse.parse((await getCart(f)).body);
    expect(cart.lines.map((l) => l.refusal)).toEqual([null, 'item_sold_out']);
  });

  it('refuses an empty cart and a total that is not the one confirmed', async () => {
    const f = await fan();
    await give(f.profileId, 500);
    const empty = await checkout(f, 0);
    expect(empty.status).toBe(409);
    const a = await putItem(c.profileId);
    await setLine(f, a.itemId);
    const changed = await checkout(f, 90);
    expect([changed.status, changed.body.code]).toEqual([409, 'purchase_changed']);
    expect(await mushrooms(f)).toBe(500);
  });
});
