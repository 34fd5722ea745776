/**
 * Who may like or favorite whom (DECISIONS "Profiles, likes, favorites, discovery"): fans and
 * shop/organization owners like and favorite public creators; a creator likes back only a fan who
 * liked them; creators never like or favorite creators; nobody likes or favorites themself; a
 * block either way hides the other side (`profile_not_found`, as if they did not exist).
 */
import { businessConfig } from '@app/shared/config';
import { isSetupComplete, ROLE } from '@app/shared/roles';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

export interface SocialDeps {
  db: Db;
  clock: Clock;
}

/** Fans and shop/organization owners: the ones who like, favorite and pay creators. */
export const isFanSide = (roleId: number) => roleId === ROLE.FAN || roleId === ROLE.USER;

/** A creator with a public profile: active and set up (a left one has no profile item any more). */
export function isPublicCreator(p: ProfileItem | null | undefined): p is ProfileItem {
  return !!p && p.status === 'active' && p.roleId === ROLE.CREATOR && isSetupComplete(p.roleId, p.finalStep);
}

export async function readProfile(db: Db, profileId: string): Promise<ProfileItem | null> {
  return (await db.entities.profile.get({ profileId }).go()).data;
}

/** The profile named by a username (3-20 characters) or a profile id (longer). */
export async function profileByIdOrUsername(db: Db, idOrUsername: string): Promise<ProfileItem | null> {
  if (idOrUsername.length > businessConfig.limits.usernameMax) return readProfile(db, idOrUsername);
  const { data: claim } = await db.entities.uniqueClaim
    .get({ kind: 'username', value: idOrUsername.toLowerCase() })
    .go();
  return claim ? readProfile(db, claim.profileId) : null;
}

/** Both block edges between two people: [a blocked b, b blocked a]. */
export async function blocksBetween(db: Db, a: string, b: string): Promise<[boolean, boolean]> {
  const { data } = await db.entities.block
    .get([
      { blockerId: a, blockedId: b },
      { blockerId: b, blockedId: a },
    ])
    .go();
  return [data.some((e) => e.blockerId === a), data.some((e) => e.blockerId === b)];
}

/**
 * Everyone `me` blocked or who blocked `me`: the caller's own block list and the reverse index
 * (`blocked-by#<me>` in gsi2), one Query each, usually empty; lists of creators drop them.
 */
export async function blockedEitherWay(db: Db, me: string): Promise<Set<string>> {
  const [mine, theirs] = await Promise.all([
    db.entities.block.query.byBlocker({ blockerId: me }).go({ pages: 'all', attributes: ['blockedId'] }),
    db.entities.block.query.byBlocked({ blockedId: me }).go({ pages: 'all', attributes: ['blockerId'] }),
  ]);
  return new Set([...mine.data.map((b) => b.blockedId), ...theirs.data.map((b) => b.blockerId)]);
}

/** The caller must have finished sign-up before acting (as in chat). */
export function requireSetUp(me: ProfileItem): void {
  if (!isSetupComplete(me.roleId, me.finalStep)) throw new AppError('registration_incomplete');
}

/**
 * The person `me` may like, or the refusal: `self_like`; a fan or owner likes a public creator
 * only; a creator likes only a fan (or owner) who liked them (`creator_to_creator` for a creator,
 * `forbidden` when the fan has not liked them); unknown, left, not set up or blocked either way:
 * `profile_not_found`.
 */
export async function likeTarget(db: Db, me: ProfileItem, targetId: string): Promise<ProfileItem> {
  requireSetUp(me);
  if (targetId === me.profileId) throw new AppError('self_like');
  const [target, blocks] = await Promise.all([
    readProfile(db, targetId),
    blocksBetween(db, me.profileId, targetId),
  ]);
  if (target?.status !== 'active' || blocks[0] || blocks[1]) throw new AppError('profile_not_found');
  if (isFanSide(me.roleId)) {
    if (!isPublicCreator(target)) throw new AppError('profile_not_found');
    return target;
  }
  if (me.roleId !== ROLE.CREATOR) throw new AppError('forbidden');
  if (target.roleId === ROLE.CREATOR) throw new AppError('creator_to_creator');
  if (!isFanSide(target.roleId)) throw new AppError('profile_not_found');
  const { data: theirs } = await db.entities.like.get({ fromId: targetId, toId: me.profileId }).go();
  if (!theirs) throw new AppError('forbidden', 'a creator likes back only a fan who liked them');
  return target;
}

/** The creator `me` may favorite: `self_favorite`, `creator_to_creator`, `profile_not_found`. */
export async function favoriteTarget(db: Db, me: ProfileItem, targetId: string): Promise<ProfileItem> {
  requireSetUp(me);
  if (targetId === me.profileId) throw new AppError('self_favorite');
  if (!isFanSide(me.roleId))
    throw new AppError(me.roleId === ROLE.CREATOR ? 'creator_to_creator' : 'forbidden');
  const [target, blocks] = await Promise.all([
    readProfile(db, targetId),
    blocksBetween(db, me.profileId, targetId),
  ]);
  if (!isPublicCreator(target) || blocks[0] || blocks[1]) throw new AppError('profile_not_found');
  return target;
}
