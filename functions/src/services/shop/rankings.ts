/** Home's item rankings: the sales counters (`streams/shop-rankings`) and `jobs/item-rankings`; see feed.ts. */
import { businessConfig } from '@app/shared/config';
import type { HomeResponse } from '@app/shared/schemas/social';
import { jstMonth } from '@app/shared/time';
import { ttlAt } from '../../db/keys.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { shardOf } from '../../lib/crypto.ts';
import { logger } from '../../lib/logger.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { profilesById } from '../profiles.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import { productSales } from '../social/home.ts';
import { lineOf } from './feed.ts';

const S = businessConfig.shop;
const DAY_MS = 86_400_000;
/** Markers outlive the stream's 24 h retention of a record. */
const MARK_MS = 2 * DAY_MS;
/** A month's counters are read by the job during the month; kept a little after it. */
const COUNTER_KEEP_MS = 62 * DAY_MS;

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
      // A BatchGet of the candidates (views.ts's itemsById would bring the shop's zod contracts
      // into this job's bundle).
      const { data: items } = await deps.db.entities.item.get(batch.map(([itemId]) => ({ itemId }))).go();
      const creators = await profilesById(
        deps.db,
        items.map((it) => it.creatorId),
      );
      const byId = new Map(items.map((it) => [it.itemId, it]));
      for (const [id, t] of batch) {
        const item = byId.get(id);
        const creator = item ? creators.get(item.creatorId) : undefined;
        if (!item || !creator || item.sensitive || item.underReview || item.deletedAt || !item.isPublic)
          continue;
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
