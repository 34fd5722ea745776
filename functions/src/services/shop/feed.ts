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
import type { EntityItem } from 'electrodb';
import type { OrderLine } from '../../db/entities/order.ts';
import type { Db } from '../../db/service.ts';
import type { StreamRecord } from '../../lib/stream.ts';

export type LineItem = EntityItem<typeof OrderLine>;

/** The order line of an INSERT record (the consumers' filter), or null. */
export function lineOf(db: Db, record: StreamRecord): LineItem | null {
  if (record.eventName !== 'INSERT') return null;
  return db.entities.orderLine.parse({ Item: record.image }).data ?? null;
}
