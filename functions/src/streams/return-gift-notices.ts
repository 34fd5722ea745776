import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { noticeReturnGiftRecord } from '../services/shop/gift-notices.ts';

/** An order line that took its return gift (manifest filter: `giftSentAt` present) → the buyer's notice, once. */
export const handler = streamHandler('return-gift-notices', (record) =>
  noticeReturnGiftRecord(getDb(), record),
);
