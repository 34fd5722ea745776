/**
 * `npm run bench:shop`: DynamoDB request units of a purchase of one item, of a cart's checkout of
 * 10 lines from two shops, and of a page of the buyer's library, each next to its floor
 * (`name: N RU (floor F)`; prices, floors and the per-item replay of transactions:
 * scripts/bench/harness.ts). The services are called in-process, so authenticating the caller is
 * not in the figures.
 *
 * Floors (physical items, so no ownership mark). A transaction writes each item at 2 units per KB,
 * and each index entry the item has at 2 per KB as well: `items` counts those KB-units.
 * - Purchase of one item. Reads: the order by the request's key (strongly consistent: 1), the item
 *   (0.5), the buyer's date of birth (0.5), the wallet (strongly consistent Query: 1). Writes: the
 *   lot, the journal, the point log, the income row and month shard, the order (1 each); the item's
 *   stock (the item holds its file list: 2 KB) and its two index entries (shop list and shelf: the
 *   stock is projected, so both are rewritten: 2 × 2 KB); the line (1) and its three index entries
 *   (library, sales, item sales: 3). The stock lives on the item on purpose: every list (shelf,
 *   shop, cart) reads cards with their stock in one Query, and lists are read far more often than
 *   items are bought; a separate stock item would make each purchase 8 units cheaper and each
 *   card 0.5 dearer to read.
 * - Checkout of 10 lines (two creators): the same with 10 items (0.5 each to read), 10 income rows,
 *   two month shards, 10 stock updates with their index entries, 10 lines with theirs, a journal
 *   over 1 KB (2), and the cart's deletion.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { shelfOf } from '@app/shared/shop';
import { createDb } from '../../functions/src/db/service.ts';
import type { ProfileItem } from '../../functions/src/lib/auth.ts';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';
import { systemClock } from '../../functions/src/lib/clock.ts';
import { newId, timeId } from '../../functions/src/lib/crypto.ts';
import { credit } from '../../functions/src/services/points/ledger.ts';
import type { ShopDeps } from '../../functions/src/services/shop/deps.ts';
import { listLibrary } from '../../functions/src/services/shop/library.ts';
import { purchase } from '../../functions/src/services/shop/purchase.ts';
import { createHarness, exitOnBudget, type Op, type Outcome, startBenchCloud } from './harness.ts';

const RU_RUNS = Number(process.env.BENCH_RU_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PRICE_YEN = 500;
const POINTS = PRICE_YEN / 10;
const CART_LINES = 10;

const cloud = await startBenchCloud();
const harness = await createHarness(cloud.tableName, { ruRuns: RU_RUNS, runs: RUNS });
const db = createDb(dynamo(), cloud.tableName);
const deps: ShopDeps = {
  db,
  clock: systemClock,
  media: undefined as unknown as ShopDeps['media'],
  scan: 'none',
  sender: undefined as unknown as ShopDeps['sender'],
};

/** A published physical item with unlimited stock and the file list a real one carries. */
async function item(creatorId: string): Promise<string> {
  const itemId = timeId(new Date());
  const now = new Date().toISOString();
  const base = {
    creatorId,
    status: 'published' as const,
    isPublic: true,
    pinned: false,
    publishedAt: now,
    createdAt: now,
  };
  const file = (folder: string) => ({
    key: `private/${folder}/${creatorId}-${randomUUID()}/full.webp`,
    name: 'photo.webp',
    contentType: 'image/webp',
    size: 123_456,
  });
  await db.entities.item
    .create({
      itemId,
      ...base,
      shopOwner: creatorId,
      itemType: 'physical',
      name: 'サイン入りチェキ',
      description: 'ライブ会場でお渡しします。'.repeat(10),
      price: PRICE_YEN,
      thumbnail: {
        ...file('item-thumbnail'),
        key: `media/item-thumbnail/${creatorId}-${randomUUID()}/full.webp`,
      },
      images: [],
      samples: Array.from({ length: 3 }, () => ({
        ...file('sample'),
        key: `media/sample/${creatorId}-${randomUUID()}/full.webp`,
      })),
      openAt: new Date(Date.now() - 86_400_000).toISOString(),
      stockLimited: true,
      remaining: 99_999,
      showStock: true,
      lowStockThreshold: 5,
      sensitive: false,
      sold: 0,
      ...shelfOf(base),
      version: 1,
      updatedAt: now,
    })
    .go();
  return itemId;
}

const sellers = [newId(), newId()];
const single = await item(sellers[0] as string);
const cartItems: string[] = [];
for (let i = 0; i < CART_LINES; i++) cartItems.push(await item(sellers[i % 2] as string));

