/**
 * Fan club posts, the creator's side (issue 14; DECISIONS.md "Fan club"): the post form (create and
 * edit with `POST /fanclub/post`), its uploads through the media pipeline, delete, and the
 * creator's own list.
 *
 * - A post is text with up to 10 images or one video, public or members only, published now or at
 *   a time (`postScheduleMinMinutes` to `postScheduleMaxDays` ahead, on the injected clock).
 * - Every write is conditioned on the post's `version` as read and bumps it. A published post
 *   keeps its `publishedAt` and JST `month` (moving its time is 409 `post_published`).
 * - PostMonth (`fanclub#<creator>`/`month#<YYYY-MM>`) counts published members-only posts: its
 *   ±1 is in the same transaction as the post's write (publish, visibility change, delete).
 * - Scheduled: one EventBridge Scheduler one-time schedule per version of the post, created
 *   BEFORE the commit (a schedule whose version never committed finds nothing to do when it
 *   fires), the previous one deleted AFTER it (a stale one left by a crash does nothing either).
 *   The job is post-publish.ts.
 * - Files: new uploads (the caller's own, `uploads/<folder>/<me>/<me>-…`) are checked and
 *   processed into `private/<folder>/<me>/<postId>-<id>/` before the commit; files the post no
 *   longer holds are named by a PostFileRemoval marker in the same transaction, which the stream
 *   consumer streams/fanclub-post-files deletes (a crash between writes loses nothing).
 */
import { randomBytes } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { mediaConfig, mediaPurposes } from '@app/shared/media';
import { ROLE } from '@app/shared/roles';
import {
  POST_FILE_RE,
  POST_UPLOAD_RE,
  type PostListResponse,
  type PostResponse,
  type PostSaveRequest,
  type PostUploadPurpose,
  type PostView,
} from '@app/shared/schemas/fanclub';
import type { UploadUrlView } from '@app/shared/schemas/shop';
import { jstMonth } from '@app/shared/time';
import { V } from '@app/shared/validation';
import { ttlAt } from '../../db/keys.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { timeId } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import type { OneTimeScheduler } from '../../lib/schedules.ts';
import { processUpload } from '../media/check.ts';
import { deleteItemFolders } from '../media/cleanup.ts';
import { discardUpload, type ProcessedMedia, uploadTarget } from '../media/pipeline.ts';
import type { FanclubDeps } from './deps.ts';
import { monthDeltas } from './post-months.ts';
import { postViewOf } from './reading.ts';
import { creatorViewOf, type PostRecord } from './views.ts';

const F = businessConfig.fanclub;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The job a scheduled post's one-time schedule invokes (manifest `jobs`). */
export const POST_PUBLISH_JOB = 'jobs/fanclub-post-publish';
/** How long a PostFileRemoval marker stays (the stream consumer runs within seconds; the stream keeps 24 h). */
const REMOVAL_TTL_DAYS = 7;

/** The posts' services need the scheduler besides the fan club's dependencies. */
export interface PostDeps extends FanclubDeps {
  scheduler: OneTimeScheduler;
}

type ImageFile = NonNullable<PostRecord['images']>[number];
type VideoFile = NonNullable<PostRecord['video']>;

/** The form's fields that hold files, and the upload purpose of each. */
const FIELD_PURPOSE = { images: 'postImage', video: 'postVideo' } as const satisfies Record<
  string,
  PostUploadPurpose
>;
type FileField = keyof typeof FIELD_PURPOSE;

/** Where a creator's uploads go: `uploads/<folder>/<me>/<me>-<uuid>.<ext>`. */
const uploadOwnerPath = (me: string) => `${me}/${me}`;
/** Where a post's processed files go: `private/<folder>/<me>/<postId>-<uuid>/`. */
const fileOwnerPath = (me: string, postId: string) => `${me}/${postId}`;
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

/** Every processed file of a post, as key prefixes (its delete removes them all). */
export function postFilePrefixes(creatorId: string, postId: string): string[] {
  return Object.values(FIELD_PURPOSE).map(
    (p) => `${mediaConfig.prefixes.private}${mediaPurposes[p].folder}/${fileOwnerPath(creatorId, postId)}-`,
  );
}

/** A new, unique name per version: a concurrent edit never collides, a stale one is harmless. */
export const scheduleNameOf = (postId: string, version: number) =>
  `post-${postId}-${version}-${randomBytes(4).toString('hex')}`;

/** Posts are for creators (the route also lets shop owners and admins in, for their other calls). */
function creatorOnly(me: ProfileItem): void {
  if (me.roleId !== ROLE.CREATOR) throw new AppError('forbidden', 'posts are for creators');
}

