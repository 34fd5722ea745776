/**
 * The post form's pure parts: the values, the request body built from them (the contract
 * `postSaveRequest`), the client-side check (the contract's messages, and the schedule's window
 * on the device's clock: the server checks again on its own), and what the list shows of a post.
 */
import { businessConfig } from '@app/shared/config';
import { type PostView, postSaveRequest } from '@app/shared/schemas/fanclub';
import { V } from '@app/shared/validation';
import { fromJstInput, toJstInput } from '../../lib/jst-input.ts';

const F = businessConfig.fanclub;

export interface PostValues {
  text: string;
  visibility: 'public' | 'members';
  /** What the post carries besides text: images, or one video. */
  media: 'images' | 'video';
  when: 'now' | 'later';
  /** `datetime-local` in Japan time. */
  publishAt: string;
}

export const valuesOf = (post: PostView | null): PostValues => ({
  text: post?.text ?? '',
  visibility: post?.visibility ?? 'public',
  media: post?.has_video ? 'video' : 'images',
  when: post?.status === 'scheduled' ? 'later' : 'now',
  publishAt: post?.status === 'scheduled' ? toJstInput(post.published_at) : '',
});

/**
 * The request: the chosen kind's file keys only; `publish_at` null publishes now (a published
 * post keeps its time), else the JST input as an instant (or the raw text, which the contract
 * refuses with the field's message).
 */
export function buildPostBody(
  post: PostView | null,
  v: PostValues,
  files: { images: string[]; video: string | null },
): Record<string, unknown> {
  const published = post?.status === 'published';
  return {
    ...(post ? { id: post.id } : {}),
    text: v.text,
    visibility: v.visibility,
    images: v.media === 'images' ? files.images : [],
    video: v.media === 'video' ? files.video : null,
    publish_at: published || v.when === 'now' ? null : (fromJstInput(v.publishAt) ?? v.publishAt),
  };
}

/** The body's issues as { path: message key }: the contract's, then the schedule's window at `now`. */
export function postIssuesOf(body: Record<string, unknown>, now: Date): Record<string, string> {
  const out: Record<string, string> = {};
  const parsed = postSaveRequest.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) out[issue.path.join('.') || '_form'] ??= issue.message;
  }
  const at = typeof body.publish_at === 'string' ? Date.parse(body.publish_at) : Number.NaN;
  if (!out.publish_at && !Number.isNaN(at)) {
    if (at < now.getTime() + F.postScheduleMinMinutes * 60_000) out.publish_at = V.postPublishAt;
    else if (at > now.getTime() + F.postScheduleMaxDays * 86_400_000) out.publish_at = V.postPublishAtFar;
  }
  return out;
}

/** The list's one-line summary of a post's text (the first line, cut). */
export function excerptOf(text: string | null, max = 80): string {
  const first = (text ?? '').trim().split('\n')[0] ?? '';
  const chars = [...first];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : first;
}
