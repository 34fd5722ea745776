import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { likeRecord } from '../services/social/counters.ts';

/** New likes (manifest filter: Like INSERT) → the counters of both sides once, and the 'liked' notice. */
export const handler = streamHandler('likes', (record) => likeRecord(getDb(), record));
