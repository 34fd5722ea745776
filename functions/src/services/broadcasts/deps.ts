import type { QueueSender } from '../../lib/queue.ts';
import type { OneTimeScheduler } from '../../lib/schedules.ts';
import type { ChatDeps } from '../chat/rooms.ts';

/**
 * What the broadcasts' services take: chat's (the table, the clock, the sockets, the media bucket:
 * a broadcast lands in 1:1 rooms as messages), EventBridge Scheduler (a reserve's one-time
 * schedule) and the queue of delivery chunks.
 */
export interface BroadcastDeps extends ChatDeps {
  scheduler: OneTimeScheduler;
  queue: QueueSender;
}