/** `POST /fanclub/post/upload-url`: a presigned POST of the media pipeline for one file of the form. */
export function postUploadUrl(
  deps: FanclubDeps,
  me: ProfileItem,
  body: { purpose: PostUploadPurpose; content_type: string },
): Promise<UploadUrlView> {
  creatorOnly(me);
  return uploadTarget(deps, mediaPurposes[body.purpose], body.content_type, uploadOwnerPath(me.profileId));
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The caller's own post, or 404 `post_not_found` (another creator's id too). */
async function ownPost(deps: FanclubDeps, me: string, postId: string): Promise<PostRecord> {
  const { data } = await deps.db.entities.post.get({ postId }).go({ consistent: true });
  if (!data || data.creatorId !== me) throw new AppError('post_not_found');
  return data;
}

/**
 * The creator's own view of a post: the reader's view without a lock (reading.ts `postViewOf`,
 * presigned GETs), and the form's file keys.
 */
export async function ownPostViewOf(deps: FanclubDeps, post: PostRecord): Promise<PostView> {
  const view = await postViewOf(deps, post, null, 0, deps.clock.now());
  return { ...view, edit: { images: (post.images ?? []).map((i) => i.key), video: post.video?.key ?? null } };
}

/** `GET /fanclub/post/{id}/edit`: the caller's own post for the edit form. */
export async function getOwnPost(deps: FanclubDeps, me: ProfileItem, postId: string): Promise<PostResponse> {
  const post = await ownPost(deps, me.profileId, postId);
  return { post: await ownPostViewOf(deps, post), creator: creatorViewOf(me.profileId, me) };
}

/**
 * `GET /fanclub/my-posts/{id}` (own id): the caller's posts in one Query of gsi1, descending:
 * `scheduled#…` sorts after `published#…`, so the scheduled ones come first (latest time first),
 * then the published ones newest first.
 */
