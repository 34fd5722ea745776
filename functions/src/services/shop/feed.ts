/**
 * What a sale causes after its commit, from the table's stream (OrderLine INSERT; manifest
 * `streamConsumers`), each applied once per line:
 * - `streams/shop-purchase-log`: the creator's realtime purchase log entry (a conditional create
 *   keyed by the line), pushed once to the sockets watching the creator's profile; never for a
 *   sensitive line (DECISIONS.md "Profiles…").
 * - `streams/shop-rankings`: the line's points and units ADDed to this JST month's counter of the
 *   item, in one of `shop.rankingShards` write shards, in one transaction with the line's
 *   StreamMark (a redelivered record adds nothing); sensitive lines and self-purchases are left
 *   out. `computeItemRankings` (job `item-rankings`) sums the shards into home's snapshot.
 * - `streams/shop-purchase-notices`: the 'purchase' notice to the creator (links to sales
 *   status) and to the buyer (links to the library entry), ids derived from the line.
 */
import { businessConfig } from '@app/shared/config';
import type { PurchaseLogEntry } from '@app/shared/schemas/shop';
import type { HomeResponse } from '@app/shared/schemas/social';
import { jstMonth } from '@app/shared/time';
import type { EntityItem } from 'electrodb';
import type { OrderLine } from '../../db/entities/order.ts';
import type { PurchaseLog } from '../../db/entities/shop-feed.ts';
import { isConditionFailure } from '../../db/errors.ts';
import { ttlAt } from '../../db/keys.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { shardOf } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { writeNotices } from '../notices.ts';
import { profilesById } from '../profiles.ts';
import { type ConnectionSender, sendToWatchers } from '../realtime.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import { productSales } from '../social/home.ts';
import { isPublicCreator, profileByIdOrUsername } from '../social/relations.ts';
import { isSensitive, itemsById } from './views.ts';

const S = businessConfig.shop;
const DAY_MS = 86_400_000;
/** Markers outlive the stream's 24 h retention of a record. */
const MARK_MS = 2 * DAY_MS;
/** A month's counters are read by the job during the month; kept a little after it. */
const COUNTER_KEEP_MS = 62 * DAY_MS;

type LineItem = EntityItem<typeof OrderLine>;
type LogItem = EntityItem<typeof PurchaseLog>;

function lineOf(db: Db, record: StreamRecord): LineItem | null {
  if (record.eventName !== 'INSERT') return null;
  return db.entities.orderLine.parse({ Item: record.image }).data ?? null;
}

// ---------------------------------------------------------------------------------------------
// The realtime purchase log

/** How an entry shows: the buyer's nickname, or null (anonymous) per their `is_anonymous_open_log` or once they left. */
function entryOf(log: LogItem, buyer: ProfileItem | undefined): PurchaseLogEntry {
  const anonymous = !buyer || buyer.isAnonymousOpenLog === true;
  return {
    id: log.lineId,
    item: { id: log.itemId, name: log.itemName, thumbnail: mediaUrl(thumbKey(log.thumbnailKey)) },
    buyer: anonymous
      ? null
      : { nickname: buyer.nickname ?? null, profile_image: mediaUrl(thumbKey(buyer.profileImage)) },
    purchased_at: log.createdAt,
  };
}

/** The WebSocket push of a new entry to the sockets watching the creator's profile. */
export const purchaseLogPush = (creatorId: string, entry: PurchaseLogEntry) => ({
  type: 'purchase_log' as const,
  creator_id: creatorId,
  entry,
});

export async function purchaseLogRecord(
  deps: { db: Db; sender: ConnectionSender },
  record: StreamRecord,
): Promise<void> {
  const line = lineOf(deps.db, record);
  if (!line || line.sensitive) return;
  const log = {
    creatorId: line.creatorId,
    lineId: line.lineId,
    buyerId: line.buyerId,
    itemId: line.itemId,
    itemName: line.itemName,
    ...(line.thumbnailKey ? { thumbnailKey: line.thumbnailKey } : {}),
    createdAt: line.createdAt,
  };
  try {
    await deps.db.entities.purchaseLog.create(log).go();
  } catch (error) {
    // Written already (a redelivered record): pushed then, or the viewers catch up on reconnect.
    if (isConditionFailure(error)) return;
    throw error;
  }
  const buyers = await profilesById(deps.db, [line.buyerId]);
  await sendToWatchers(
    deps.sender,
    deps.db,
    line.creatorId,
    purchaseLogPush(line.creatorId, entryOf(log, buyers.get(line.buyerId))),
  );
}

/** `GET /shop/recent-purchase-logs/{id}`: the creator's last `shop.purchaseLogSize` sales, newest first. */
export async function recentPurchaseLogs(
  db: Db,
  idOrUsername: string,
): Promise<{ logs: PurchaseLogEntry[] }> {
  const creator = await profileByIdOrUsername(db, idOrUsername);
  if (!isPublicCreator(creator)) throw new AppError('profile_not_found');
  const { data } = await db.entities.purchaseLog.query
    .byCreator({ creatorId: creator.profileId })
    .go({ order: 'desc', limit: S.purchaseLogSize });
  const buyers = await profilesById(
    db,
    data.map((l) => l.buyerId),
  );
  return { logs: data.map((l) => entryOf(l, buyers.get(l.buyerId))) };
}

