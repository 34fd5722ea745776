import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { salesRecord } from '../services/admin/platform-stats.ts';

/** Income rows written by the ledger (spends and reversals) → today's sales by type and point kind, once per row. (manifest filter; services/admin/platform-stats.ts) */
export const handler = streamHandler('platform-stats-sales', (record) => salesRecord(getDb(), record));
