import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { noticeMessageRecord } from '../services/chat/message-notices.ts';

/** Paid messages (manifest filter: new `message` items with a `txId`) → both sides' notices. */
export const handler = streamHandler('chat-notices', (record) => noticeMessageRecord(getDb(), record));
