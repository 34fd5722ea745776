import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { markMessageRecord } from '../services/email-notifications/marks.ts';

/** New messages (manifest: `message` INSERT) → the creator's reply digest or the fan's message digest due. */
export const handler = streamHandler('mail-message-marks', (record) => markMessageRecord(getDb(), record));
