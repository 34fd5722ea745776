/**
 * Issue 13 (shelf): the profile's shop section, the realtime purchase log (HTTP and WebSocket),
 * home's item rankings (counters from the stream, the job), the 'purchase' notices, and the
 * operators' removal of an item's thumbnail or sample file. Order lines are written straight into
 * the table here, as the purchase writes them: the consumers see the same stream records.
 */

import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { itemListResponse, recentPurchaseLogsResponse } from '@app/shared/schemas/shop';
import { shelfOf } from '@app/shared/shop';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newId, timeId } from '../src/lib/crypto.ts';
import { s3MediaStore } from '../src/lib/media-store.ts';
import { handleRecords } from '../src/lib/stream.ts';
import { jobs, streamConsumers } from '../src/manifest.ts';
import type { ConnectionSender } from '../src/services/realtime.ts';
import { deleteSampleFile, deleteThumbnail } from '../src/services/shop/moderation.ts';
import { purchase } from '../src/services/shop/purchase.ts';
import { purchaseLogRecord } from '../src/services/shop/purchase-log.ts';
import { purchaseNoticeRecord } from '../src/services/shop/purchase-notices.ts';
import { computeItemRankings, rankingRecord } from '../src/services/shop/rankings.ts';
import { productSales } from '../src/services/social/home.ts';
import { supporterRecord } from '../src/services/social/supporters.ts';
import { collect, fan, give, type Member, openSocket } from './helpers/chat.ts';
import { api, db as documentClient, drainStreams, manualClock, tableName, testDb } from './helpers/cloud.ts';
import { exists } from './helpers/media.ts';
import { shopTestDeps, testItem } from './helpers/shop.ts';
import { profileOf, publicCreator } from './helpers/social.ts';

const db = testDb();
const PAGE = businessConfig.shop.pageSize;
const HOUR = 3_600_000;

let seq = 0;
/** Distinct instants, newer with every call (items and lines sort by time). */
const tick = () => new Date(Date.now() - 10 * HOUR + seq++ * 1000).toISOString();

interface ItemOver {
  status?: 'draft' | 'published';
  isPublic?: boolean;
  pinned?: boolean;
  itemType?: 'photo' | 'video' | 'physical';
  deleted?: boolean;
  openAt?: string;
  closeAt?: string;
  remaining?: number;
  lowStockThreshold?: number;
  sensitive?: boolean;
  name?: string;
  thumbnailKey?: string;
  samples?: string[];
}

/** An item as the item service stores it (shelf keys from `shelfOf`). */
async function putItem(creatorId: string, over: ItemOver = {}) {
  const at = tick();
  const itemId = timeId(new Date(at));
  const base = {
    itemId,
    creatorId,
    status: over.status ?? 'published',
    isPublic: over.isPublic ?? true,
    pinned: over.pinned ?? false,
    ...(over.pinned ? { pinnedAt: at } : {}),
    createdAt: at,
    ...((over.status ?? 'published') === 'published' ? { publishedAt: at } : {}),
    ...(over.deleted ? { deletedAt: at } : {}),
  };
  const item = {
    ...base,
    ...shelfOf(base),
    shopOwner: over.deleted ? `deleted#${creatorId}` : creatorId,
    itemType: over.itemType ?? 'photo',
    name: over.name ?? `item ${seq}`,
    description: 'desc',
    price: 500,
    ...(over.thumbnailKey ? { thumbnail: { key: over.thumbnailKey, contentType: 'image/webp' } } : {}),
    samples: (over.samples ?? []).map((key) => ({ key, contentType: 'image/webp' })),
    images: [],
    openAt: over.openAt ?? new Date(Date.now() - 24 * HOUR).toISOString(),
    ...(over.closeAt ? { closeAt: over.closeAt } : {}),
    stockLimited: over.remaining !== undefined,
    ...(over.remaining !== undefined ? { remaining: over.remaining } : {}),
    showStock: true,
    lowStockThreshold: over.lowStockThreshold ?? 0,
    sensitive: over.sensitive ?? false,
    sold: 0,
    version: 1,
    updatedAt: at,
  };
  await db.entities.item.put(item).go();
  return item;
}

