/**
 * Trigger broadcasts, from an event to a fan's run (DECISIONS.md "Broadcasts"): the creator's
 * triggers of the event's condition (one Query of `bcast#<creatorId>`, at most 3 triggers), and for
 * each a TriggerRun whose first chat is due at `firstStepAt(eventAt, window)`; the step job
 * (trigger-steps.ts) delivers it. The events: the stream consumers `streams/broadcast-trigger-*`
 * (conditions 1, 2, 3, 6) and the scan job (trigger-scan.ts: conditions 4, 5).
 *
 * Idempotent: a run is one item per trigger and fan, created only if absent; with exclude
 * duplicated off an ended run is replaced only for a newer event (`eventKey` starts with the
 * event's instant), so a redelivered record or a rescanned slice starts nothing twice. A fan in an
 * active run is not started again (one sequence of a trigger at a time).
 */
import { firstStepAt, type TriggerCondition } from '@app/shared/broadcasts';
import type { EntityItem } from 'electrodb';
import type { Trigger } from '../../db/entities/broadcast.ts';
import { TRIGGER_RUN_SHARDS, type TriggerRun } from '../../db/entities/trigger-run.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import { shardOf } from '../../lib/crypto.ts';

export type TriggerRecord = EntityItem<typeof Trigger>;
export type TriggerRunRecord = EntityItem<typeof TriggerRun>;

/** What happened: a trigger broadcast's condition became true for a fan of a creator. */
export interface TriggerEvent {
  condition: TriggerCondition;
  creatorId: string;
  fanId: string;
  /** When the condition became true (the first chat is due then, moved into the window). */
  eventAt: string;
  /** What the event is (`invite`, `fanclub`, `like`, `mutual`, `liked-quiet`, `quiet`). */
  kind: string;
}

/** `<eventAt>#<kind>`: ordered by the event's instant, equal for a redelivered event. */
export const eventKeyOf = (event: Pick<TriggerEvent, 'eventAt' | 'kind'>) => `${event.eventAt}#${event.kind}`;

export const windowOf = (t: Pick<TriggerRecord, 'windowStart' | 'windowEnd'>) => ({
  start: t.windowStart,
  end: t.windowEnd,
});

/** The creator's triggers (at most 3: one Query of the creator's broadcasts partition). */
export async function creatorTriggers(db: Db, creatorId: string): Promise<TriggerRecord[]> {
  const { data } = await db.entities.trigger.query.byCreator({ creatorId }).go({ pages: 'all' });
  return data;
}

export type StartOutcome = 'started' | 'restarted' | 'exists';

/** Starts the fan's run of one trigger for the event, unless the rules say it has one. */
export async function startRun(
  db: Db,
  trigger: TriggerRecord,
  event: TriggerEvent,
  now: Date,
): Promise<StartOutcome> {
  if (event.fanId === trigger.creatorId) return 'exists';
  const key = { triggerId: trigger.triggerId, fanId: event.fanId };
  const eventKey = eventKeyOf(event);
  const { data: prev } = await db.entities.triggerRun.get(key).go({ consistent: true });
  if (prev && (trigger.excludeDuplicated || prev.status === 'active' || prev.eventKey >= eventKey))
    return 'exists';
  const nextAt = firstStepAt(new Date(event.eventAt), windowOf(trigger)).toISOString();
  const run = {
    ...key,
    creatorId: trigger.creatorId,
    condition: event.condition,
    round: (prev?.round ?? 0) + 1,
    eventKey,
    eventAt: event.eventAt,
    step: 0,
    nextAt,
    dueShard: shardOf(`${trigger.triggerId}#${event.fanId}`, TRIGGER_RUN_SHARDS),
    version: 0,
    status: 'active' as const,
    startedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  try {
    if (!prev) await db.entities.triggerRun.create(run).go();
    else
      await db.entities.triggerRun
        .put(run)
        .where(
          (a, op) =>
            `${op.eq(a.round, prev.round)} AND ${op.exists(a.endedAt)} AND ${op.lt(a.eventKey, eventKey)}`,
        )
        .go();
  } catch (error) {
    if (isConditionFailure(error)) return 'exists';
    throw error;
  }
  return prev ? 'restarted' : 'started';
}

/** An event → a run per trigger of its condition (none when the creator has no such trigger). */
export async function startRunsFor(db: Db, event: TriggerEvent, now: Date): Promise<StartOutcome[]> {
  const triggers = (await creatorTriggers(db, event.creatorId)).filter(
    (t) => t.condition === event.condition,
  );
  return Promise.all(triggers.map((t) => startRun(db, t, event, now)));
}
