/** Social actors: set-up creators with their directory entry (the SearchDoc the profile editor writes). */
import { businessConfig } from '@app/shared/config';
import type { ProfileItem } from '../../src/lib/auth.ts';
import { shardOf } from '../../src/lib/crypto.ts';
import { creator, type Member } from './chat.ts';
import { testDb } from './cloud.ts';

/** Puts a creator's directory entry as the profile editor does (search text and a display snapshot). */
export async function putSearchDoc(
  m: Pick<Member, 'profileId' | 'username'>,
  over: { nickname?: string; createdAt?: string; area?: number; profileImage?: string } = {},
) {
  const now = new Date().toISOString();
  await testDb()
    .entities.searchDoc.put({
      profileId: m.profileId,
      shard: shardOf(m.profileId, businessConfig.social.directoryShards),
      area: over.area ?? 13,
      createdAt: over.createdAt ?? now,
      searchText: `${m.username.toLowerCase()} きのこたろう`,
      username: m.username,
      nickname: over.nickname ?? 'きのこ太郎',
      genre: 'music',
      bio: 'hello',
      ...(over.profileImage ? { profileImage: over.profileImage } : {}),
      updatedAt: now,
    })
    .go();
}

/** A set-up creator listed in the directory (public profile, discovery, search). */
export async function publicCreator(): Promise<Member> {
  const c = await creator();
  await putSearchDoc(c);
  return c;
}

/** The stored profile of a member (for services called in-process). */
export async function profileOf(m: Pick<Member, 'profileId'>): Promise<ProfileItem> {
  const { data } = await testDb().entities.profile.get({ profileId: m.profileId }).go({ consistent: true });
  if (!data) throw new Error(`no profile ${m.profileId}`);
  return data;
}
