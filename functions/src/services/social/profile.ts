/**
 * The public profile of a creator (P1, P2): `GET /profile/{id}` with a username or a profile id.
 * Only an active, set-up creator has one; anyone else is `profile_not_found`.
 */
import { effectiveChatCost } from '@app/shared/chat';
import { businessConfig } from '@app/shared/config';
import type { PublicProfileView, SupporterView } from '@app/shared/schemas/social';
import { jstDate, jstMonth } from '@app/shared/time';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { readBusiness } from '../chat/business.ts';
import { mediaUrl, thumbKey } from './cards.ts';
import { isPublicCreator, profileByIdOrUsername, type SocialDeps } from './relations.ts';

const S = businessConfig.social;

/** P2: the top supporters of a creator in a period (`all` or a JST month), highest total first. */
export async function supporterRanking(db: Db, creatorId: string, period: string): Promise<SupporterView[]> {
  const { data: rows } = await db.entities.supporter.query
    .ranking({ creatorId, period })
    .go({ order: 'desc', limit: S.supporterRankingSize });
  if (rows.length === 0) return [];
  const { data: fans } = await db.entities.profile.get(rows.map((r) => ({ profileId: r.fanId }))).go();
  const byId = new Map(fans.map((f) => [f.profileId, f]));
  return rows.map((row, i) => {
    const fan = byId.get(row.fanId);
    // A fan who chose anonymity (or who left) shows as "anonymous supporter".
    const anonymous = !fan || fan.isAnonymousOpenLog === true;
    return {
      rank: i + 1,
      anonymous,
      id: anonymous ? null : row.fanId,
      nickname: anonymous ? null : (fan.nickname ?? null),
      profile_image: anonymous ? null : mediaUrl(thumbKey(fan.profileImage)),
      points: row.total,
    };
  });
}

/** `GET /profile/{id}`: `viewer` is null for guests. */
export async function publicProfile(
  deps: SocialDeps,
  viewer: ProfileItem | null,
  idOrUsername: string,
): Promise<PublicProfileView> {
  const creator = await profileByIdOrUsername(deps.db, idOrUsername);
  if (!isPublicCreator(creator)) throw new AppError('profile_not_found');
  const id = creator.profileId;
  const me = viewer?.profileId ?? null;
  const self = me === id;
  const now = deps.clock.now();
  const showRanking = self || !creator.isHideSupporterRanking;
  const [stats, business, state, month, allTime, org] = await Promise.all([
    deps.db.entities.stats.get({ profileId: id }).go(),
    readBusiness(deps.db, id),
    me && !self ? viewerState(deps.db, me, id) : null,
    showRanking ? supporterRanking(deps.db, id, jstMonth(now)) : null,
    showRanking ? supporterRanking(deps.db, id, 'all') : null,
    creator.organizationId
      ? deps.db.entities.organization.get({ organizationId: creator.organizationId }).go()
      : null,
  ]);
  // A cast's organization is shown when it chose to be public (and was approved).
  const organization = org?.data?.isPublic && org.data.status === 'approved' ? org.data : null;
  const counts = stats.data;
  return {
    id,
    role_id: creator.roleId,
    username: creator.username ?? '',
    nickname: creator.nickname ?? '',
    genre: creator.genre || null,
    bio: creator.bio || null,
    area: creator.area ?? 0,
    profile_image: mediaUrl(creator.profileImage),
    background_image: mediaUrl(creator.backgroundImage),
    liked_by: Math.max(0, counts?.likedBy ?? 0),
    favorited_by: self ? Math.max(0, counts?.favoritedBy ?? 0) : null,
    chat_cost: effectiveChatCost(business, jstDate(now)),
    chat_locked: business?.chatLocked ?? false,
    supporters: month && allTime ? { month, all_time: allTime } : null,
    viewer: !viewer
      ? null
      : self
        ? { self: true, liked: false, favorited: false, blocked: false, blocked_by: false }
        : (state as NonNullable<typeof state>),
    organization: organization ? { name: organization.name, logo_url: mediaUrl(organization.logo) } : null,
  };
}

/** The viewer's like, favorite and block edges with the creator (one round of GetItems). */
async function viewerState(db: Db, me: string, id: string) {
  const [like, fav, mine, theirs] = await Promise.all([
    db.entities.like.get({ fromId: me, toId: id }).go(),
    db.entities.favorite.get({ fanId: me, creatorId: id }).go(),
    db.entities.block.get({ blockerId: me, blockedId: id }).go(),
    db.entities.block.get({ blockerId: id, blockedId: me }).go(),
  ]);
  return {
    self: false,
    liked: like.data !== null,
    favorited: fav.data !== null,
    blocked: mine.data !== null,
    blocked_by: theirs.data !== null,
  };
}
