/**
 * Membership events (FanclubEvent): written in the transaction of the change they record, read by
 * the notices consumer (streams/fanclub-notices) and, for a fan's first join, by trigger broadcast 2.
 * The id derives from the membership's version after the change (or the pass's month), so a replay
 * writes the same item again: a MODIFY, never a second INSERT.
 */
import type { EntityItem } from 'electrodb';
import type { FanclubEvent } from '../../db/entities/fanclub.ts';
import { ttlAt } from '../../db/keys.ts';
import type { TxEntities } from '../points/ledger.ts';

/** Events are kept this long (the notices are written within minutes). */
const EVENT_DAYS = 90;

export type FanclubEventRecord = EntityItem<typeof FanclubEvent>;
type EventInput = Omit<FanclubEventRecord, 'eventId' | 'createdAt' | 'ttl'>;

export const eventIdOf = (fanId: string, creatorId: string, tail: string | number) =>
  `${fanId}#${creatorId}#${tail}`;

export function eventWrite(e: TxEntities, tail: string | number, event: EventInput, now: Date) {
  return e.fanclubEvent
    .put({
      ...event,
      eventId: eventIdOf(event.fanId, event.creatorId, tail),
      createdAt: now.toISOString(),
      ttl: ttlAt(new Date(now.getTime() + EVENT_DAYS * 86_400_000)),
    })
    .commit();
}