export async function listOwnPosts(
  deps: FanclubDeps,
  me: ProfileItem,
  cursor: string | undefined,
): Promise<PostListResponse> {
  const page = await deps.db.entities.post.query
    .byCreator({ creatorId: me.profileId })
    .go({ order: 'desc', limit: F.postPageSize, ...(cursor ? { cursor } : {}) });
  return {
    posts: await Promise.all(page.data.map((p) => ownPostViewOf(deps, p))),
    next_cursor: page.cursor ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Files of the form

interface FileRef {
  field: FileField;
  /** The issue path: `images.2`, `video`. */
  path: string;
  ref: string;
}

interface ResolvedFiles {
  images: ImageFile[];
  video: VideoFile | undefined;
  processed: ProcessedMedia[];
  uploads: string[];
}

/**
 * Checks every file the form names: a key the post already holds in that field, or the caller's
 * own new upload of that field's purpose (else 422 on the field, e.g. `images.2`). New uploads are
 * checked and processed; on any refusal whatever was processed is deleted.
 */
async function resolveFiles(
  deps: FanclubDeps,
  me: string,
  postId: string,
  body: PostSaveRequest,
  current: PostRecord | null,
): Promise<ResolvedFiles> {
  const refs: FileRef[] = [
    ...body.images.map((ref, i) => ({ field: 'images' as const, path: `images.${i}`, ref })),
    ...(body.video ? [{ field: 'video' as const, path: 'video', ref: body.video }] : []),
  ];
  const seen = new Set<string>();
  const held = new Map<string, ImageFile | VideoFile>();
  const fresh: FileRef[] = [];
  for (const r of refs) {
    if (seen.has(r.ref)) throw fieldError(r.path, V.postFile);
    seen.add(r.ref);
    const folder = mediaPurposes[FIELD_PURPOSE[r.field]].folder;
    if (POST_FILE_RE.test(r.ref)) {
      const file =
        r.field === 'images'
          ? current?.images?.find((f) => f.key === r.ref)
          : current?.video?.key === r.ref
            ? current.video
            : undefined;
      if (!file) throw fieldError(r.path, V.postFile);
      held.set(r.ref, file);
    } else if (
      POST_UPLOAD_RE.test(r.ref) &&
      r.ref.startsWith(`${mediaConfig.prefixes.uploads}${folder}/${uploadOwnerPath(me)}-`)
    ) {
      fresh.push(r);
    } else {
      throw fieldError(r.path, V.postFile);
    }
  }
  const results = await Promise.allSettled(
    fresh.map((r) =>
      processUpload(deps, mediaPurposes[FIELD_PURPOSE[r.field]], r.ref, fileOwnerPath(me, postId), r.path),
    ),
  );
  const processed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.find((r) => r.status === 'rejected');
  if (refused) {
    await deleteItemFolders(
      deps,
      processed.map((p) => p.folder),
    );
    throw refused.reason;
  }
  const made = new Map<string, ImageFile | VideoFile>();
  fresh.forEach((r, i) => {
    const p = processed[i] as ProcessedMedia;
    made.set(
      r.ref,
      r.field === 'images'
        ? { key: p.key, thumbKey: `${p.folder}thumb.webp` }
        : { key: p.key, bytes: p.size },
    );
  });
  const fileOf = (ref: string) => (held.get(ref) ?? made.get(ref)) as ImageFile & VideoFile;
  return {
    images: body.images.map((ref) => {
      const f = fileOf(ref);
      return { key: f.key, thumbKey: f.thumbKey };
    }),
    video: body.video ? { key: fileOf(body.video).key, bytes: fileOf(body.video).bytes } : undefined,
    processed,
    uploads: fresh.map((r) => r.ref),
  };
}

/** Folders of the files the post held and no longer holds. */
function droppedFolders(
  before: PostRecord | null,
  images: ImageFile[],
  video: VideoFile | undefined,
): string[] {
  if (!before) return [];
  const kept = new Set([...images.map((i) => i.key), ...(video ? [video.key] : [])]);
  return [...(before.images ?? []).map((i) => i.key), ...(before.video ? [before.video.key] : [])]
    .filter((k) => !kept.has(k))
    .map(folderOf);
}

// ---------------------------------------------------------------------------------------------
// Saving the form

interface Timing {
  status: 'published' | 'scheduled';
  publishedAt: string;
  month: string;
}

/**
 * When the post is (or will be) published. A published post keeps its time; a new or scheduled
 * one is published now (`publish_at` null) or at `publish_at`, within the schedule's window.
 */
export function timingOf(now: Date, publishAt: string | null, current: PostRecord | null): Timing {
  if (current?.status === 'published') {
    if (publishAt !== null && Date.parse(publishAt) !== Date.parse(current.publishedAt)) {
      throw new AppError('post_published');
    }
    return { status: 'published', publishedAt: current.publishedAt, month: current.month };
  }
  if (publishAt === null)
    return { status: 'published', publishedAt: now.toISOString(), month: jstMonth(now) };
  // To the second: the schedule's at() has no finer unit.
  const at = new Date(Math.floor(Date.parse(publishAt) / 1000) * 1000);
  if (at.getTime() < now.getTime() + F.postScheduleMinMinutes * MINUTE) {
    throw fieldError('publish_at', V.postPublishAt);
  }
  if (at.getTime() > now.getTime() + F.postScheduleMaxDays * DAY) {
    throw fieldError('publish_at', V.postPublishAtFar);
  }
  return { status: 'scheduled', publishedAt: at.toISOString(), month: jstMonth(at) };
}

/**
 * `POST /fanclub/post`: creates (no id) or edits the caller's own post. Files are checked and
 * processed first; the post, its month's count and the marker of dropped files commit together;
 * a scheduled post's schedule is created before the commit and the replaced one deleted after.
 */
export async function savePost(
  deps: PostDeps,
  me: ProfileItem,
  body: PostSaveRequest,
): Promise<PostResponse> {
  creatorOnly(me);
  const creatorId = me.profileId;
  const current = body.id ? await ownPost(deps, creatorId, body.id) : null;
  if (body.visibility === 'members') {
    const { data: fanclub } = await deps.db.entities.fanclub.get({ creatorId }).go({ consistent: true });
    if (!fanclub) throw new AppError('fanclub_not_found');
  }
  const now = deps.clock.now();
  const timing = timingOf(now, body.publish_at, current);
  const postId = current?.postId ?? timeId(now);
  const files = await resolveFiles(deps, creatorId, postId, body, current);
  const version = (current?.version ?? 0) + 1;
  const scheduleName = timing.status === 'scheduled' ? scheduleNameOf(postId, version) : undefined;
  let record: PostRecord | null = null;
  try {
    if (scheduleName) {
      await deps.scheduler.create(scheduleName, new Date(timing.publishedAt), POST_PUBLISH_JOB, {
        post_id: postId,
        version,
      });
    }
    record = await writePost(deps, creatorId, postId, body, current, timing, files, version, scheduleName);
    if (!record) throw new AppError('post_conflict', 'the post changed meanwhile');
  } catch (error) {
    // Not committed: what this request made goes (processed files, the new schedule).
    await Promise.all([
      deleteItemFolders(
        deps,
        files.processed.map((p) => p.folder),
      ),
      scheduleName ? removeSchedule(deps, scheduleName) : undefined,
    ]);
    throw error;
  }
  await Promise.all([
    ...files.uploads.map((u) => discardUpload(deps, u).catch(() => undefined)),
    current?.scheduleName ? removeSchedule(deps, current.scheduleName) : undefined,
  ]);
  return { post: await ownPostViewOf(deps, record), creator: creatorViewOf(creatorId, me) };
}

/** Deletes a schedule that is no longer wanted; a failure leaves a stale schedule, which does nothing (logged). */
async function removeSchedule(deps: PostDeps, name: string): Promise<void> {
  await deps.scheduler.remove(name).catch((error: unknown) => {
    logger.warn('post schedule not deleted', { name, error: (error as Error).message });
  });
}

/** One conditional transaction: the post, its months' counts, the marker of dropped files. Null when canceled. */
async function writePost(
  deps: PostDeps,
  creatorId: string,
  postId: string,
  body: PostSaveRequest,
  current: PostRecord | null,
  timing: Timing,
  files: ResolvedFiles,
  version: number,
  scheduleName: string | undefined,
): Promise<PostRecord | null> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const fields = {
    text: body.text,
    visibility: body.visibility,
    // Always together: they make the creator index's sort key (with postId).
    status: timing.status,
    publishedAt: timing.publishedAt,
    month: timing.month,
    images: files.images,
    version,
    updatedAt: at,
  };
  const record = {
    postId,
    creatorId,
    createdAt: current?.createdAt ?? at,
    ...fields,
    ...(files.video ? { video: files.video } : {}),
    ...(scheduleName ? { scheduleName } : {}),
  } as PostRecord;
  const dropped = droppedFolders(current, files.images, files.video);
  const result = await deps.db.transaction
    .write(({ post, postMonth, postFileRemoval }) => {
      const ops = [];
      if (!current) {
        ops.push(post.create(record).commit());
      } else {
        let op = post.patch({ postId }).set({
          ...fields,
          ...(files.video ? { video: files.video } : {}),
          ...(scheduleName ? { scheduleName } : {}),
        });
        const remove = [
          ...(!files.video && current.video ? ['video' as const] : []),
          ...(!scheduleName && current.scheduleName ? ['scheduleName' as const] : []),
        ];
        if (remove.length > 0) op = op.remove(remove);
        ops.push(op.where((a, o) => o.eq(a.version, current.version)).commit());
      }
      for (const { month, delta } of monthDeltas(current, record)) {
        ops.push(postMonth.update({ creatorId, month }).add({ posts: delta }).commit());
      }
      if (dropped.length > 0) {
        ops.push(
          postFileRemoval
            .create({
              postId,
              version,
              creatorId,
              prefixes: dropped,
              createdAt: at,
              ttl: ttlAt(new Date(now.getTime() + REMOVAL_TTL_DAYS * DAY)),
            })
            .commit(),
        );
      }
      return ops;
    })
    .go();
  return result.canceled ? null : record;
}

// ---------------------------------------------------------------------------------------------
// Delete

/**
 * `POST /fanclub/post/delete {id}`: the post goes with its month's count and a marker naming all
 * its files (deleted by the stream consumer); a scheduled post's schedule is deleted after.
 */
export async function deletePost(deps: PostDeps, me: ProfileItem, postId: string): Promise<{ ok: true }> {
  creatorOnly(me);
  const creatorId = me.profileId;
  const post = await ownPost(deps, creatorId, postId);
  const now = deps.clock.now();
  const version = post.version + 1;
  const result = await deps.db.transaction
    .write(({ post: posts, postMonth, postFileRemoval }) => [
      posts
        .delete({ postId })
        .where((a, o) => o.eq(a.version, post.version))
        .commit(),
      ...monthDeltas(post, null).map(({ month, delta }) =>
        postMonth.update({ creatorId, month }).add({ posts: delta }).commit(),
      ),
      postFileRemoval
        .create({
          postId,
          version,
          creatorId,
          prefixes: postFilePrefixes(creatorId, postId),
          createdAt: now.toISOString(),
          ttl: ttlAt(new Date(now.getTime() + REMOVAL_TTL_DAYS * DAY)),
        })
        .commit(),
    ])
    .go();
  if (result.canceled) {
    // Deleted meanwhile (by a retry of this request): done; else it changed: 409.
    const { data } = await deps.db.entities.post.get({ postId }).go({ consistent: true });
    if (data) throw new AppError('post_conflict', 'the post changed meanwhile');
    return { ok: true };
  }
  if (post.scheduleName) await removeSchedule(deps, post.scheduleName);
  return { ok: true };
}
