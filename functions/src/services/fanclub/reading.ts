/**
 * Reading fan club posts (issue 14): the profile's post list (`GET /fanclub/posts/{id}`) and a
 * post's page (`GET /fanclub/post/{id}`). Both load the viewer once (access.ts `loadViewer`) and
 * decide each post with `lockOf` (shared/src/fanclub.ts `postLockOf`), the one access rule. A
 * readable post carries its text and presigned GETs of its files, minted here only after that
 * check (they live `mediaConfig.privateUrlSeconds` from the clock's now); a locked one carries what
 * it holds (image count, video or not) and how to open it, never its text or a file's URL. These
 * two calls are the only ones that mint post file URLs for readers.
 */
import { businessConfig } from '@app/shared/config';
import type { PostLock } from '@app/shared/fanclub';
import { mediaConfig } from '@app/shared/media';
import type { PostListResponse, PostResponse, PostView } from '@app/shared/schemas/fanclub';
import { ULID_RE } from '@app/shared/validation';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { privateUrl } from '../media/pipeline.ts';
import { isPublicCreator, profileByIdOrUsername, readProfile } from '../social/relations.ts';
import { loadViewer, lockOf } from './access.ts';
import type { FanclubDeps } from './deps.ts';
import { creatorViewOf, type PostRecord } from './views.ts';

const PAGE = businessConfig.fanclub.postPageSize;

/** The position after a page (sealed by lib/http.ts): the creator's id and the last post shown. */
const CURSOR_RE = /^([^|]{1,256})\|(\d{4}-\d{2}-\d{2}T[0-9:.+Z-]{6,30})\|([0-9A-HJKMNP-TV-Z]{26})$/;

/** A post as this viewer sees it: files' URLs only when `lock` is null (minted at `now`). */
export async function postViewOf(
  deps: FanclubDeps,
  post: PostRecord,
  lock: PostLock | null,
  price: number,
  now: Date,
): Promise<PostView> {
  const images = post.images ?? [];
  const base = {
    id: post.postId,
    creator_id: post.creatorId,
    visibility: post.visibility,
    status: post.status,
    month: post.month,
    published_at: post.publishedAt,
    image_count: images.length,
    has_video: Boolean(post.video),
  };
  if (lock) return { ...base, text: null, images: [], video: null, lock: { ...lock, price } };
  const mint = (key: string) => privateUrl(deps, key, mediaConfig.privateUrlSeconds, { signedAt: now });
  const [views, video] = await Promise.all([
    Promise.all(
      images.map(async (i) => {
        const [thumb_url, full_url] = await Promise.all([mint(i.thumbKey), mint(i.key)]);
        return { thumb_url, full_url };
      }),
    ),
    post.video ? mint(post.video.key).then((url) => ({ url })) : null,
  ]);
  return { ...base, text: post.text, images: views, video, lock: null };
}

/** The fan club's current monthly price (what a pass costs; 0 before the creator set one up). */
async function priceOf(deps: FanclubDeps, creatorId: string): Promise<number> {
  const { data } = await deps.db.entities.fanclub.get({ creatorId }).go();
  return data?.price ?? 0;
}

/**
 * `GET /fanclub/posts/{id}`: a creator's published posts, newest first, one page. `{id}` a username
 * or a profile id; a left, unknown or not (yet) public creator is `profile_not_found`, as the
 * profile itself is. `viewer` null for guests.
 */
export async function profilePosts(
  deps: FanclubDeps,
  viewer: ProfileItem | null,
  idOrUsername: string,
  cursor: string | undefined,
): Promise<PostListResponse> {
  const creator = await profileByIdOrUsername(deps.db, idOrUsername);
  if (!isPublicCreator(creator)) throw new AppError('profile_not_found');
  const creatorId = creator.profileId;
  let after: { publishedAt: string; postId: string } | null = null;
  if (cursor !== undefined) {
    const m = CURSOR_RE.exec(cursor);
    // Sealed for this caller and route, but maybe of another creator's list: refused.
    if (!m || m[1] !== creatorId) throw new AppError('cursor_invalid');
    after = { publishedAt: m[2] as string, postId: m[3] as string };
  }
  const base = deps.db.entities.post.query.byCreator({ creatorId });
  const query = after
    ? base.between({ status: 'published' }, { status: 'published', ...after })
    : base.begins({ status: 'published' });
  const [page, loaded, price] = await Promise.all([
    // One more than a page: `between` includes the cursor's own post, and the extra says whether
    // another page follows.
    query.go({ order: 'desc', limit: PAGE + 2 }),
    loadViewer(deps.db, viewer, creatorId),
    priceOf(deps, creatorId),
  ]);
  const posts = page.data
    .filter((p) => p.status === 'published' && p.postId !== after?.postId)
    .slice(0, PAGE + 1);
  const shown = posts.slice(0, PAGE);
  const now = deps.clock.now();
  const views = await Promise.all(shown.map((p) => postViewOf(deps, p, lockOf(p, loaded, now), price, now)));
  const last = shown.at(-1);
  return {
    posts: views,
    next_cursor: posts.length > PAGE && last ? `${creatorId}|${last.publishedAt}|${last.postId}` : null,
  };
}

/**
 * `GET /fanclub/post/{id}`: one post by the same rule. A scheduled post, or a post of a creator no
 * longer public, is `post_not_found` for anyone but its creator (its existence is not told).
 */
export async function postDetail(
  deps: FanclubDeps,
  viewer: ProfileItem | null,
  postId: string,
): Promise<PostResponse> {
  if (!ULID_RE.test(postId)) throw new AppError('post_not_found');
  const { data: post } = await deps.db.entities.post.get({ postId }).go();
  if (!post) throw new AppError('post_not_found');
  const owner = viewer?.profileId === post.creatorId;
  if (!owner && post.status !== 'published') throw new AppError('post_not_found');
  const [creator, loaded, price] = await Promise.all([
    readProfile(deps.db, post.creatorId),
    loadViewer(deps.db, viewer, post.creatorId),
    priceOf(deps, post.creatorId),
  ]);
  if (!owner && !isPublicCreator(creator)) throw new AppError('post_not_found');
  const now = deps.clock.now();
  return {
    post: await postViewOf(deps, post, lockOf(post, loaded, now), price, now),
    creator: creatorViewOf(post.creatorId, creator),
  };
}
