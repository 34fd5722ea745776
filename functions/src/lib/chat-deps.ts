/** Dependencies of the chat handlers: the table, the clock, the WebSocket @connections client, the files. */
import { getDb } from '../db/service.ts';
import type { ChatDeps } from '../services/chat/rooms.ts';
import { connections } from './aws/connections.ts';
import { s3ChatFiles } from './chat-files.ts';
import type { Clock } from './clock.ts';

export function chatDeps(clock: Clock): ChatDeps {
  return { db: getDb(), clock, sender: connections(), files: s3ChatFiles() };
}
