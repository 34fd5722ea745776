import { s3MediaStore } from '../lib/media-store.ts';
import { streamHandler } from '../lib/stream.ts';
import { deleteMessageFiles } from '../services/media/cleanup.ts';

/** Messages deleted by their sender with a file (manifest filter) → the file's objects are deleted. */
export const handler = streamHandler('chat-message-files', (record) =>
  deleteMessageFiles({ media: s3MediaStore() }, record),
);
