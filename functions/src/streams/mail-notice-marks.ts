import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { markNoticeRecord } from '../services/email-notifications/marks.ts';

/** New notices (manifest: `notice` INSERT) → an important one makes the fan's notice digest due. */
export const handler = streamHandler('mail-notice-marks', (record) => markNoticeRecord(getDb(), record));
