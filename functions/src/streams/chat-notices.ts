import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { noticeMessage } from '../services/chat/message-notices.ts';

/** Paid messages (manifest filter: new `message` items with a `txId`) → both sides' notices. */
export const handler = streamHandler('chat-notices', async ({ image }) => {
  const db = getDb();
  const { data: message } = db.entities.message.parse({ Item: image });
  if (message) await noticeMessage(db, message);
});
