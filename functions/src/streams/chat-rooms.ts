import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { applyMessageRecord } from '../services/chat/room-activity.ts';

/** Messages created or deleted (manifest filter) → both members' room rows: last message, list order. */
export const handler = streamHandler('chat-rooms', (record) => applyMessageRecord(getDb(), record));
