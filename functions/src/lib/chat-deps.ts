/** Dependencies of the chat handlers: the table, the clock and the WebSocket @connections client. */
import { getDb } from '../db/service.ts';
import type { ChatDeps } from '../services/chat/rooms.ts';
import { connections } from './aws.ts';
import type { Clock } from './clock.ts';

export function chatDeps(clock: Clock): ChatDeps {
  return { db: getDb(), clock, sender: connections() };
}
