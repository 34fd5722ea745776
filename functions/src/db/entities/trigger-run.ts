import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** Write shards of the due index (no hot partition when many fans' steps fall due at once). */
export const TRIGGER_RUN_SHARDS = 8;

/**
 * One fan's sequence of one trigger broadcast (`trun#<triggerId>`/`fan#<fanId>`): which chat is
 * next (`step`), when it is due (`nextAt`), the trigger version of the last step, and how it ended.
 * One item per trigger and fan: created only if absent (exclude duplicated on: one run ever), or,
 * with exclude duplicated off, replacing an ended run for a newer event (`eventKey`, which starts
 * with the event's instant, is greater). services/broadcasts/trigger-runs.ts.
 *
 * gsi1 (sparse, while active) is the due index the step job reads: `trun-due#<shard>` by `nextAt`.
 */
export const TriggerRun = new Entity({
  model: { entity: 'triggerRun', version: '1', service: SERVICE },
  attributes: {
    triggerId: { type: 'string', required: true, readOnly: true },
    fanId: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true },
    condition: { type: 'number', required: true },
    /** 1 for the fan's first run of this trigger, +1 for each new one (exclude duplicated off). */
    round: { type: 'number', required: true },
    /** `<event instant ISO>#<kind>`: the event that started this round (a replay starts nothing). */
    eventKey: { type: 'string', required: true },
    eventAt: { type: 'string', required: true },
    /** The index of the next chat. */
    step: { type: 'number', required: true },
    /** When the next chat is due; absent once the run ended. */
    nextAt: { type: 'string' },
    dueShard: { type: 'string', required: true },
    /** The trigger's version when the last chat went out (0 before the first). */
    version: { type: 'number', required: true },
    status: { type: ['active', 'done', 'blocked', 'closed', 'left', 'deleted'] as const, required: true },
    lastSentAt: { type: 'string' },
    startedAt: { type: 'string', required: true },
    endedAt: { type: 'string' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byTrigger: {
      pk: { field: 'pk', composite: ['triggerId'], template: 'trun#${triggerId}', casing: 'none' },
      sk: { field: 'sk', composite: ['fanId'], template: 'fan#${fanId}', casing: 'none' },
    },
    due: {
      index: 'gsi1',
      condition: (attr) => typeof attr.nextAt === 'string' && attr.nextAt !== '',
      pk: { field: 'gsi1pk', composite: ['dueShard'], template: 'trun-due#${dueShard}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['nextAt', 'triggerId', 'fanId'],
        template: '${nextAt}#${triggerId}#${fanId}',
        casing: 'none',
      },
    },
  },
});
