/** Dependencies of the broadcasts' handlers: chat's, EventBridge Scheduler and the delivery queue. */
import type { BroadcastDeps } from '../services/broadcasts/deps.ts';
import { chatDeps } from './chat-deps.ts';
import type { Clock } from './clock.ts';
import { sqsQueueSender } from './queue.ts';
import { eventBridgeScheduler } from './schedules.ts';

export function broadcastDeps(clock: Clock): BroadcastDeps {
  return { ...chatDeps(clock), scheduler: eventBridgeScheduler(), queue: sqsQueueSender() };
}
