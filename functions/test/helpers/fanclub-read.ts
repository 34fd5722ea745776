/**
 * Fan club fixtures for the reading tests, written straight to the table as the fan club's own
 * code writes them (the fan club, a membership in any state, a pass, a published post with its
 * processed files in the media bucket, the creator's re-view setting).
 */
import { randomUUID } from 'node:crypto';
import { joined, type MembershipState } from '@app/shared/fanclub';
import { jstMonth } from '@app/shared/time';
import sharp from 'sharp';
import { timeId } from '../../src/lib/crypto.ts';
import { membershipFieldsOf } from '../../src/services/fanclub/views.ts';
import { testDb } from './cloud.ts';
import { mp4, putObject } from './media.ts';

const db = testDb();

export async function putFanclubRecord(creatorId: string, price = 300): Promise<void> {
  const now = new Date().toISOString();
  await db.entities.fanclub
    .put({
      creatorId,
      name: 'テストファンクラブ',
      price,
      isOpen: true,
      members: 0,
      createdAt: now,
      updatedAt: now,
    })
    .go();
}

/** A membership as a join at `at` left it, then `change` applied (a lapse, a rejoin…). */
export async function putMembership(
  fanId: string,
  creatorId: string,
  at: Date,
  change: (s: MembershipState) => MembershipState = (s) => s,
): Promise<MembershipState> {
  const state = change(joined(null, at));
  await db.entities.membership
    .put({
      fanId,
      creatorId,
      // Ended: no due date (out of the renewal index).
      dueOn: '',
      ...membershipFieldsOf(state),
      price: 300,
      useOriginal: false,
      joinedAt: at.toISOString(),
      firstJoinedAt: at.toISOString(),
      dueShard: '0',
      version: 1,
      updatedAt: at.toISOString(),
    })
    .go();
  return state;
}

export async function putPass(fanId: string, creatorId: string, month: string): Promise<void> {
  await db.entities.backNumberPass
    .put({ fanId, creatorId, month, points: 300, txId: randomUUID(), createdAt: new Date().toISOString() })
    .go();
}

const webp = (background: string) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background } })
    .webp()
    .toBuffer();

export interface PostFixture {
  postId: string;
  month: string;
  /** Every file key of the post (private). */
  keys: string[];
}

/** A post (published at `at` unless scheduled) with `images` processed images or a video. */
export async function putPostRecord(
  creatorId: string,
  opts: {
    at?: Date;
    visibility?: 'public' | 'members';
    status?: 'published' | 'scheduled';
    images?: number;
    video?: boolean;
    text?: string;
  } = {},
): Promise<PostFixture> {
  const at = opts.at ?? new Date();
  const postId = timeId(at);
  const keys: string[] = [];
  const images: { key: string; thumbKey: string; width: number; height: number }[] = [];
  for (let i = 0; i < (opts.images ?? 0); i++) {
    const folder = `private/post-image/${creatorId}-${randomUUID()}/`;
    const image = { key: `${folder}full.webp`, thumbKey: `${folder}thumb.webp`, width: 16, height: 16 };
    await Promise.all([
      putObject(image.key, await webp('#c84'), 'image/webp'),
      putObject(image.thumbKey, await webp('#48c'), 'image/webp'),
    ]);
    keys.push(image.key, image.thumbKey);
    images.push(image);
  }
  let video: { key: string; bytes: number } | undefined;
  if (opts.video) {
    const bytes = mp4();
    video = { key: `private/post-video/${creatorId}-${randomUUID()}/original.mp4`, bytes: bytes.length };
    await putObject(video.key, bytes, 'video/mp4');
    keys.push(video.key);
  }
  const month = jstMonth(at);
  await db.entities.post
    .put({
      postId,
      creatorId,
      text: opts.text ?? `投稿 ${postId}\n二行目`,
      visibility: opts.visibility ?? 'members',
      status: opts.status ?? 'published',
      publishedAt: at.toISOString(),
      month,
      images,
      ...(video ? { video } : {}),
      version: 1,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    })
    .go();
  // The month's count of members-only posts, as the post service keeps it.
  if ((opts.visibility ?? 'members') === 'members' && (opts.status ?? 'published') === 'published')
    await db.entities.postMonth.upsert({ creatorId, month }).add({ posts: 1 }).go();
  return { postId, month, keys };
}
