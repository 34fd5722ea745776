/**
 * The job of a scheduled post's one-time schedule (manifest `jobs`: jobs/fanclub-post-publish,
 * input `{ post_id, version }` from posts.ts). Idempotent, as EventBridge Scheduler delivers at
 * least once: it publishes only a post that is still scheduled, at the version the schedule was
 * made for (a schedule of an edited, moved or published post finds another version and does
 * nothing), once its time has come; the month's count of members-only posts moves in the same
 * transaction. Fired before its time (never in AWS), it fails so the delivery is retried.
 */
import { ULID_RE } from '@app/shared/validation';
import * as z from 'zod/mini';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { monthDeltas } from './post-months.ts';

export const postPublishInput = z.object({
  post_id: z.string().check(z.regex(ULID_RE)),
  version: z.int().check(z.gte(1)),
});
export type PostPublishInput = z.infer<typeof postPublishInput>;

export type PublishOutcome = 'published' | 'gone' | 'stale';

export async function publishScheduledPost(
  deps: { db: Db; clock: Clock },
  input: PostPublishInput,
): Promise<{ outcome: PublishOutcome; postId: string }> {
  const postId = input.post_id;
  const { data: post } = await deps.db.entities.post.get({ postId }).go({ consistent: true });
  if (!post) return { outcome: 'gone', postId };
  if (post.status !== 'scheduled' || post.version !== input.version) return { outcome: 'stale', postId };
  const now = deps.clock.now();
  if (Date.parse(post.publishedAt) > now.getTime()) {
    throw new Error(`post ${postId} fired before its time ${post.publishedAt}`);
  }
  const after = { ...post, status: 'published' as const };
  const result = await deps.db.transaction
    .write(({ post: posts, postMonth }) => [
      posts
        .patch({ postId })
        .set({
          // Together: the creator index's sort key. The planned time stays the publication time.
          status: 'published',
          publishedAt: post.publishedAt,
          month: post.month,
          version: post.version + 1,
          updatedAt: now.toISOString(),
        })
        .remove(['scheduleName'])
        .where((a, o) => `${o.eq(a.version, post.version)} AND ${o.eq(a.status, 'scheduled')}`)
        .commit(),
      ...monthDeltas(post, after).map(({ month, delta }) =>
        postMonth.update({ creatorId: post.creatorId, month }).add({ posts: delta }).commit(),
      ),
    ])
    .go();
  // Canceled: edited, deleted or published meanwhile; this schedule's version is gone either way.
  return { outcome: result.canceled ? 'stale' : 'published', postId };
}
