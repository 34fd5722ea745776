/**
 * The stream's trigger events (manifest "Broadcasts (issue 15): trigger events"): each consumer
 * reads its record's new image and starts the runs of the creator's triggers of that condition
 * (trigger-runs.ts; idempotent, so a redelivered record starts nothing twice).
 */
import { ROLE } from '@app/shared/roles';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { startRunsFor, type TriggerEvent } from './trigger-runs.ts';

const start = (db: Db, clock: Clock, event: TriggerEvent) => startRunsFor(db, event, clock.now());

/** 1: a fan signed up through the creator's invitation page (the `invitation` item's INSERT). */
export async function invitationTriggerRecord(db: Db, clock: Clock, record: StreamRecord): Promise<void> {
  const { data } = db.entities.invitation.parse({ Item: record.image });
  if (!data) return;
  await start(db, clock, {
    condition: 1,
    creatorId: data.creatorId,
    fanId: data.fanId,
    eventAt: data.registeredAt,
    kind: 'invite',
  });
}

/** 2: the fan's first join of the creator's fan club (a `join` event with `first`). */
export async function fanclubTriggerRecord(db: Db, clock: Clock, record: StreamRecord): Promise<void> {
  const { data } = db.entities.fanclubEvent.parse({ Item: record.image });
  if (data?.kind !== 'join' || data.first !== true) return;
  await start(db, clock, {
    condition: 2,
    creatorId: data.creatorId,
    fanId: data.fanId,
    eventAt: data.createdAt,
    kind: 'fanclub',
  });
}

/** 3: a fan (or shop owner) liked a creator; a creator's like back is no event. */
export async function likeTriggerRecord(db: Db, clock: Clock, record: StreamRecord): Promise<void> {
  const { data } = db.entities.like.parse({ Item: record.image });
  if (!data || (data.fromRoleId !== ROLE.FAN && data.fromRoleId !== ROLE.USER)) return;
  await start(db, clock, {
    condition: 3,
    creatorId: data.toId,
    fanId: data.fromId,
    eventAt: data.createdAt,
    kind: 'like',
  });
}

/** 6: the room became a mutual chat (the MutualChat item, created once per room). */
export async function mutualTriggerRecord(db: Db, clock: Clock, record: StreamRecord): Promise<void> {
  const { data } = db.entities.mutualChat.parse({ Item: record.image });
  if (!data) return;
  await start(db, clock, {
    condition: 6,
    creatorId: data.creatorId,
    fanId: data.fanId,
    eventAt: data.at,
    kind: 'mutual',
  });
}
