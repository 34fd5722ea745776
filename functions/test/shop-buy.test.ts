/**
 * Issue 13, the buyer's side: the item page (`GET /shop/item/{id}`), the cart (`/mypage/cart`…)
 * and the purchase handler (`POST /shop/purchase/point`), through the local gateway.
 */
import { businessConfig } from '@app/shared/config';
import { cartResponse, shopItemView } from '@app/shared/schemas/shop';
import { V } from '@app/shared/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { creator, fan, give, type Member } from './helpers/chat.ts';
import { api, issuePaths, testDb } from './helpers/cloud.ts';
import { putItem } from './helpers/shop.ts';

const db = testDb();
const MAX = businessConfig.shop.cartLinesMax;
const itemPath = (id: string) => `/shop/item/${id}`;
const setLine = (m: Member, itemId: string, quantity = 1) =>
  api('/mypage/cart', { token: m.token, body: { item_id: itemId, quantity } });
const getCart = (m: Member) => api('/mypage/cart', { token: m.token });

describe('GET /shop/item/{id}', () => {
  let c: Member;
  let f: Member;
  beforeAll(async () => {
    [c, f] = await Promise.all([creator(), fan()]);
    await db.entities.shop
      .put({
        creatorId: c.profileId,
        drafts: 0,
        pinned: 0,
        shopName: 'さくら商店',
        disclosureMode: 'full',
        disclosure: { seller: '桜井さくら', address: '東京都千代田区1-1', email: 'shop@example.com' },
      })
      .go();
  });

  it('shows a published item to a guest, without viewer, with samples and the shop disclosure', async () => {
    const item = await putItem(c.profileId, { stockLimited: true, remaining: 3, lowStockThreshold: 5 });
    const res = await api(itemPath(item.itemId));
    expect(res.status).toBe(200);
    const view = shopItemView.parse(res.body);
    expect(view).toMatchObject({
      id: item.itemId,
      name: item.name,
      price: 1000,
      points: 100,
      sale_state: 'on_sale',
      stock_label: 'low',
      remaining: 3,
      max_quantity: 1,
      contents: { images: 1, zip: false, video: false },
      viewer: null,
      creator: { id: c.profileId, username: c.username },
      shop: { shop_name: 'さくら商店', disclosure_mode: 'full' },
    });
    expect(view.shop.disclosure.seller).toBe('桜井さくら');
    expect(view.samples).toHaveLength(1);
    expect(view.samples[0]?.url).toMatch(/\/media\/sample\/.+\/full\.webp$/);
    expect(view.samples[0]?.thumb).toMatch(/\/thumb\.webp$/);
    expect(view.thumbnail).toMatch(/item-thumbnail/);
  });

  it('hides the remaining count when the item does not show its stock (the sold-out label stays)', async () => {
    const plenty = await putItem(c.profileId, { stockLimited: true, remaining: 50, showStock: false });
    const soldOut = await putItem(c.profileId, { stockLimited: true, remaining: 0, showStock: false });
    const a = shopItemView.parse((await api(itemPath(plenty.itemId))).body);
    const b = shopItemView.parse((await api(itemPath(soldOut.itemId))).body);
    expect([a.stock_label, a.remaining]).toEqual([null, null]);
    expect([b.stock_label, b.remaining]).toEqual(['sold_out', null]);
  });

  it('answers item_not_found for a draft, a deleted item and an unknown id, to anyone (the owner too)', async () => {
    const draft = await putItem(c.profileId, { status: 'draft' });
    const deleted = await putItem(c.profileId, {
      deletedAt: new Date().toISOString(),
      shopOwner: `deleted#${c.profileId}`,
    });
    for (const id of [draft.itemId, deleted.itemId, '01ARZ3NDEKTSV4RRFFQ69G5FAV']) {
      for (const token of [undefined, f.token, c.token]) {
        const res = await api(itemPath(id), token ? { token } : {});
        expect([res.status, res.body.code]).toEqual([404, 'item_not_found']);
      }
    }
    const bad = await api('/shop/item/not-an-id');
    expect([bad.status, bad.body.code]).toEqual([404, 'item_not_found']);
  });

  it('opens a hidden item for its creator only', async () => {
    const hidden = await putItem(c.profileId, { isPublic: false });
    expect((await api(itemPath(hidden.itemId))).status).toBe(404);
    expect((await api(itemPath(hidden.itemId), { token: f.token })).status).toBe(404);
    const own = await api(itemPath(hidden.itemId), { token: c.token });
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(hidden.itemId);
  });

  it('gives a signed-in fan the balance, the creator original points, ownership and the cart quantity', async () => {
    const phys = await putItem(c.profileId, { itemType: 'physical', images: [], price: 500 });
    const other = await creator();
    await Promise.all([
      give(f.profileId, 300),
      give(f.profileId, 40, 'original', c.profileId),
      give(f.profileId, 7, 'original', other.profileId),
    ]);
    expect((await setLine(f, phys.itemId, 3)).status).toBe(200);
    const view = shopItemView.parse((await api(itemPath(phys.itemId), { token: f.token })).body);
    expect(view.max_quantity).toBe(businessConfig.shop.physicalQuantityMax);
    expect(view.viewer).toMatchObject({
      original_points: 40,
      owned_line_id: null,
      in_cart: 3,
      refusal: null,
    });
    expect(view.viewer?.balance.mushroom).toBe(300);

    const owned = await putItem(c.profileId);
    await db.entities.ownership
      .put({
        buyerId: f.profileId,
        itemId: owned.itemId,
        lineId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
        createdAt: new Date().toISOString(),
      })
      .go();
    const mine = shopItemView.parse((await api(itemPath(owned.itemId), { token: f.token })).body);
    expect(mine.viewer?.owned_line_id).toBe('01ARZ3NDEKTSV4RRFFQ69G5FAV');
  });

  it('shows the sale state of a scheduled and an ended item', async () => {
    const hour = 3_600_000;
    const later = await putItem(c.profileId, { openAt: new Date(Date.now() + hour).toISOString() });
    const over = await putItem(c.profileId, {
      openAt: new Date(Date.now() - 3 * hour).toISOString(),
      closeAt: new Date(Date.now() - hour).toISOString(),
    });
    expect((await api(itemPath(later.itemId))).body.sale_state).toBe('scheduled');
    expect((await api(itemPath(over.itemId))).body.sale_state).toBe('ended');
  });
});

