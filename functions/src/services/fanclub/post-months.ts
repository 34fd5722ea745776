/**
 * PostMonth's rule: a post counts in its JST month while it is published and members only. The
 * post's writes (posts.ts, the publish job) move the counts in their own transaction.
 */
import type { PostRecord } from './views.ts';

/** Months whose count of published members-only posts moves with this write, and by how much. */
export function monthDeltas(
  before: Pick<PostRecord, 'status' | 'visibility' | 'month'> | null,
  after: Pick<PostRecord, 'status' | 'visibility' | 'month'> | null,
): { month: string; delta: 1 | -1 }[] {
  const counted = (p: typeof before) =>
    p && p.status === 'published' && p.visibility === 'members' ? p.month : null;
  const was = counted(before);
  const is = counted(after);
  if (was === is) return [];
  return [
    ...(was ? [{ month: was, delta: -1 as const }] : []),
    ...(is ? [{ month: is, delta: 1 as const }] : []),
  ];
}
