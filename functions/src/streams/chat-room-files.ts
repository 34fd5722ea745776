import { s3MediaStore } from '../lib/media-store.ts';
import { streamHandler } from '../lib/stream.ts';
import { deleteRoomFiles } from '../services/media/cleanup.ts';

/** Room rows closed (leaving; manifest filter) → every file of the room is deleted. */
export const handler = streamHandler('chat-room-files', (record) =>
  deleteRoomFiles({ media: s3MediaStore() }, record),
);
