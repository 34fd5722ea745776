import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { accountRecord } from '../services/admin/platform-stats.ts';

/** New profiles → the day's new accounts by role, once per profile. (manifest filter; services/admin/platform-stats.ts) */
export const handler = streamHandler('platform-stats-accounts', (record) => accountRecord(getDb(), record));
