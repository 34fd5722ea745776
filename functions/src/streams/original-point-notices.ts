import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { noticeOriginalPointRecord } from '../services/shop/gift-notices.ts';

/** A creator's grant of original points (journal INSERT of kind `grant`, `cgrant-…`) → the fan's notice, once. */
export const handler = streamHandler('original-point-notices', (record) =>
  noticeOriginalPointRecord(getDb(), record),
);
