/** Fan club fixtures: a fan club and posts written as the services leave them, joins through the service. */
import { jstMonth } from '@app/shared/time';
import type { ProfileItem } from '../../src/lib/auth.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { timeId } from '../../src/lib/crypto.ts';
import type { MediaStore } from '../../src/lib/media-store.ts';
import type { FanclubDeps } from '../../src/services/fanclub/deps.ts';
import { join } from '../../src/services/fanclub/membership.ts';
import type { FanclubRecord, PostRecord } from '../../src/services/fanclub/views.ts';
import { give } from './chat.ts';
import { testDb } from './cloud.ts';

const noMedia = new Proxy({} as MediaStore, {
  get: () => () => {
    throw new Error('this test does not use media');
  },
});

export function fanclubTestDeps(clock: Clock, media: MediaStore = noMedia): FanclubDeps {
  return { db: testDb(), clock, media, scan: 'none' };
}

/** An open fan club at 500 points a month unless `over` says else. */
export async function putFanclub(
  creatorId: string,
  over: Partial<FanclubRecord> = {},
): Promise<FanclubRecord> {
  const at = new Date().toISOString();
  const club = {
    creatorId,
    name: 'テストファンクラブ',
    description: '毎月の限定写真をお届けします。',
    benefits: '限定投稿',
    price: 500,
    isOpen: true,
    members: 0,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
  await testDb().entities.fanclub.put(club).go();
  return club;
}

/**
 * A published post (members only by default) with placeholder private file keys, and its month's
 * count when it is members only (as the post service leaves them).
 */
export async function putPost(creatorId: string, over: Partial<PostRecord> = {}): Promise<PostRecord> {
  const publishedAt = over.publishedAt ?? new Date().toISOString();
  const postId = over.postId ?? timeId(new Date(publishedAt));
  const post = {
    postId,
    creatorId,
    text: '会員限定の写真です',
    visibility: 'members' as const,
    status: 'published' as const,
    publishedAt,
    month: jstMonth(new Date(publishedAt)),
    images: [
      {
        key: `private/post-image/${creatorId}/${postId}/0/full.webp`,
        thumbKey: `private/post-image/${creatorId}/${postId}/0/thumb.webp`,
      },
    ],
    version: 1,
    createdAt: publishedAt,
    updatedAt: publishedAt,
    ...over,
  };
  const db = testDb();
  await db.entities.post.put(post).go();
  if (post.visibility === 'members' && post.status === 'published')
    await db.entities.postMonth.upsert({ creatorId, month: post.month }).add({ posts: 1 }).go();
  return post;
}

/** Gives the fan the price in mushrooms (plus `spare`) and joins through the service. */
export async function joinAs(deps: FanclubDeps, fan: ProfileItem, creatorId: string, price = 500, spare = 0) {
  await give(fan.profileId, price + spare);
  return join(deps, fan, { creatorId, price, useOriginal: false, key: crypto.randomUUID() });
}
