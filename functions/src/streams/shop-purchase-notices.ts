import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { purchaseNoticeRecord } from '../services/shop/purchase-notices.ts';

/** Order lines created (manifest filter) → the 'purchase' notices of the creator and the buyer, once. */
export const handler = streamHandler('shop-purchase-notices', (record) =>
  purchaseNoticeRecord(getDb(), record),
);