// ---------------------------------------------------------------------------------------------
// Home's item rankings

export async function rankingRecord(db: Db, record: StreamRecord, now = new Date()): Promise<void> {
  const line = lineOf(db, record);
  if (!line || line.sensitive || line.buyerId === line.creatorId) return;
  if (!(line.points > 0) || !(line.quantity > 0)) return;
  const month = jstMonth(new Date(line.createdAt));
  // One mark per line (a line is inserted once): any delivery of its record, whatever its event id, counts once.
  const mark = { consumer: 'shop-rankings', eventId: line.lineId };
  const counter = { month, shard: shardOf(line.lineId, S.rankingShards), itemId: line.itemId };
  const result = await db.transaction
    .write(({ streamMark, itemSalesCounter }) => [
      streamMark.create({ ...mark, ttl: ttlAt(new Date(now.getTime() + MARK_MS)) }).commit(),
      itemSalesCounter
        .update(counter)
        .set({
          creatorId: line.creatorId,
          ttl: ttlAt(new Date(Date.parse(line.createdAt) + COUNTER_KEEP_MS)),
        })
        .add({ points: line.points, quantity: line.quantity })
        .commit(),
    ])
    .go();
  if (result.canceled) {
    const { data } = await db.entities.streamMark.get(mark).go({ consistent: true });
    if (!data) throw new Error('item sales counter transaction cancelled');
    logger.info('order line counted already', mark);
  }
}

type RankedItem = HomeResponse['rankings']['amount'][number];

/**
 * Job `item-rankings` (every 10 minutes): this JST month's counters summed per item, the top
 * `social.itemRankingSize` by points and by units written as home's snapshot `product-sales#<ym>`.
 * Items that became sensitive, were hidden or deleted, or whose creator left, are left out. One
 * PutItem rewrites the snapshot: a repeated or concurrent run is harmless.
 */
export async function computeItemRankings(deps: { db: Db; clock: Clock }) {
  const now = deps.clock.now();
  const month = jstMonth(now);
  const shards = Array.from({ length: S.rankingShards }, (_, s) => String(s));
  const rows = (
    await Promise.all(
      shards.map(
        async (shard) =>
          (
            await deps.db.entities.itemSalesCounter.query.byShard({ month, shard }).go({ pages: 'all' })
          ).data,
      ),
    )
  ).flat();
  const totals = new Map<string, { points: number; quantity: number }>();
  for (const r of rows) {
    const t = totals.get(r.itemId) ?? { points: 0, quantity: 0 };
    t.points += r.points;
    t.quantity += r.quantity;
    totals.set(r.itemId, t);
  }
  const size = businessConfig.social.itemRankingSize;
  const ranked = async (key: 'points' | 'quantity'): Promise<RankedItem[]> => {
    const order = [...totals.entries()]
      .filter(([, t]) => t[key] > 0)
      .sort((a, b) => b[1][key] - a[1][key] || (a[0] < b[0] ? -1 : 1));
    const out: RankedItem[] = [];
    // Candidates in batches until the list is full (few are ever left out).
    for (let i = 0; i < order.length && out.length < size; i += size * 2) {
      const batch = order.slice(i, i + size * 2);
      const items = await itemsById(
        deps.db,
        batch.map(([id]) => id),
      );
      const creators = await profilesById(
        deps.db,
        items.map((it) => it.creatorId),
      );
      const byId = new Map(items.map((it) => [it.itemId, it]));
      for (const [id, t] of batch) {
        const item = byId.get(id);
        const creator = item ? creators.get(item.creatorId) : undefined;
        if (!item || !creator || isSensitive(item) || item.deletedAt || !item.isPublic) continue;
        if (out.length >= size) break;
        out.push({
          rank: out.length + 1,
          item_id: id,
          name: item.name,
          thumbnail: mediaUrl(thumbKey(item.thumbnail?.key)),
          creator: { username: creator.username ?? '', nickname: creator.nickname ?? '' },
          value: t[key],
        });
      }
    }
    return out;
  };
  const [amount, count] = [await ranked('points'), await ranked('quantity')];
  await deps.db.entities.rankingSnapshot
    .put({ name: productSales(month), lists: { amount, count }, computedAt: now.toISOString() })
    .go();
  return { items: totals.size, amount: amount.length, count: count.length };
}

// ---------------------------------------------------------------------------------------------
// Notices

/** The 'purchase' notices of a line: the creator's (`<lineId>-p`) and the buyer's (`<lineId>-b`). */
export async function purchaseNoticeRecord(db: Db, record: StreamRecord): Promise<void> {
  const line = lineOf(db, record);
  if (!line) return;
  const buyers = await profilesById(db, [line.buyerId]);
  const buyer = buyers.get(line.buyerId);
  const common = { item_name: line.itemName, item_id: line.itemId, line_id: line.lineId };
  await writeNotices(db, [
    {
      to: line.creatorId,
      noticeId: `${line.lineId}-p`,
      kind: 'purchase',
      params: { ...common, nickname: buyer?.nickname ?? buyer?.username ?? '', quantity: line.quantity },
      createdAt: line.createdAt,
    },
    {
      to: line.buyerId,
      noticeId: `${line.lineId}-b`,
      kind: 'purchase',
      params: { ...common, side: 'buyer' },
      createdAt: line.createdAt,
    },
  ]);
}