/** A fan with one lot of mushrooms and a saved date of birth. */
async function buyer(): Promise<ProfileItem> {
  const profileId = newId();
  await credit(deps, {
    holderId: profileId,
    kind: 'mushroom',
    points: 5000,
    txId: randomUUID(),
    journalKind: 'purchase',
    log: { type: 3, detail: 'purchased' },
  });
  await db.entities.userInfo
    .put({
      profileId,
      fullName: '佐藤 ひなた',
      notificationEmail: 'fan@example.com',
      gender: 'female',
      birthDate: '2001-02-14',
      updatedAt: new Date().toISOString(),
    })
    .go();
  return {
    profileId,
    roleId: 4,
    finalStep: 2,
    status: 'active',
    createdAt: new Date().toISOString(),
  } as ProfileItem;
}

await cloud.streams.drain(120_000);
cloud.streams.pause();

const one: Op<ProfileItem> = {
  name: 'purchase (1 item)',
  floor: { reads: 1 + 0.5 + 0.5 + 1, items: 6 + 2 + 2 * 2 + 1 + 3 },
  prepare: buyer,
  run: (b) =>
    purchase(deps, b, {
      lines: [{ itemId: single, quantity: 1 }],
      useOriginal: false,
      key: randomUUID(),
      expectedPoints: POINTS,
      source: 'item',
    }),
  check: async (_b, r) => {
    if ((r as { line_ids: string[] }).line_ids.length !== 1) throw new Error('no line');
  },
};

const cart: Op<ProfileItem> = {
  name: `checkout (${CART_LINES}-line cart, 2 shops)`,
  floor: {
    reads: 1 + 0.5 * CART_LINES + 0.5 + 1,
    // lot, journal (2 KB), log, rows, month shards, items with their entries, order, lines with theirs, cart
    items: 1 + 2 + 1 + CART_LINES + 2 + CART_LINES * (2 + 2 * 2) + 1 + CART_LINES * (1 + 3) + 1,
  },
  prepare: async () => {
    const b = await buyer();
    await db.entities.cart
      .put({
        buyerId: b.profileId,
        lines: cartItems.map((itemId) => ({ itemId, quantity: 1, addedAt: new Date().toISOString() })),
        version: 1,
        updatedAt: new Date().toISOString(),
      })
      .go();
    return b;
  },
  run: (b) =>
    purchase(deps, b, {
      lines: cartItems.map((itemId) => ({ itemId, quantity: 1 })),
      useOriginal: false,
      key: randomUUID(),
      expectedPoints: POINTS * CART_LINES,
      source: 'cart',
      cart: { version: 1 },
    }),
  check: async (_b, r) => {
    if ((r as { line_ids: string[] }).line_ids.length !== CART_LINES) throw new Error('lines missing');
  },
};

/**
 * A page of the buyer's library (services/shop/library.ts): 20 lines from one Query of gsi1
 * `library#<buyer>` (a line is under 1 KB: 20 KB eventually consistent, 2.5), then one BatchGet of
 * the page's distinct items (0.5 each: whether an item was deleted, and its thumbnail as it is now,
 * live on the item) and one of the distinct creators (0.5 each). The buyer bought 20 lines before
 * (two 10-line checkouts of the same 10 items from 2 shops), read as they are.
 */
let libraryBuyer: ProfileItem | null = null;
const libraryPage: Op<ProfileItem> = {
  name: `library page (${businessConfig.shop.pageSize} lines)`,
  floor: { reads: (businessConfig.shop.pageSize / 4) * 0.5 + CART_LINES * 0.5 + 2 * 0.5, items: 0 },
  prepare: async () => {
    if (libraryBuyer) return libraryBuyer;
    const b = await buyer();
    for (let i = 0; i < businessConfig.shop.pageSize / CART_LINES; i++)
      await purchase(deps, b, {
        lines: cartItems.map((itemId) => ({ itemId, quantity: 1 })),
        useOriginal: false,
        key: randomUUID(),
        expectedPoints: POINTS * CART_LINES,
        source: 'item',
      });
    libraryBuyer = b;
    return b;
  },
  run: (b) => listLibrary(deps, b.profileId, 'library', 'all'),
  check: async (_b, r) => {
    if ((r as { logs: unknown[] }).logs.length !== businessConfig.shop.pageSize)
      throw new Error('short page');
  },
};

const outcomes: Outcome[] = [];
outcomes.push(await harness.bench(one));
outcomes.push(await harness.bench(cart));
outcomes.push(await harness.bench(libraryPage));

cloud.streams.resume();
harness.printSummary(outcomes);
harness.printBreakdown(outcomes);
await cloud.stop();
exitOnBudget();
