/**
 * The creator's side of the shop (issue 13): the item form (drafts, publishing, the rules after
 * publishing, versions), its uploads on the media pipeline, the draft and pin limits under
 * concurrency, show/hide, delete (the item stays readable by id for libraries), the creator's
 * list and setting, and the shop's business setting.
 */
import { businessConfig } from '@app/shared/config';
import { itemSaveRequest } from '@app/shared/schemas/shop';
import { describe, expect, inject, it } from 'vitest';
import { s3MediaStore } from '../src/lib/media-store.ts';
import { saveItem } from '../src/services/shop/items.ts';
import { creator, fan, type Member } from './helpers/chat.ts';
import { api, issuePaths, manualClock, testDb } from './helpers/cloud.ts';
import { exists, keysUnder, png, postForm, type Target } from './helpers/media.ts';

const db = testDb();
const L = businessConfig.limits;
const S = businessConfig.shop;

type Purpose = 'itemThumbnail' | 'itemImage' | 'itemZip' | 'itemVideo' | 'sample';

async function uploaded(m: Member, purpose: Purpose, bytes: Uint8Array, type = 'image/png'): Promise<string> {
  const res = await api('/item/upload-url', {
    token: m.token,
    body: { purpose, content_type: type, file_name: 'photo.png' },
  });
  expect(res.status).toBe(200);
  const t = res.body as Target;
  expect((await postForm(t, bytes)).status).toBe(204);
  return t.key;
}

const draft = (more: Record<string, unknown> = {}) => ({
  status: 'draft',
  item_type: 'photo',
  name: '夏の写真集',
  price: null,
  thumbnail: null,
  open_at: null,
  stock_mode: 'unlimited',
  is_public: true,
  ...more,
});

/** A complete photo item (thumbnail, two images, one sample), published unless `status` says. */
async function fullItem(c: Member, more: Record<string, unknown> = {}) {
  const [thumbnail, a, b, sample] = await Promise.all([
    uploaded(c, 'itemThumbnail', await png(64, 48)),
    uploaded(c, 'itemImage', await png(40, 40, '#a33')),
    uploaded(c, 'itemImage', await png(40, 40, '#33a')),
    uploaded(c, 'sample', await png(30, 30)),
  ]);
  return {
    status: 'published',
    item_type: 'photo',
    name: '夏の写真集',
    description: '海辺で撮った写真です。',
    price: 1200,
    thumbnail,
    images: [a, b],
    samples: [sample],
    open_at: new Date(Date.now() - 60_000).toISOString(),
    stock_mode: 'limited',
    stock: 5,
    is_public: true,
    file_names: { [a]: 'beach-1.png', [b]: 'beach-2.png' },
    ...more,
  };
}

const save = (m: Member, body: unknown) => api('/item', { token: m.token, body });
const itemOf = async (itemId: string) =>
  (await db.entities.item.get({ itemId }).go({ consistent: true })).data;
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

