import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { noticeFanclubEventRecord } from '../services/fanclub/notices.ts';

/** A membership event (join, renewal, failed renewal, end, pass) → the fan's and the creator's notices, once. */
export const handler = streamHandler('fanclub-notices', (record) =>
  noticeFanclubEventRecord(getDb(), record),
);