/** An order line as the purchase writes it (its INSERT is what the consumers read). */
async function putLine(
  buyerId: string,
  item: {
    itemId: string;
    creatorId: string;
    name: string;
    itemType: 'photo' | 'video' | 'physical';
    thumbnail?: { key: string };
  },
  over: { quantity?: number; points?: number; sensitive?: boolean; createdAt?: string; store?: false } = {},
) {
  const createdAt = over.createdAt ?? new Date().toISOString();
  const quantity = over.quantity ?? 1;
  const line = {
    lineId: timeId(new Date(createdAt)),
    orderId: newId(),
    buyerId,
    creatorId: item.creatorId,
    itemId: item.itemId,
    itemType: item.itemType,
    itemName: item.name,
    ...(item.thumbnail ? { thumbnailKey: item.thumbnail.key } : {}),
    quantity,
    unitPoints: 50,
    points: over.points ?? 50 * quantity,
    sensitive: over.sensitive ?? false,
    provided: item.itemType !== 'physical',
    createdAt,
    updatedAt: createdAt,
  };
  if (over.store !== false) await db.entities.orderLine.put(line).go();
  return line;
}

/** The stream record of a stored line (new image), as the stream delivers it. */
async function recordOfLine(lineId: string, eventId: string): Promise<DynamoDBRecord> {
  const key = { pk: `line#${lineId}`, sk: 'line' };
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  if (!Item) throw new Error('no such line');
  return {
    eventID: eventId,
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall(key) as never,
      NewImage: marshall(Item) as never,
      SequenceNumber: eventId,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

const shelf = async (who: string, filter: string, token?: string, cursor?: string) =>
  api(`/profile/${who}/items/${filter}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    ...(token ? { token } : {}),
  });

describe('GET /profile/{id}/items/{x}', () => {
  let c: Member;
  let f: Member;
  const ids = {} as Record<
    'old' | 'pinned' | 'scheduled' | 'ended' | 'soldOut' | 'low' | 'private' | 'draft' | 'deleted' | 'newest',
    string
  >;
  beforeAll(async () => {
    [c, f] = await Promise.all([publicCreator(), fan()]);
    const id = c.profileId;
    ids.old = (await putItem(id, { name: 'old' })).itemId;
    ids.pinned = (await putItem(id, { pinned: true, name: 'pinned' })).itemId;
    ids.scheduled = (await putItem(id, { openAt: new Date(Date.now() + 24 * HOUR).toISOString() })).itemId;
    ids.ended = (await putItem(id, { closeAt: new Date(Date.now() - HOUR).toISOString() })).itemId;
    ids.soldOut = (await putItem(id, { remaining: 0, itemType: 'physical' })).itemId;
    ids.low = (await putItem(id, { remaining: 2, lowStockThreshold: 3, itemType: 'physical' })).itemId;
    ids.private = (await putItem(id, { isPublic: false, name: 'private' })).itemId;
    ids.draft = (await putItem(id, { status: 'draft', isPublic: true })).itemId;
    ids.deleted = (await putItem(id, { deleted: true })).itemId;
    ids.newest = (await putItem(id, { name: 'newest' })).itemId;
  });

  it('lists the listed items, pinned first then newest, with their state labels (guests too)', async () => {
    for (const who of [c.username, c.profileId]) {
      const res = await shelf(who, 'all');
      expect(res.status).toBe(200);
      const body = itemListResponse.parse(res.body);
      expect(body.items.map((i) => i.id)).toEqual([
        ids.pinned,
        ids.newest,
        ids.low,
        ids.soldOut,
        ids.ended,
        ids.scheduled,
        ids.old,
      ]);
      const byId = new Map(body.items.map((i) => [i.id, i]));
      expect(byId.get(ids.pinned)).toMatchObject({ pinned: true, sale_state: 'on_sale', is_public: true });
      expect(byId.get(ids.scheduled)?.sale_state).toBe('scheduled');
      expect(byId.get(ids.ended)?.sale_state).toBe('ended');
      expect(byId.get(ids.soldOut)).toMatchObject({ stock_label: 'sold_out', remaining: 0 });
      expect(byId.get(ids.low)).toMatchObject({ stock_label: 'low', remaining: 2 });
      expect(byId.get(ids.old)?.stock_label).toBeNull();
      expect(body.next_cursor).toBeNull();
    }
    // A fan sees the same.
    const asFan = itemListResponse.parse((await shelf(c.username, 'all', f.token)).body);
    expect(asFan.items.map((i) => i.id)).not.toContain(ids.private);
  });

  it('filters by type', async () => {
    const body = itemListResponse.parse((await shelf(c.username, 'physical')).body);
    expect(body.items.map((i) => i.id)).toEqual([ids.low, ids.soldOut]);
    expect(itemListResponse.parse((await shelf(c.username, 'video')).body).items).toEqual([]);
  });

  it('shows the owner their private items after the listed ones, labelled private; never drafts or deleted items', async () => {
    const body = itemListResponse.parse((await shelf(c.username, 'all', c.token)).body);
    const got = body.items.map((i) => i.id);
    expect(got).toEqual([
      ids.pinned,
      ids.newest,
      ids.low,
      ids.soldOut,
      ids.ended,
      ids.scheduled,
      ids.old,
      ids.private,
    ]);
    expect(body.items.at(-1)).toMatchObject({ id: ids.private, is_public: false });
    expect(got).not.toContain(ids.draft);
    expect(got).not.toContain(ids.deleted);
    const photos = itemListResponse.parse((await shelf(c.username, 'photo', c.token)).body);
    expect(photos.items.map((i) => i.id)).toEqual([
      ids.pinned,
      ids.newest,
      ids.ended,
      ids.scheduled,
      ids.old,
      ids.private,
    ]);
  });

  it('pages through the listed items, then the owner’s private ones', async () => {
    const big = await publicCreator();
    const listed: string[] = [];
    for (let i = 0; i < PAGE + 3; i++) listed.unshift((await putItem(big.profileId)).itemId);
    const hidden: string[] = [];
    for (let i = 0; i < PAGE + 1; i++)
      hidden.unshift((await putItem(big.profileId, { isPublic: false })).itemId);

    const readAll = async (token?: string) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await shelf(big.username, 'all', token, cursor);
        expect(res.status).toBe(200);
        const body = itemListResponse.parse(res.body);
        expect(body.items.length).toBeLessThanOrEqual(PAGE);
        seen.push(...body.items.map((i) => i.id));
        if (!body.next_cursor) break;
        cursor = body.next_cursor;
      }
      return seen;
    };
    expect(await readAll()).toEqual(listed);
    expect(await readAll(big.token)).toEqual([...listed, ...hidden]);
    // A cursor is this caller's: the owner's cursor is refused to anyone else.
    const first = itemListResponse.parse((await shelf(big.username, 'all', big.token)).body);
    expect((await shelf(big.username, 'all', undefined, first.next_cursor ?? '')).status).toBe(400);
  });

  it('answers 404 for an unknown type, an unknown profile or a fan', async () => {
    expect((await shelf(c.username, 'books')).status).toBe(404);
    const none = await shelf('nosuchcreator', 'all');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('profile_not_found');
    expect((await shelf(f.profileId, 'all')).body.code).toBe('profile_not_found');
  });
});

describe('the realtime purchase log', () => {
  it('is fed by order lines; sensitive lines never appear; anonymous buyers show as such', async () => {
    expect(streamConsumers).toContainEqual({
      handler: 'streams/shop-purchase-log',
      area: 'shop',
      filter: { entity: 'orderLine', events: ['INSERT'] },
    });
    const [c, named, anon] = await Promise.all([publicCreator(), fan(), fan()]);
    await api('/mypage/profile/update', {
      token: anon.token,
      body: {
        username: anon.username,
        nickname: 'ひみつ',
        genre: 'music',
        bio: 'x',
        area: 13,
        is_anonymous_open_log: true,
      },
    });
    const item = await putItem(c.profileId, {
      name: '写真集',
      thumbnailKey: 'media/item-thumbnail/x-1/full.webp',
    });
    const secret = await putItem(c.profileId, { name: 'secret', sensitive: true });
    const first = await putLine(named.profileId, item);
    await putLine(anon.profileId, item, { createdAt: new Date(Date.now() + 1000).toISOString() });
    await putLine(named.profileId, secret, {
      sensitive: true,
      createdAt: new Date(Date.now() + 2000).toISOString(),
    });
    await drainStreams();

    const res = await api(`/shop/recent-purchase-logs/${c.username}`);
    expect(res.status).toBe(200);
    const { logs } = recentPurchaseLogsResponse.parse(res.body);
    expect(logs.map((l) => l.item.name)).toEqual(['写真集', '写真集']);
    expect(logs[0]?.buyer).toBeNull();
    expect(logs[1]).toMatchObject({
      id: first.lineId,
      item: { id: item.itemId, name: '写真集', thumbnail: expect.stringMatching(/thumb\.webp$/) },
      buyer: { nickname: 'きのこ太郎' },
      purchased_at: first.createdAt,
    });
    expect((await api(`/shop/recent-purchase-logs/${c.profileId}`)).body).toEqual(res.body);
    expect((await api('/shop/recent-purchase-logs/nosuchcreator')).status).toBe(404);
  });

  it('keeps the last purchaseLogSize entries', async () => {
    const [c, b] = await Promise.all([publicCreator(), fan()]);
    const item = await putItem(c.profileId);
    const size = businessConfig.shop.purchaseLogSize;
    const records: DynamoDBRecord[] = [];
    for (let i = 0; i < size + 2; i++) {
      const line = await putLine(b.profileId, item, {
        createdAt: new Date(Date.now() + i * 1000).toISOString(),
      });
      records.push(await recordOfLine(line.lineId, `keep-${line.lineId}`));
    }
    const sender: ConnectionSender = { send: async () => ({}) };
    await handleRecords('shop-purchase-log', { Records: records }, (r) =>
      purchaseLogRecord({ db, sender }, r),
    );
    const { logs } = recentPurchaseLogsResponse.parse(
      (await api(`/shop/recent-purchase-logs/${c.username}`)).body,
    );
    expect(logs).toHaveLength(size);
  });

  it('writes an entry once and pushes it once to the sockets watching the profile, however often delivered', async () => {
    const [c, b] = await Promise.all([publicCreator(), fan()]);
    const item = await putItem(c.profileId);
    const now = new Date().toISOString();
    await db.entities.connection
      .put({ connectionId: `watch-${c.profileId}`, profileId: b.profileId, connectedAt: now, ttl: 9e9 })
      .go();
    await db.entities.connection
      .patch({ connectionId: `watch-${c.profileId}` })
      .set({ watching: c.profileId, watchedAt: now })
      .go();
    // Not stored: only this test's deliveries see it (the local cloud's stream never does).
    const line = await putLine(b.profileId, item, { store: false });
    const image = db.entities.orderLine.put(line).params().Item;
    const record: DynamoDBRecord = {
      eventID: `ev-${line.lineId}`,
      eventName: 'INSERT',
      dynamodb: { NewImage: marshall(image) as never, SequenceNumber: '1', StreamViewType: 'NEW_IMAGE' },
    };
    const sent: unknown[] = [];
    const sender: ConnectionSender = { send: async (cmd) => void sent.push(cmd.input) };
    const consume = () =>
      handleRecords('shop-purchase-log', { Records: [record, record] }, (r) =>
        purchaseLogRecord({ db, sender }, r),
      );
    expect(await consume()).toEqual({ batchItemFailures: [] });
    expect(await consume()).toEqual({ batchItemFailures: [] });
    expect(sent).toHaveLength(1);
    const payload = JSON.parse(new TextDecoder().decode((sent[0] as { Data: Uint8Array }).Data));
    expect(payload).toMatchObject({
      type: 'purchase_log',
      creator_id: c.profileId,
      entry: { id: line.lineId, item: { id: item.itemId }, buyer: { nickname: 'きのこ太郎' } },
    });
    const { logs } = recentPurchaseLogsResponse.parse(
      (await api(`/shop/recent-purchase-logs/${c.username}`)).body,
    );
    expect(logs.map((l) => l.id)).toEqual([line.lineId]);
  });

  it('a socket that sends {type: watch} gets the creator’s new sales live; after unwatching, none', async () => {
    const [c, other, viewer, b] = await Promise.all([publicCreator(), publicCreator(), fan(), fan()]);
    const item = await putItem(c.profileId, { name: 'ライブ' });
    const socket = await openSocket(viewer);
    const seen = collect(socket);
    try {
      socket.send(JSON.stringify({ type: 'watch', creator_id: c.profileId }));
      // A frame naming nothing valid changes nothing.
      socket.send(JSON.stringify({ type: 'watch', creator_id: 'bad id!' }));
      socket.send(JSON.stringify({ type: 'ping' }));
      await expect.poll(() => seen.some((m) => (m as { type: string }).type === 'pong')).toBe(true);
      const line = await putLine(b.profileId, item);
      await putLine(b.profileId, await putItem(other.profileId));
      await drainStreams();
      await expect
        .poll(() => seen.filter((m) => (m as { type: string }).type === 'purchase_log'))
        .toEqual([
          expect.objectContaining({
            creator_id: c.profileId,
            entry: expect.objectContaining({ id: line.lineId }),
          }),
        ]);
      socket.send(JSON.stringify({ type: 'watch', creator_id: null }));
      socket.send(JSON.stringify({ type: 'ping' }));
      await expect.poll(() => seen.filter((m) => (m as { type: string }).type === 'pong').length).toBe(2);
      await putLine(b.profileId, item);
      await drainStreams();
      expect(seen.filter((m) => (m as { type: string }).type === 'purchase_log')).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});

describe('home item rankings', () => {
  // A month of its own (far ahead), so no other test's sales mix in.
  const year = 2040 + Math.floor(Math.random() * 50);
  const at = (day: number) => new Date(`${year}-05-${String(day).padStart(2, '0')}T03:00:00Z`).toISOString();
  const month = `${year}-05`;

  it('counts each line once (not sensitive ones nor self-purchases) and ranks by amount and by count', async () => {
    expect(streamConsumers).toContainEqual({
      handler: 'streams/shop-rankings',
      area: 'shop',
      filter: { entity: 'orderLine', events: ['INSERT'] },
    });
    expect(jobs).toContainEqual({
      handler: 'jobs/item-rankings',
      area: 'shop',
      recurring: { name: 'item-rankings', expression: 'rate(10 minutes)' },
      runAtStart: true,
    });
    const [c, b] = await Promise.all([publicCreator(), fan()]);
    const pricey = await putItem(c.profileId, {
      name: '高い写真集',
      thumbnailKey: 'media/item-thumbnail/p-1/full.webp',
    });
    const popular = await putItem(c.profileId, { name: '人気のドリンク', itemType: 'physical' });
    const sensitive = await putItem(c.profileId, { name: 'センシティブ' });
    const hidden = await putItem(c.profileId, { name: '非公開' });
    const lines = [
      await putLine(b.profileId, pricey, { points: 5000, createdAt: at(2) }),
      await putLine(b.profileId, popular, { quantity: 3, points: 300, createdAt: at(3) }),
      await putLine(b.profileId, popular, { quantity: 4, points: 400, createdAt: at(4) }),
      await putLine(b.profileId, sensitive, { points: 90_000, sensitive: true, createdAt: at(5) }),
      await putLine(c.profileId, popular, { quantity: 50, points: 5000, createdAt: at(6) }),
      await putLine(b.profileId, hidden, { quantity: 9, points: 9000, createdAt: at(7) }),
    ];
    // The item became private after its sale: it leaves the rankings.
    await db.entities.item.patch({ itemId: hidden.itemId }).set({ isPublic: false }).go();
    // The local cloud's stream counts them; the same records delivered again add nothing.
    await drainStreams();
    const records = await Promise.all(lines.map((l) => recordOfLine(l.lineId, `rank-${l.lineId}`)));
    const consume = () =>
      handleRecords('shop-rankings', { Records: [...records, ...records] }, (r) => rankingRecord(db, r));
    expect(await consume()).toEqual({ batchItemFailures: [] });
    expect(await consume()).toEqual({ batchItemFailures: [] });

    const clock = manualClock(new Date(at(20)));
    const result = await computeItemRankings({ db, clock });
    expect(result).toMatchObject({ items: 3, amount: 2, count: 2 });
    await computeItemRankings({ db, clock });
    const { data } = await db.entities.rankingSnapshot.get({ name: productSales(month) }).go();
    const lists = data?.lists as { amount: unknown[]; count: unknown[] };
    const creator = { username: c.username, nickname: 'きのこ太郎' };
    expect(lists.amount).toEqual([
      {
        rank: 1,
        item_id: pricey.itemId,
        name: '高い写真集',
        thumbnail: expect.stringMatching(/thumb\.webp$/),
        creator,
        value: 5000,
      },
      { rank: 2, item_id: popular.itemId, name: '人気のドリンク', thumbnail: null, creator, value: 700 },
    ]);
    expect(lists.count).toEqual([
      { rank: 1, item_id: popular.itemId, name: '人気のドリンク', thumbnail: null, creator, value: 7 },
      expect.objectContaining({ rank: 2, item_id: pricey.itemId, value: 1 }),
    ]);
  });

  it('the local cloud’s stream feeds the counters', async () => {
    const [c, b] = await Promise.all([publicCreator(), fan()]);
    const item = await putItem(c.profileId);
    const line = await putLine(b.profileId, item, { quantity: 2, points: 100, createdAt: at(10) });
    await drainStreams();
    const rows = await Promise.all(
      Array.from({ length: businessConfig.shop.rankingShards }, (_, s) =>
        db.entities.itemSalesCounter.get({ month, shard: String(s), itemId: line.itemId }).go(),
      ),
    );
    const got = rows.map((r) => r.data).filter(Boolean);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ points: 100, quantity: 2, creatorId: c.profileId });
  });
});

describe('purchase notices', () => {
  it('tells the creator and the buyer once, with ids from the line', async () => {
    expect(streamConsumers).toContainEqual({
      handler: 'streams/shop-purchase-notices',
      area: 'shop',
      filter: { entity: 'orderLine', events: ['INSERT'] },
    });
    const [c, b] = await Promise.all([publicCreator(), fan()]);
    const item = await putItem(c.profileId, { name: 'ブロマイド' });
    const line = await putLine(b.profileId, item);
    await drainStreams();
    const record = await recordOfLine(line.lineId, `n-${line.lineId}`);
    expect(
      await handleRecords('shop-purchase-notices', { Records: [record, record] }, (r) =>
        purchaseNoticeRecord(db, r),
      ),
    ).toEqual({ batchItemFailures: [] });
    const creatorNotices = (await api('/notice', { token: c.token })).body.notices;
    const buyerNotices = (await api('/notice', { token: b.token })).body.notices;
    expect(creatorNotices).toEqual([
      expect.objectContaining({
        id: `${line.lineId}-p`,
        kind: 'purchase',
        params: {
          nickname: 'きのこ太郎',
          item_name: 'ブロマイド',
          item_id: item.itemId,
          line_id: line.lineId,
          quantity: 1,
        },
      }),
    ]);
    expect(buyerNotices).toEqual([
      expect.objectContaining({
        id: `${line.lineId}-b`,
        kind: 'purchase',
        params: { side: 'buyer', item_name: 'ブロマイド', item_id: item.itemId, line_id: line.lineId },
      }),
    ]);
  });
});

describe('operators remove an item’s thumbnail or sample file', () => {
  const s3 = () => {
    const env = inject('localEnv');
    return new S3Client({
      endpoint: inject('s3Endpoint'),
      region: env.AWS_REGION,
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
      },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  };
  const put = (key: string) =>
    s3().send(new PutObjectCommand({ Bucket: inject('localEnv').UPLOAD_BUCKET, Key: key, Body: 'x' }));

  it('removes the file from the item, deletes its folder after the commit and tells the creator', async () => {
    const c = await publicCreator();
    const tag = newId();
    const thumb = `media/item-thumbnail/${c.profileId}-${tag}/full.webp`;
    const sampleA = `media/sample/${c.profileId}-${tag}a/full.webp`;
    const sampleB = `media/sample/${c.profileId}-${tag}b/full.webp`;
    for (const key of [
      thumb,
      thumb.replace('full', 'thumb'),
      sampleA,
      sampleA.replace('full', 'thumb'),
      sampleB,
    ])
      await put(key);
    const item = await putItem(c.profileId, {
      name: 'サンプル付き',
      thumbnailKey: thumb,
      samples: [sampleA, sampleB],
    });
    const deps = { db, clock: manualClock(), media: s3MediaStore() };

    expect(await deleteThumbnail(deps, item.itemId)).toEqual({ ok: true });
    const after = (await db.entities.item.get({ itemId: item.itemId }).go()).data;
    expect(after?.thumbnail).toBeUndefined();
    expect(after?.version).toBe(2);
    expect(await exists(thumb)).toBe(false);
    expect(await exists(thumb.replace('full', 'thumb'))).toBe(false);
    // Again: nothing to remove.
    await expect(deleteThumbnail(deps, item.itemId)).rejects.toMatchObject({ code: 'not_found' });

    expect(await deleteSampleFile(deps, item.itemId, sampleA)).toEqual({ ok: true });
    const later = (await db.entities.item.get({ itemId: item.itemId }).go()).data;
    expect(later?.samples?.map((s) => s.key)).toEqual([sampleB]);
    expect(await exists(sampleA)).toBe(false);
    expect(await exists(sampleB)).toBe(true);
    await expect(deleteSampleFile(deps, item.itemId, sampleA)).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteThumbnail(deps, newId())).rejects.toMatchObject({ code: 'item_not_found' });

    const kinds = (await api('/notice', { token: c.token })).body.notices.map(
      (n: { kind: string; params: { item_name: string } }) => [n.kind, n.params.item_name],
    );
    expect(kinds).toEqual([
      ['sample_file_deleted', 'サンプル付き'],
      ['thumbnail_deleted', 'サンプル付き'],
    ]);
  });
});

describe('a real purchase through the stream', () => {
  it('a cart of two shops credits each creator’s supporter totals once, and feeds the purchase log and notices', async () => {
    const [a, b, f] = await Promise.all([publicCreator(), publicCreator(), fan()]);
    const buyer = await profileOf(f);
    await give(f.profileId, 200);
    const itemA = await testItem({
      creatorId: a.profileId,
      itemType: 'physical',
      price: 500,
      name: 'ドリンク',
    });
    const itemB = await testItem({ creatorId: b.profileId, itemType: 'photo', price: 600, name: '写真' });
    const res = await purchase(shopTestDeps(manualClock()), buyer, {
      lines: [
        { itemId: itemA, quantity: 2 },
        { itemId: itemB, quantity: 1 },
      ],
      useOriginal: false,
      key: randomUUID(),
      expectedPoints: 160,
      source: 'cart',
    });
    expect(res.points).toBe(160);
    await drainStreams();
    const total = async (creatorId: string) =>
      (await db.entities.supporter.get({ creatorId, period: 'all', fanId: f.profileId }).go()).data?.total;
    expect(await total(a.profileId)).toBe(100);
    expect(await total(b.profileId)).toBe(60);
    // The journal's record again: nothing more.
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: {
          pk: `journal#${(await db.entities.order.get({ orderId: res.order_id }).go()).data?.txId}`,
          sk: 'journal',
        },
        ConsistentRead: true,
      }),
    );
    const record: DynamoDBRecord = {
      eventID: 'again',
      eventName: 'INSERT',
      dynamodb: { NewImage: marshall(Item ?? {}) as never, SequenceNumber: '1', StreamViewType: 'NEW_IMAGE' },
    };
    await handleRecords('supporters', { Records: [record, record] }, (r) => supporterRecord(db, r));
    expect(await total(a.profileId)).toBe(100);
    expect(await total(b.profileId)).toBe(60);
    const ranking = await api(`/profile/${a.username}`, { token: a.token });
    expect(ranking.body.supporters.all_time[0]).toMatchObject({ id: f.profileId, points: 100 });

    const logA = recentPurchaseLogsResponse.parse(
      (await api(`/shop/recent-purchase-logs/${a.username}`)).body,
    );
    expect(logA.logs.map((l) => l.item.name)).toEqual(['ドリンク']);
    const kinds = (await api('/notice', { token: f.token })).body.notices.map(
      (n: { kind: string; params: { item_name: string } }) => [n.kind, n.params.item_name],
    );
    expect(kinds.sort()).toEqual([
      ['purchase', 'ドリンク'],
      ['purchase', '写真'],
    ]);
  });
});
