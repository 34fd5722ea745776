/** Dependencies of the chat handlers: the table, the clock, the WebSocket @connections client, the media bucket. */
import { getDb } from '../db/service.ts';
import type { ChatDeps } from '../services/chat/rooms.ts';
import { connections } from './aws/connections.ts';
import type { Clock } from './clock.ts';
import { env } from './env.ts';
import { s3MediaStore } from './media-store.ts';

export function chatDeps(clock: Clock): ChatDeps {
  return { db: getDb(), clock, sender: connections(), media: s3MediaStore(), scan: env().MEDIA_SCAN };
}
