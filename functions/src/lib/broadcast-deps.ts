/** Dependencies of the fan-out's producers (send job, sweep, retry): chat's and the delivery queue. */
import type { BroadcastDeps } from '../services/broadcasts/deps.ts';
import { chatDeps } from './chat-deps.ts';
import type { Clock } from './clock.ts';
import { sqsQueueSender } from './queue.ts';

export function broadcastDeps(clock: Clock): BroadcastDeps {
  return { ...chatDeps(clock), queue: sqsQueueSender() };
}
