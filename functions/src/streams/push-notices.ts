import { notifyDeps } from '../lib/push-sender-deps.ts';
import { streamHandler } from '../lib/stream.ts';
import { pushNoticeRecord } from '../services/push/notify.ts';

/** New notices (manifest filter: `notice` INSERT) → a push to the owner's devices. */
export const handler = streamHandler('push-notices', async (record) =>
  pushNoticeRecord(await notifyDeps(), record),
);
