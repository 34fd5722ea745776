import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** One chat of a broadcast: a message, or a file (its processed key, from the media pipeline). */
const chatsAttribute = {
  type: 'list',
  required: true,
  items: {
    type: 'map',
    properties: {
      kind: { type: ['text', 'file'] as const, required: true },
      text: { type: 'string' },
      /** The processed file's key (`private/broadcast-photo|broadcast-video/<creatorId>/…`). */
      file: { type: 'string' },
    },
  },
} as const;

/** Outcome counts (shared/src/broadcasts.ts `BroadcastCounts`). */
const countsAttribute = {
  type: 'map',
  required: true,
  default: () => ({ targeted: 0, delivered: 0, blocked: 0, closed: 0, left: 0, failed: 0 }),
  properties: {
    targeted: { type: 'number', required: true },
    delivered: { type: 'number', required: true },
    blocked: { type: 'number', required: true },
    closed: { type: 'number', required: true },
    left: { type: 'number', required: true },
    failed: { type: 'number', required: true },
  },
} as const;

/**
 * A scheduled (reserve) broadcast in its creator's partition (`bcast#<creatorId>`/`reserve#<id>`):
 * the audience condition, the time, the ordered chats and the status (0 not sent, 1 sending,
 * 2 completed, 3 error). Edits and deletes are conditioned on `version` and on status 0; the
 * send job moves it 0 → 1 only for the `reservedAt` its schedule was made for.
 *
 * Sending (services/broadcasts/fanout.ts): `round` counts the runs (1 the first, +1 per retry of
 * the failed recipients); the planner freezes the audience into `chunks` BroadcastChunk items
 * (`planned` once all are written, `planCursor` to resume), workers complete the round's
 * `roundChunks` (`chunksDone`), and the last one sets the counts (summed from the chunks) and
 * status 2, or 3 when some recipients failed. gsi1 (sparse, while
 * sending) is what the sweep job watches.
 */