describe('the item form', () => {
  it('saves an incomplete draft, lists it, and counts it against the draft limit', async () => {
    const c = await creator();
    const res = await save(c, draft());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'draft',
      name: '夏の写真集',
      price: null,
      version: 1,
      pinned: false,
    });
    const id = res.body.id as string;
    expect((await api(`/item/${id}`, { token: c.token })).body.name).toBe('夏の写真集');
    const list = await api(`/item/my-items/${c.profileId}`, { token: c.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect(list.body.items[0]).toMatchObject({ status: 'draft', sale_state: null });
    const setting = await api('/item/setting', { token: c.token });
    expect(setting.body).toMatchObject({
      drafts: 1,
      draft_limit: L.itemDrafts,
      pinned: 0,
      pinned_limit: S.pinnedMax,
    });
    // The list of another account is refused; a fan cannot open the creator's calls at all.
    const other = await creator();
    expect((await api(`/item/my-items/${c.profileId}`, { token: other.token })).status).toBe(403);
    const f = await fan();
    expect((await save(f, draft())).status).toBe(403);
  });

  it('publishing needs every required field, each with its own message', async () => {
    const c = await creator();
    const res = await save(c, draft({ status: 'published', stock_mode: 'limited' }));
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual({
      description: 'validation.itemDescription',
      price: 'validation.itemPrice',
      thumbnail: 'validation.itemThumbnail',
      open_at: 'validation.itemOpenAt',
      images: 'validation.itemPhotoContent',
      stock: 'validation.itemStock',
    });
    const video = await save(c, draft({ status: 'published', item_type: 'video' }));
    expect(issuePaths(video.body).video).toBe('validation.itemVideo');
    const price = await save(c, draft({ price: 1005 }));
    expect(issuePaths(price.body)).toEqual({ price: 'validation.itemPrice' });
    // Nothing was written.
    expect((await api('/item/setting', { token: c.token })).body.drafts).toBe(0);
  });

  it('publishes a photo item with processed files: public thumbnail and samples, private images', async () => {
    const c = await creator();
    const body = await fullItem(c);
    const res = await save(c, body);
    expect(res.status).toBe(200);
    const item = res.body;
    expect(item).toMatchObject({ status: 'published', price: 1200, stock_mode: 'limited', stock: 5 });
    expect(item.published_at).not.toBeNull();
    expect(item.thumbnail.key).toMatch(new RegExp(`^media/item-thumbnail/${c.profileId}/${c.profileId}-`));
    expect(item.images.map((i: { key: string }) => i.key.slice(0, 19))).toEqual([
      'private/item-image/',
      'private/item-image/',
    ]);
    expect(item.images.map((i: { name: string }) => i.name)).toEqual(['beach-1.png', 'beach-2.png']);
    expect(item.samples[0].key).toMatch(/^media\/sample\//);
    // The owner sees private images through short-lived presigned GETs; the thumbnail is public.
    expect((await fetch(item.images[0].url)).status).toBe(200);
    expect((await fetch(item.thumbnail.url)).status).toBe(200);
    // The uploads are gone once used; no draft slot taken by a published item.
    expect(await keysUnder(`uploads/item-image/${c.profileId}/`)).toEqual([]);
    expect((await api('/item/setting', { token: c.token })).body.drafts).toBe(0);
    const card = (await api(`/item/my-items/${c.profileId}`, { token: c.token })).body.items[0];
    expect(card).toMatchObject({ sale_state: 'on_sale', stock_label: 'plenty', remaining: 5, points: 120 });
    const stored = await itemOf(item.id);
    expect(stored?.shelf).toBe(c.profileId);
  }, 90_000);

  it('after publishing: only name, price, period, image order, samples, stock and the flag change', async () => {
    const c = await creator();
    const first = (await save(c, await fullItem(c))).body;
    const keep = {
      id: first.id,
      status: 'published',
      item_type: 'photo',
      name: first.name,
      description: first.description,
      price: first.price,
      thumbnail: first.thumbnail.key,
      images: first.images.map((i: { key: string }) => i.key),
      samples: first.samples.map((i: { key: string }) => i.key),
      open_at: first.open_at,
      stock_mode: 'limited',
      is_public: true,
    };
    for (const change of [
      { status: 'draft' },
      { description: '別の説明' },
      { item_type: 'physical' },
      { images: keep.images.slice(0, 1) },
      { thumbnail: null },
      { stock_mode: 'unlimited' },
      { sensitive: true },
      { low_stock_threshold: 2 },
    ]) {
      const res = await save(c, { ...keep, version: 1, ...change });
      expect([res.status, res.body.code], JSON.stringify(change)).toEqual([409, 'item_published_locked']);
    }
    const newSample = await uploaded(c, 'sample', await png(32, 32, '#999'));
    const edited = await save(c, {
      ...keep,
      version: 1,
      name: '夏の写真集（改訂）',
      price: 1500,
      images: [...keep.images].reverse(),
      samples: [newSample],
      close_at: new Date(Date.now() + 86_400_000).toISOString(),
      is_public: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: '夏の写真集（改訂）',
      price: 1500,
      version: 2,
      stock: 5,
      is_public: false,
    });
    expect(edited.body.images.map((i: { key: string }) => i.key)).toEqual([...keep.images].reverse());
    // The replaced sample's files are deleted; the images (content) stay.
    expect(await keysUnder(folderOf(keep.samples[0]))).toEqual([]);
    expect(await exists(keep.images[0])).toBe(true);
    expect((await itemOf(first.id))?.shelf).toBe(`hidden#${c.profileId}`);
    // A stale version is refused.
    const stale = await save(c, { ...keep, version: 1, name: 'x' });
    expect([stale.status, stale.body.code]).toEqual([409, 'item_edit_conflict']);
  }, 90_000);

  it('an absent stock keeps the current count; a new count never overwrites a purchase made meanwhile', async () => {
    const c = await creator();
    const first = (await save(c, await fullItem(c))).body;
    const keep = {
      id: first.id,
      status: 'published',
      item_type: 'photo',
      name: first.name,
      description: first.description,
      price: first.price,
      thumbnail: first.thumbnail.key,
      images: first.images.map((i: { key: string }) => i.key),
      open_at: first.open_at,
      stock_mode: 'limited',
      is_public: true,
    };
    const buy = () =>
      db.entities.item
        .patch({ itemId: first.id })
        .add({ remaining: -1, sold: 1 })
        .where((a, op) => op.gt(a.remaining, 0))
        .go();
    Object.assign(process.env, inject('localEnv'));
    const media = s3MediaStore();
    // A "purchase" lands while the edit processes its new sample (after the edit read the item).
    const racing = {
      db,
      clock: manualClock(),
      scan: 'none' as const,
      sender: { send: async () => true } as never,
      media: {
        ...media,
        stat: async (key: string) => {
          await buy();
          return media.stat(key);
        },
      },
    };
    const me = (await db.entities.profile.get({ profileId: c.profileId }).go()).data as never;
    const sample = await uploaded(c, 'sample', await png(20, 20));
    const kept = await saveItem(racing, me, itemSaveRequest.parse({ ...keep, samples: [sample] }));
    expect(kept.stock).toBe(4);
    expect((await itemOf(first.id))?.remaining).toBe(4);

    const sample2 = await uploaded(c, 'sample', await png(22, 22));
    const set = await saveItem(racing, me, itemSaveRequest.parse({ ...keep, samples: [sample2], stock: 9 }));
    // The count read first was 4; the purchase made it 3; the edit read again and set 9.
    expect(set.stock).toBe(9);
    expect((await itemOf(first.id))?.sold).toBe(2);
  }, 90_000);
});

describe('uploads of the form', () => {
  it('refuses another account’s upload, a file of another purpose and bytes that are not an image, naming the field', async () => {
    const [c, other] = await Promise.all([creator(), creator()]);
    const theirs = await uploaded(other, 'itemImage', await png());
    const foreign = await save(c, draft({ images: [theirs] }));
    expect([foreign.status, issuePaths(foreign.body)]).toEqual([422, { 'images.0': 'validation.itemFile' }]);

    const sample = await uploaded(c, 'sample', await png());
    const wrongField = await save(c, draft({ thumbnail: sample }));
    expect(issuePaths(wrongField.body)).toEqual({ thumbnail: 'validation.itemFile' });

    const good = await uploaded(c, 'itemImage', await png());
    const res = await api('/item/upload-url', {
      token: c.token,
      body: { purpose: 'itemImage', content_type: 'image/png' },
    });
    await postForm(res.body, new TextEncoder().encode('not a picture'));
    const bad = await save(c, draft({ images: [good, res.body.key] }));
    expect([bad.status, issuePaths(bad.body)]).toEqual([422, { 'images.1': 'validation.mediaType' }]);
    // The good file's processed copy was removed with the refusal; nothing was written.
    expect(await keysUnder(`private/item-image/${c.profileId}/`)).toEqual([]);
    expect((await api('/item/setting', { token: c.token })).body.drafts).toBe(0);

    // A processed key the item does not hold (another item's file) is refused too.
    const mine = (await save(c, await fullItem(c, { status: 'draft' }))).body;
    const steal = await save(other, draft({ images: [mine.images[0].key] }));
    expect(issuePaths(steal.body)).toEqual({ 'images.0': 'validation.itemFile' });

    const type = await api('/item/upload-url', {
      token: c.token,
      body: { purpose: 'itemImage', content_type: 'application/zip' },
    });
    expect([type.status, issuePaths(type.body)]).toEqual([422, { content_type: 'validation.mediaType' }]);
  }, 90_000);
});

describe('another account’s item', () => {
  it('answers 404 item_not_found to every call', async () => {
    const [c, other] = await Promise.all([creator(), creator()]);
    const id = (await save(c, draft())).body.id as string;
    expect((await api(`/item/${id}`, { token: other.token })).body.code).toBe('item_not_found');
    for (const [path, body] of [
      ['/item', draft({ id })],
      ['/item/pin', { id, pin_flg: true }],
      ['/item/publish', { id, is_public: false }],
      ['/item/delete', { id }],
    ] as const) {
      const res = await api(path, { token: other.token, body });
      expect([res.status, res.body.code], path).toEqual([404, 'item_not_found']);
    }
    expect((await itemOf(id))?.deletedAt).toBeUndefined();
  });
});

describe('limits under concurrency', () => {
  it(`${15} parallel creates give exactly ${L.itemDrafts} drafts; publishing or deleting one gives a slot back`, async () => {
    const c = await creator();
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => save(c, draft({ name: `下書き${i}` }))),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(L.itemDrafts);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(
      Array(15 - L.itemDrafts).fill('item_draft_limit'),
    );
    expect((await api('/item/setting', { token: c.token })).body.drafts).toBe(L.itemDrafts);
    expect((await save(c, draft())).body.code).toBe('item_draft_limit');

    expect((await api('/item/delete', { token: c.token, body: { id: ok[0]?.body.id } })).status).toBe(200);
    expect((await api('/item/setting', { token: c.token })).body.drafts).toBe(L.itemDrafts - 1);
    expect((await save(c, draft())).status).toBe(200);
    // Publishing a draft frees its slot.
    const full = await fullItem(c);
    const published = await save(c, { ...full, id: ok[1]?.body.id, version: 1 });
    expect(published.status).toBe(200);
    expect((await api('/item/setting', { token: c.token })).body.drafts).toBe(L.itemDrafts - 1);
  }, 120_000);

  it(`pins at most ${S.pinnedMax} items whatever the concurrency; a draft cannot be pinned`, async () => {
    const c = await creator();
    const items = [];
    for (let i = 0; i < 5; i++) items.push((await save(c, await fullItem(c, { name: `商品${i}` }))).body);
    const results = await Promise.all(
      items.map((it) => api('/item/pin', { token: c.token, body: { id: it.id, pin_flg: true } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(S.pinnedMax);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'item_pin_limit')).toBe(true);
    const setting = (await api('/item/setting', { token: c.token })).body;
    expect(setting.pinned).toBe(S.pinnedMax);
    const pinned = (await api(`/item/my-items/${c.profileId}`, { token: c.token })).body.items.filter(
      (i: { pinned: boolean }) => i.pinned,
    );
    expect(pinned).toHaveLength(S.pinnedMax);
    // Pinned items sort first on the shelf.
    const first = await itemOf(pinned[0].id);
    expect(first?.shelfSort.startsWith('0#')).toBe(true);

    const d = (await save(c, draft())).body;
    const refused = await api('/item/pin', { token: c.token, body: { id: d.id, pin_flg: true } });
    expect([refused.status, refused.body.code]).toEqual([409, 'item_draft']);
    // Unpinning frees a place; pinning again what is pinned changes nothing.
    expect(
      (await api('/item/pin', { token: c.token, body: { id: pinned[0].id, pin_flg: false } })).status,
    ).toBe(200);
    expect((await api('/item/setting', { token: c.token })).body.pinned).toBe(S.pinnedMax - 1);
    expect(
      (await api('/item/pin', { token: c.token, body: { id: pinned[1].id, pin_flg: true } })).status,
    ).toBe(200);
    expect((await api('/item/setting', { token: c.token })).body.pinned).toBe(S.pinnedMax - 1);
  }, 180_000);
});

describe('show/hide and delete', () => {
  it('hides from the shelf; a deleted item leaves the lists, unpinned, but stays readable by id with its files', async () => {
    const c = await creator();
    const item = (await save(c, await fullItem(c))).body;
    expect(
      (await api('/item/publish', { token: c.token, body: { id: item.id, is_public: false } })).status,
    ).toBe(200);
    expect((await itemOf(item.id))?.shelf).toBe(`hidden#${c.profileId}`);
    expect(
      (await api('/item/publish', { token: c.token, body: { id: item.id, is_public: true } })).status,
    ).toBe(200);
    expect((await itemOf(item.id))?.shelf).toBe(c.profileId);
    expect((await api('/item/pin', { token: c.token, body: { id: item.id, pin_flg: true } })).status).toBe(
      200,
    );

    expect((await api('/item/delete', { token: c.token, body: { id: item.id } })).status).toBe(200);
    const stored = await itemOf(item.id);
    expect(stored).toMatchObject({
      shopOwner: `deleted#${c.profileId}`,
      pinned: false,
      shelf: `hidden#${c.profileId}`,
    });
    expect(stored?.deletedAt).toBeDefined();
    expect(await exists(item.images[0].key)).toBe(true);
    expect((await api('/item/setting', { token: c.token })).body.pinned).toBe(0);
    expect((await api(`/item/my-items/${c.profileId}`, { token: c.token })).body.items).toEqual([]);
    expect((await api(`/item/${item.id}`, { token: c.token })).status).toBe(404);
    expect((await api('/item/delete', { token: c.token, body: { id: item.id } })).status).toBe(404);
  }, 90_000);
});

describe('the shop business setting', () => {
  it('saves the shop name and the disclosure, shown by GET /item/setting', async () => {
    const c = await creator();
    const before = (await api('/item/setting', { token: c.token })).body.shop;
    expect(before).toMatchObject({ shop_name: null, disclosure_mode: 'on_request' });
    const disclosure = {
      seller: 'きのこ商店',
      representative: '山田 太郎',
      address: '東京都千代田区1-1',
      phone: '03-0000-0000',
      email: 'shop@example.com',
      note: '',
    };
    const missing = await api('/mypage/business-setting/shop', {
      token: c.token,
      body: { shop_name: 'きのこ', disclosure_mode: 'full', disclosure: { ...disclosure, seller: '' } },
    });
    expect([missing.status, issuePaths(missing.body)]).toEqual([
      422,
      { 'disclosure.seller': 'validation.required' },
    ]);
    const res = await api('/mypage/business-setting/shop', {
      token: c.token,
      body: { shop_name: 'きのこ', disclosure_mode: 'full', disclosure },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ shop_name: 'きのこ', disclosure_mode: 'full', disclosure });
    expect((await api('/item/setting', { token: c.token })).body.shop).toEqual(res.body);
  });
});
