/** Broadcast fixtures: the services' dependencies with recording fakes of the scheduler and the queue. */
import type { Clock } from '../../src/lib/clock.ts';
import { s3MediaStore } from '../../src/lib/media-store.ts';
import type { QueueSender } from '../../src/lib/queue.ts';
import type { OneTimeScheduler } from '../../src/lib/schedules.ts';
import type { BroadcastDeps } from '../../src/services/broadcasts/deps.ts';
import { testDb } from './cloud.ts';
import { sockets } from './sessions.ts';

/** A queue that keeps what was sent (`sent`), in order. */
export function recordingQueue(): QueueSender & { sent: { name: string; body: Record<string, unknown> }[] } {
  const sent: { name: string; body: Record<string, unknown> }[] = [];
  return {
    sent,
    async send(name, bodies) {
      for (const body of bodies) sent.push({ name, body });
    },
  };
}

/** A scheduler that keeps the schedules made and removed. */
export function recordingScheduler(): OneTimeScheduler & {
  created: { name: string; at: Date; handler: string; input: Record<string, unknown> }[];
  removed: string[];
} {
  const created: { name: string; at: Date; handler: string; input: Record<string, unknown> }[] = [];
  const removed: string[] = [];
  return {
    created,
    removed,
    async create(name, at, handler, input) {
      created.push({ name, at, handler, input });
    },
    async remove(name) {
      removed.push(name);
    },
  };
}

/** Real table, sockets (the local @connections API) and media bucket; a recording queue unless given. */
export function broadcastTestDeps(clock: Clock, over: Partial<BroadcastDeps> = {}): BroadcastDeps {
  return {
    db: testDb(),
    clock,
    sender: sockets(),
    media: s3MediaStore(),
    scan: 'none',
    queue: recordingQueue(),
    ...over,
  };
}
