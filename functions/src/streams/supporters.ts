import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { supporterRecord } from '../services/social/supporters.ts';

/** Spends on a creator (manifest filter: journal INSERT of kind `spend`) → the supporter totals, once per movement. */
export const handler = streamHandler('supporters', (record) => supporterRecord(getDb(), record));
