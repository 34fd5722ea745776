import { s3MediaStore } from '../lib/media-store.ts';
import { streamHandler } from '../lib/stream.ts';
import { deletePostFiles } from '../services/fanclub/post-files.ts';

/** A post deleted, or edited without some of its files (manifest filter) → those files' objects are deleted. */
export const handler = streamHandler('fanclub-post-files', (record) =>
  deletePostFiles({ media: s3MediaStore() }, record),
);
