import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { rankingRecord } from '../services/shop/rankings.ts';

/** Order lines created (manifest filter) → this month's sales counter of the item, once per line. */
export const handler = streamHandler('shop-rankings', (record) => rankingRecord(getDb(), record));
