/**
 * Likes and favorites (S1-S7): the request writes one item with a condition, nothing else; the
 * counters (`Stats`), the 'liked' notice and the rankings follow from the table's stream
 * (services/social/counters.ts), so a like storm on one creator never fails a request.
 */
import { businessConfig } from '@app/shared/config';
import { ROLE } from '@app/shared/roles';
import type {
  FavoriteListResponse,
  FavoriteResponse,
  LikedEntry,
  LikedListResponse,
  LikeResponse,
  PersonView,
} from '@app/shared/schemas/social';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { creatorCards, mediaUrl, thumbKey } from './cards.ts';
import { favoriteTarget, likeTarget, type SocialDeps } from './relations.ts';

const S = businessConfig.social;

/** Writes the like once: a repeat (or a concurrent twin) finds it and answers `created: false`. */
export async function putLike(deps: SocialDeps, me: ProfileItem, target: ProfileItem): Promise<LikeResponse> {
  try {
    await deps.db.entities.like
      .create({
        fromId: me.profileId,
        toId: target.profileId,
        fromRoleId: me.roleId,
        createdAt: deps.clock.now().toISOString(),
      })
      .go();
    return { liked: true, created: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { liked: true, created: false };
  }
}

/** `POST /like {profile_id}` (S1). */
export async function like(deps: SocialDeps, me: ProfileItem, profileId: string): Promise<LikeResponse> {
  const target = await likeTarget(deps.db, me, profileId);
  return putLike(deps, me, target);
}

/** `POST /favorite {profile_id, favorite?}` (S6): sets the state when given, else toggles it. */
export async function favorite(
  deps: SocialDeps,
  me: ProfileItem,
  profileId: string,
  wanted: boolean | undefined,
): Promise<FavoriteResponse> {
  const target = await favoriteTarget(deps.db, me, profileId);
  const key = { fanId: me.profileId, creatorId: target.profileId };
  if (wanted !== undefined) {
    // A set needs no read: the write's condition fails only when the state is already the wanted one.
    try {
      await writeFavorite(deps, key, wanted);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return { favorited: wanted };
  }
  for (let attempt = 1; ; attempt++) {
    const { data: current } = await deps.db.entities.favorite.get(key).go({ consistent: true });
    const next = wanted ?? !current;
    if (next === !!current) return { favorited: next };
    try {
      await writeFavorite(deps, key, next);
      return { favorited: next };
    } catch (error) {
      // A concurrent tap changed it first: read again and decide on the new state.
      if (!isConditionFailure(error)) throw error;
      if (attempt >= 3) throw new AppError('too_many_requests', 'favorite kept conflicting');
    }
  }
}

/** Adds (condition: absent) or removes (condition: present) one favorite. */
async function writeFavorite(
  deps: SocialDeps,
  key: { fanId: string; creatorId: string },
  on: boolean,
): Promise<void> {
  if (on) await deps.db.entities.favorite.create({ ...key, createdAt: deps.clock.now().toISOString() }).go();
  else
    await deps.db.entities.favorite
      .delete(key)
      .where((a, op) => op.exists(a.fanId))
      .go();
}

/** The lists are the caller's own: `{id}` must be the caller's profile id. */
function ownList(me: ProfileItem, id: string): void {
  if (id !== me.profileId) throw new AppError('forbidden', 'another profile’s list');
}

/** `GET /favorite/{id}` (S7): my favorites, newest first, as creator cards (non-public ones drop out). */
export async function listFavorites(
  deps: SocialDeps,
  me: ProfileItem,
  id: string,
  cursor: string | undefined,
): Promise<FavoriteListResponse> {
  ownList(me, id);
  const page = await deps.db.entities.favorite.query
    .newest({ fanId: me.profileId })
    .go({ order: 'desc', limit: S.pageSize, ...(cursor ? { cursor } : {}) });
  return {
    creators: await creatorCards(
      deps.db,
      page.data.map((f) => f.creatorId),
    ),
    next_cursor: page.cursor ?? null,
  };
}

export function personOf(p: ProfileItem): PersonView {
  const creator = p.roleId === ROLE.CREATOR;
  return {
    id: p.profileId,
    role_id: p.roleId,
    username: creator ? (p.username ?? null) : null,
    nickname: p.nickname ?? '',
    profile_image: mediaUrl(thumbKey(p.profileImage)),
    genre: creator ? p.genre || null : null,
  };
}

/** The profiles of `ids` that still exist and are active (a left person's item is gone). */
async function profilesOf(db: Db, ids: string[]): Promise<Map<string, ProfileItem>> {
  if (ids.length === 0) return new Map();
  const { data } = await db.entities.profile.get(ids.map((profileId) => ({ profileId }))).go();
  return new Map(data.filter((p) => p.status === 'active').map((p) => [p.profileId, p]));
}

/** Which of `pairs` (from → to) are likes. */
async function existingLikes(db: Db, pairs: { fromId: string; toId: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { data } = await db.entities.like.get(pairs).go();
  return new Set(data.map((l) => `${l.fromId}>${l.toId}`));
}

async function likedPage(
  db: Db,
  rows: { otherId: string; at: string }[],
  cursor: string | null,
  mutualPair: (otherId: string) => { fromId: string; toId: string },
): Promise<LikedListResponse> {
  const ids = rows.map((r) => r.otherId);
  const [people, back] = await Promise.all([profilesOf(db, ids), existingLikes(db, ids.map(mutualPair))]);
  const entries: LikedEntry[] = rows.flatMap((r) => {
    const p = people.get(r.otherId);
    if (!p) return [];
    const pair = mutualPair(r.otherId);
    return [{ person: personOf(p), at: r.at, mutual: back.has(`${pair.fromId}>${pair.toId}`) }];
  });
  return { entries, next_cursor: cursor };
}

/** `GET /like/liked/{id}` (S2): the people I liked, newest first; `mutual` when they liked me too. */
export async function listLiked(
  deps: SocialDeps,
  me: ProfileItem,
  id: string,
  cursor: string | undefined,
): Promise<LikedListResponse> {
  ownList(me, id);
  const page = await deps.db.entities.like.query
    .given({ fromId: me.profileId })
    .go({ order: 'desc', limit: S.pageSize, ...(cursor ? { cursor } : {}) });
  return likedPage(
    deps.db,
    page.data.map((l) => ({ otherId: l.toId, at: l.createdAt })),
    page.cursor ?? null,
    (otherId) => ({ fromId: otherId, toId: me.profileId }),
  );
}

/** `GET /like/liked-you/{id}` (S3): the people who liked me, newest first; `mutual` when I liked them back. */
export async function listLikedYou(
  deps: SocialDeps,
  me: ProfileItem,
  id: string,
  cursor: string | undefined,
): Promise<LikedListResponse> {
  ownList(me, id);
  const page = await deps.db.entities.like.query
    .received({ toId: me.profileId })
    .go({ order: 'desc', limit: S.pageSize, ...(cursor ? { cursor } : {}) });
  return likedPage(
    deps.db,
    page.data.map((l) => ({ otherId: l.fromId, at: l.createdAt })),
    page.cursor ?? null,
    (otherId) => ({ fromId: me.profileId, toId: otherId }),
  );
}
