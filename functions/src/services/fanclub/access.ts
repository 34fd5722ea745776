/**
 * The one access check of members-only posts: every channel (the profile's post list, a post's
 * page, its files' presigned URLs, the card's back numbers) loads the viewer here and decides with
 * shared/src/fanclub.ts `postLockOf`. Nothing else reads memberships or passes to open a post.
 */
import { type PostLock, type PostViewer, postLockOf } from '@app/shared/fanclub';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { type MembershipRecord, membershipStateOf, type PassRecord } from './views.ts';

export interface LoadedViewer extends PostViewer {
  /** The stored membership (null: never joined). */
  record: MembershipRecord | null;
  passes: PassRecord[];
}

/**
 * What `viewer` (null: a guest) holds with `creatorId`: the membership, the passes, the creator's
 * re-view setting. `consistent` for a decision that writes (a purchase), eventual for reads.
 */
export async function loadViewer(
  db: Db,
  viewer: Pick<ProfileItem, 'profileId'> | null,
  creatorId: string,
  consistent = false,
): Promise<LoadedViewer> {
  const settings = db.entities.businessSettings.get({ profileId: creatorId }).go();
  if (!viewer || viewer.profileId === creatorId) {
    return {
      isOwner: viewer?.profileId === creatorId,
      signedIn: !!viewer,
      membership: null,
      passMonths: [],
      reView: Boolean((await settings).data?.allowBackNumberReview),
      record: null,
      passes: [],
    };
  }
  const fanId = viewer.profileId;
  const [membership, passes, s] = await Promise.all([
    db.entities.membership.get({ fanId, creatorId }).go({ consistent }),
    db.entities.backNumberPass.query.byFan({ fanId, creatorId }).go({ pages: 'all', consistent }),
    settings,
  ]);
  return {
    isOwner: false,
    signedIn: true,
    membership: membership.data ? membershipStateOf(membership.data) : null,
    passMonths: passes.data.map((p) => p.month),
    reView: Boolean(s.data?.allowBackNumberReview),
    record: membership.data ?? null,
    passes: passes.data,
  };
}

/** The lock of one post for a loaded viewer (null: readable). */
export function lockOf(
  post: { visibility: 'public' | 'members'; month: string },
  viewer: PostViewer,
  now: Date,
): PostLock | null {
  return postLockOf(post, viewer, now);
}
