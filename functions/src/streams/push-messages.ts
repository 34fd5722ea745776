import { notifyDeps } from '../lib/push-sender-deps.ts';
import { streamHandler } from '../lib/stream.ts';
import { pushMessageRecord } from '../services/push/notify.ts';

/** New messages (manifest filter: `message` INSERT) → a push to the recipient's devices. */
export const handler = streamHandler('push-messages', async (record) =>
  pushMessageRecord(await notifyDeps(), record),
);
