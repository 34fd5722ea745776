import { getDb } from '../db/service.ts';
import { jobHandler } from '../lib/job.ts';
import { logger } from '../lib/logger.ts';
import { postPublishInput, publishScheduledPost } from '../services/fanclub/post-publish.ts';

/** A scheduled post's one-time schedule: `{ post_id, version }` (posts.ts). */
export const handler = jobHandler('fanclub-post-publish', async (clock, event) => {
  const input = postPublishInput.safeParse(event);
  if (!input.success) {
    // Not a schedule of ours: retrying cannot help.
    logger.error('fanclub-post-publish: invalid input', { event: JSON.stringify(event).slice(0, 200) });
    return { outcome: 'invalid' };
  }
  return publishScheduledPost({ db: getDb(), clock }, input.data);
});
