import type { QueueSender } from '../../lib/queue.ts';
import type { ChatDeps } from '../chat/rooms.ts';

/**
 * What the fan-out's producers take (the send job, the sweep, the retry): chat's (the table, the
 * clock, the sockets, the media bucket: a broadcast lands in 1:1 rooms as messages) and the queue of
 * delivery chunks. The queue's worker needs only chat's.
 */
export interface BroadcastDeps extends ChatDeps {
  queue: QueueSender;
}