describe('the cart', () => {
  let c: Member;
  beforeAll(async () => {
    c = await creator();
  });

  it('adds, sets the quantity, removes; the view carries items, creators and the total', async () => {
    const f = await fan();
    const phys = await putItem(c.profileId, { itemType: 'physical', images: [], price: 300 });
    const photo = await putItem(c.profileId, { price: 1200 });
    expect((await setLine(f, phys.itemId, 2)).status).toBe(200);
    const added = await setLine(f, photo.itemId);
    expect(added.status).toBe(200);
    let cart = cartResponse.parse(added.body);
    expect(cart.lines.map((l) => [l.item.id, l.quantity, l.points])).toEqual([
      [phys.itemId, 2, 60],
      [photo.itemId, 1, 120],
    ]);
    expect(cart.total_points).toBe(180);
    expect(cart.lines[0]?.creator.username).toBe(c.username);
    expect(cart.original_points).toEqual({ [c.profileId]: 0 });

    cart = cartResponse.parse((await setLine(f, phys.itemId, 5)).body);
    expect(cart.lines.map((l) => l.quantity)).toEqual([5, 1]);
    expect(cart.total_points).toBe(270);

    cart = cartResponse.parse(
      (await api('/mypage/cart/delete', { token: f.token, body: { item_id: phys.itemId } })).body,
    );
    expect(cart.lines.map((l) => l.item.id)).toEqual([photo.itemId]);
    cart = cartResponse.parse((await getCart(f)).body);
    expect(cart.total_points).toBe(120);
  });

  it('keeps a digital item at quantity 1 and refuses items the fan may not see', async () => {
    const f = await fan();
    const photo = await putItem(c.profileId);
    const two = await setLine(f, photo.itemId, 2);
    expect(two.status).toBe(422);
    expect(issuePaths(two.body)).toEqual({ quantity: V.itemQuantity });
    const eleven = await setLine(f, photo.itemId, 11);
    expect(eleven.status).toBe(422);
    const hidden = await putItem(c.profileId, { isPublic: false });
    const draft = await putItem(c.profileId, { status: 'draft' });
    for (const id of [hidden.itemId, draft.itemId]) {
      const res = await setLine(f, id);
      expect([res.status, res.body.code]).toEqual([404, 'item_not_found']);
    }
    expect(cartResponse.parse((await getCart(f)).body).lines).toEqual([]);
  });

  it('shows a line whose item was hidden or deleted since as unavailable', async () => {
    const f = await fan();
    const item = await putItem(c.profileId);
    await setLine(f, item.itemId);
    await db.entities.item.patch({ itemId: item.itemId }).set({ isPublic: false }).go();
    const cart = cartResponse.parse((await getCart(f)).body);
    expect(cart.lines.map((l) => l.refusal)).toEqual(['item_unavailable']);
  });

  it(`holds at most ${MAX} lines, however many adds race`, async () => {
    const f = await fan();
    const items = await Promise.all(Array.from({ length: MAX + 5 }, () => putItem(c.profileId)));
    const results = await Promise.all(items.map((i) => setLine(f, i.itemId)));
    const ok = results.filter((r) => r.status === 200).length;
    const full = results.filter((r) => r.status === 409 && r.body.code === 'cart_full');
    expect(ok).toBe(MAX);
    expect(full).toHaveLength(5);
    expect(full[0]?.body.params).toEqual({ cart_max: MAX });
    const cart = cartResponse.parse((await getCart(f)).body);
    expect(cart.lines).toHaveLength(MAX);
    // Every line that answered 200 is in the cart: no write lost another.
    const kept = new Set(cart.lines.map((l) => l.item.id));
    items.forEach((item, i) => {
      expect(kept.has(item.itemId)).toBe(results[i]?.status === 200);
    });
  });

  it('loses no change when quantities and removals race on one cart (versioned writes)', async () => {
    const f = await fan();
    const items = await Promise.all(
      Array.from({ length: 6 }, () => putItem(c.profileId, { itemType: 'physical', images: [] })),
    );
    for (const i of items.slice(0, 3)) await setLine(f, i.itemId);
    const before = (await db.entities.cart.get({ buyerId: f.profileId }).go({ consistent: true })).data;
    await Promise.all([
      setLine(f, items[0]?.itemId as string, 4),
      api('/mypage/cart/delete', { token: f.token, body: { item_id: items[1]?.itemId } }),
      setLine(f, items[3]?.itemId as string, 2),
      setLine(f, items[4]?.itemId as string, 3),
      setLine(f, items[5]?.itemId as string, 1),
    ]);
    const after = (await db.entities.cart.get({ buyerId: f.profileId }).go({ consistent: true })).data;
    expect(new Map(after?.lines.map((l) => [l.itemId, l.quantity]))).toEqual(
      new Map([
        [items[0]?.itemId, 4],
        [items[2]?.itemId, 1],
        [items[3]?.itemId, 2],
        [items[4]?.itemId, 3],
        [items[5]?.itemId, 1],
      ]),
    );
    // One version step per committed change.
    expect(after?.version).toBe((before?.version ?? 0) + 5);
  });

  it("leaves another fan's cart untouched: every call acts on the caller's own cart", async () => {
    const [a, b] = await Promise.all([fan(), fan()]);
    const item = await putItem(c.profileId);
    await setLine(a, item.itemId);
    const del = await api('/mypage/cart/delete', { token: b.token, body: { item_id: item.itemId } });
    expect(del.status).toBe(200);
    expect(cartResponse.parse(del.body).lines).toEqual([]);
    expect(cartResponse.parse((await getCart(a)).body).lines.map((l) => l.item.id)).toEqual([item.itemId]);
    expect(cartResponse.parse((await getCart(b)).body).lines).toEqual([]);
  });

  it('refuses creators on every cart call and the purchase', async () => {
    const item = await putItem(c.profileId);
    const other = await creator();
    const calls = [
      getCart(other),
      setLine(other, item.itemId),
      api('/mypage/cart/delete', { token: other.token, body: { item_id: item.itemId } }),
      api('/mypage/cart/checkout', {
        token: other.token,
        body: { agree_terms: true, key: crypto.randomUUID(), expected_points: 100 },
      }),
      api('/shop/purchase/point', {
        token: other.token,
        body: {
          item_id: item.itemId,
          amount: 1,
          payment_method: 'point',
          agree_terms: true,
          key: crypto.randomUUID(),
          expected_points: 100,
        },
      }),
    ];
    for (const res of await Promise.all(calls))
      expect([res.status, res.body.code]).toEqual([403, 'creator_purchase']);
    expect((await getCart({ ...other, token: '' })).status).toBe(401);
  });
});
