/**
 * The creator directory (docs/access-patterns.md "Search", entity SearchDoc): one small document
 * per listed creator, `profile#<id>`/`search`, in gsi2 by area and gsi3 by write shard. A profile is
 * listed exactly when it is an active, set-up creator (role 2). Every write that can change that, or
 * a field the document holds, puts or deletes the document in the same transaction as the profile
 * (M3 profile update, the bank step and its skip, images, suspension and resumption; leaving deletes
 * it first), so the directory never disagrees with the profiles.
 */
import { businessConfig } from '@app/shared/config';
import { isSetupComplete, ROLE } from '@app/shared/roles';
import { creatorSearchText } from '@app/shared/search-text';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { shardOf } from '../../lib/crypto.ts';

const S = businessConfig.social;

import type { SearchDocItem } from './cards.ts';

/** The profile fields the directory reads. */
export type DirectoryProfile = Pick<
  ProfileItem,
  | 'profileId'
  | 'roleId'
  | 'status'
  | 'finalStep'
  | 'username'
  | 'nickname'
  | 'genre'
  | 'bio'
  | 'area'
  | 'profileImage'
  | 'createdAt'
>;

/** Write shard of a creator: `fnv1a(profileId) mod social.directoryShards` (lib/crypto `shardOf`), stable for the profile's life. */
export const directoryShard = (profileId: string): string => shardOf(profileId, S.directoryShards);

/** Every shard key (a keyword search queries them all in parallel). */
export const directoryShards = (): string[] => Array.from({ length: S.directoryShards }, (_, i) => String(i));

/** Listed: an active creator whose sign-up is complete (username and nickname set). */
export function isListed(p: DirectoryProfile): boolean {
  return (
    p.roleId === ROLE.CREATOR &&
    p.status === 'active' &&
    isSetupComplete(p.roleId, p.finalStep) &&
    !!p.username &&
    !!p.nickname
  );
}

/** The document of a listed creator (the card fields are a display snapshot). */
export function searchDocOf(p: DirectoryProfile, now: string): SearchDocItem {
  return {
    profileId: p.profileId,
    shard: directoryShard(p.profileId),
    area: p.area ?? 0,
    // The profile's creation time: a stable order for the area and shard indexes.
    createdAt: p.createdAt,
    searchText: creatorSearchText(p),
    username: p.username ?? '',
    nickname: p.nickname ?? '',
    ...(p.genre ? { genre: p.genre } : {}),
    // The card shows the bio's start (one character more tells it was cut); the search text holds all of it.
    ...(p.bio ? { bio: [...p.bio].slice(0, S.cardBioMax + 1).join('') } : {}),
    ...(p.profileImage ? { profileImage: p.profileImage } : {}),
    updatedAt: now,
  };
}

type TxEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];

/**
 * The directory's part of a transaction that leaves the profile as `after`: put the document of a
 * listed creator, delete it for any other creator (suspended: it may exist), nothing for the roles
 * that are never listed.
 */
export function directoryCommits(tx: Pick<TxEntities, 'searchDoc'>, after: DirectoryProfile, now: string) {
  if (isListed(after)) return [tx.searchDoc.put(searchDocOf(after, now)).commit()];
  if (after.roleId === ROLE.CREATOR) return [tx.searchDoc.delete({ profileId: after.profileId }).commit()];
  return [];
}

/** The same outside a transaction (the backfill, and tests). */
export async function syncDirectory(
  db: Db,
  after: DirectoryProfile,
  now: string,
): Promise<'put' | 'delete' | null> {
  if (isListed(after)) {
    await db.entities.searchDoc.put(searchDocOf(after, now)).go();
    return 'put';
  }
  if (after.roleId === ROLE.CREATOR) {
    await db.entities.searchDoc.delete({ profileId: after.profileId }).go();
    return 'delete';
  }
  return null;
}
