/**
 * Dependencies of the broadcast forms' handlers: the table, the clock, the media bucket and
 * EventBridge Scheduler (no sockets, no queue: lib/broadcast-deps.ts has those for the fan-out).
 */
import { getDb } from '../db/service.ts';
import type { AuthoringDeps } from '../services/broadcasts/reserves.ts';
import type { Clock } from './clock.ts';
import { env } from './env.ts';
import { s3MediaStore } from './media-store.ts';
import { eventBridgeScheduler } from './schedules.ts';

export function authoringDeps(clock: Clock): AuthoringDeps {
  return {
    db: getDb(),
    clock,
    media: s3MediaStore(),
    scan: env().MEDIA_SCAN,
    scheduler: eventBridgeScheduler(),
  };
}

/** The trigger forms and the upload URL need no scheduler. */
export function broadcastFormDeps(clock: Clock): Omit<AuthoringDeps, 'scheduler'> {
  return { db: getDb(), clock, media: s3MediaStore(), scan: env().MEDIA_SCAN };
}