export const Reserve = new Entity({
  model: { entity: 'reserve', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    reserveId: { type: 'string', required: true, readOnly: true },
    condition: { type: 'number', required: true },
    /** Condition 2 (inactive in chat for the set hours) only. */
    hours: { type: 'number' },
    reservedAt: { type: 'string', required: true },
    chats: chatsAttribute,
    status: { type: 'number', required: true, default: 0 },
    version: { type: 'number', required: true, default: 1 },
    /** The one-time schedule that fires it (lib/schedules.ts). */
    scheduleName: { type: 'string' },
    round: { type: 'number', required: true, default: 0 },
    /** Chunks planned in all (their numbers are 0 to chunks - 1). */
    chunks: { type: 'number', required: true, default: 0 },
    /** Chunks the current round sends (all of them in round 1; those with failed fans in a retry). */
    roundChunks: { type: 'number', required: true, default: 0 },
    chunksDone: { type: 'number', required: true, default: 0 },
    planned: { type: 'boolean', required: true, default: false },
    /** The audience query's position after the last planned page (the planner resumes from it). */
    planCursor: { type: 'string' },
    counts: countsAttribute,
    /** Set while status is 1, '' otherwise: the sweep's sparse index. */
    sendingSince: { type: 'string', required: true, default: '' },
    progressAt: { type: 'string' },
    startedAt: { type: 'string' },
    finishedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byCreator: {
      pk: { field: 'pk', composite: ['creatorId'], template: 'bcast#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['reserveId'], template: 'reserve#${reserveId}', casing: 'none' },
    },
    sending: {
      index: 'gsi1',
      condition: (attr) => typeof attr.sendingSince === 'string' && attr.sendingSince !== '',
      // The status is a composite (always 1 here) so that every write setting `sendingSince` writes both keys.
      pk: { field: 'gsi1pk', composite: ['status'], template: 'bcast-status#${status}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['sendingSince', 'reserveId'],
        template: '${sendingSince}#${reserveId}',
        casing: 'none',
      },
    },
  },
});

/**
 * A trigger broadcast in its creator's partition (`bcast#<creatorId>`/`trigger#<id>`): the
 * condition (1-6, shared/src/broadcasts.ts), hours for 4 and 5, exclude duplicated, the interval
 * between chats, the JST delivery window and the ordered chats. Edits conditioned on `version`.
 * gsi1 (sparse: conditions 4 and 5, `timed` = '1') lists the time-based triggers for the scan job.
 */
export const Trigger = new Entity({
  model: { entity: 'trigger', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    triggerId: { type: 'string', required: true, readOnly: true },
    condition: { type: 'number', required: true },
    hours: { type: 'number' },
    excludeDuplicated: { type: 'boolean', required: true },
    intervalHours: { type: 'number', required: true },
    windowStart: { type: 'number', required: true },
    windowEnd: { type: 'number', required: true },
    chats: chatsAttribute,
    version: { type: 'number', required: true, default: 1 },
    counts: countsAttribute,
    /** '1' for the time-based conditions (4, 5), '' otherwise: the scan's sparse index (`bcast-timed#1`). */
    timed: { type: 'string', required: true, default: '' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byCreator: {
      pk: { field: 'pk', composite: ['creatorId'], template: 'bcast#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['triggerId'], template: 'trigger#${triggerId}', casing: 'none' },
    },
    timed: {
      index: 'gsi1',
      condition: (attr) => typeof attr.timed === 'string' && attr.timed !== '',
      pk: { field: 'gsi1pk', composite: ['timed'], template: 'bcast-timed#${timed}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['creatorId', 'triggerId'],
        template: '${creatorId}#${triggerId}',
        casing: 'none',
      },
    },
  },
});

/**
 * A frozen slice of a scheduled broadcast's audience (`bcast-c#<reserveId>`/`chunk#<n>`), the unit
 * of one queue message. `doneRound` is the last round whose outcomes it holds; `failedIds` are the
 * fans a retry sends to again.
 */
export const BroadcastChunk = new Entity({
  model: { entity: 'broadcastChunk', version: '1', service: SERVICE },
  attributes: {
    reserveId: { type: 'string', required: true, readOnly: true },
    chunk: { type: 'string', required: true, readOnly: true },
    creatorId: { type: 'string', required: true, readOnly: true },
    fanIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
    doneRound: { type: 'number', required: true, default: 0 },
    counts: countsAttribute,
    failedIds: { type: 'list', items: { type: 'string' } },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byReserve: {
      pk: { field: 'pk', composite: ['reserveId'], template: 'bcast-c#${reserveId}', casing: 'none' },
      sk: { field: 'sk', composite: ['chunk'], template: 'chunk#${chunk}', casing: 'none' },
    },
  },
});

/**
 * One recipient's outcome of a scheduled broadcast (`bcast-r#<reserveId>#<shard>`/`fan#<fanId>`):
 * created in the delivery's own transaction (with its messages) only if absent, or replacing a
 * `failed` one on a retry, so no fan ever gets a broadcast twice, whatever the queue redelivers.
 */
export const BroadcastRecipient = new Entity({
  model: { entity: 'broadcastRecipient', version: '1', service: SERVICE },
  attributes: {
    reserveId: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    fanId: { type: 'string', required: true, readOnly: true },
    outcome: { type: ['delivered', 'blocked', 'closed', 'left', 'failed'] as const, required: true },
    round: { type: 'number', required: true },
    /** The chunk that decided it (a fan listed in two chunks counts in one). */
    chunk: { type: 'string', required: true },
    at: { type: 'string', required: true },
  },
  indexes: {
    byFan: {
      pk: {
        field: 'pk',
        composite: ['reserveId', 'shard'],
        template: 'bcast-r#${reserveId}#${shard}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['fanId'], template: 'fan#${fanId}', casing: 'none' },
    },
  },
});
