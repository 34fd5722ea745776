import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { purchaseRecord } from '../services/admin/platform-stats.ts';

/** Card purchases of mushrooms settled → the day's yen and mushrooms sold, once per payment. (manifest filter; services/admin/platform-stats.ts) */
export const handler = streamHandler('platform-stats-purchases', (record) => purchaseRecord(getDb(), record));
