/**
 * Discovery (S4, S5): creator cards one at a time, from the directory (SearchDoc gsi3
 * `creators#<s>`), without those the fan liked, skipped in the last `social.skipDays` days,
 * blocked either way, or themself. The walk starts at a random shard, in a random direction, and
 * the batch is shuffled, so two visits do not begin with the same card.
 */
import { businessConfig } from '@app/shared/config';
import type { DiscoveryResponse } from '@app/shared/schemas/social';
import { ttlAt } from '../../db/keys.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { cardOf, type SearchDocItem } from './cards.ts';
import { putLike } from './likes.ts';
import { blockedEitherWay, likeTarget, type SocialDeps } from './relations.ts';

const S = businessConfig.social;
const DAY_MS = 86_400_000;
/** Directory entries read per query (a page of candidates before the exclusions). */
const CANDIDATES = 30;
/** Pages read in all before answering with what was found (a fan who liked nearly everyone). */
const MAX_PAGES = 3 * S.directoryShards;

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The ids among `ids` that `me` liked or skipped (still hidden at `nowSec`). */
async function likedOrSkipped(db: Db, me: string, ids: string[], nowSec: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const [likes, skips] = await Promise.all([
    db.entities.like.get(ids.map((toId) => ({ fromId: me, toId }))).go(),
    db.entities.discoverySkip.get(ids.map((toId) => ({ fromId: me, toId }))).go(),
  ]);
  return new Set([
    ...likes.data.map((l) => l.toId),
    // TTL deletion lags up to 48 h: an expired skip no longer hides.
    ...skips.data.filter((s) => s.ttl > nowSec).map((s) => s.toId),
  ]);
}

/** `GET /like/discovery`: up to `social.discoveryBatch` cards (empty when nothing is left). */
export async function discover(
  deps: SocialDeps,
  me: ProfileItem,
  random: () => number = Math.random,
): Promise<DiscoveryResponse> {
  const nowSec = ttlAt(deps.clock.now());
  const first = Math.floor(random() * S.directoryShards);
  const order = random() < 0.5 ? ('asc' as const) : ('desc' as const);
  const blocked = await blockedEitherWay(deps.db, me.profileId);
  const found: SearchDocItem[] = [];
  let pages = 0;
  for (let i = 0; i < S.directoryShards && found.length < S.discoveryBatch; i++) {
    const shard = String((first + i) % S.directoryShards);
    let cursor: string | null = null;
    do {
      if (++pages > MAX_PAGES) break;
      const page: { data: SearchDocItem[]; cursor: string | null } = await deps.db.entities.searchDoc.query
        .byShard({ shard })
        .go({ order, limit: CANDIDATES, ...(cursor ? { cursor } : {}) });
      cursor = page.cursor;
      const candidates = page.data.filter((d) => d.profileId !== me.profileId && !blocked.has(d.profileId));
      const out = await likedOrSkipped(
        deps.db,
        me.profileId,
        candidates.map((d) => d.profileId),
        nowSec,
      );
      found.push(...candidates.filter((d) => !out.has(d.profileId)));
    } while (cursor && found.length < S.discoveryBatch);
    if (pages > MAX_PAGES) break;
  }
  const chosen = shuffle(found, random).slice(0, S.discoveryBatch);
  if (chosen.length === 0) return { cards: [] };
  const { data: stats } = await deps.db.entities.stats
    .get(chosen.map((d) => ({ profileId: d.profileId })))
    .go();
  const likes = new Map(stats.map((s) => [s.profileId, s.likedBy ?? 0]));
  return { cards: chosen.map((d) => cardOf(d, likes.get(d.profileId) ?? 0)) };
}

/** `POST /like/discovery {profile_id, action}`: like (as `POST /like`), or hide for `social.skipDays`. */
export async function discoveryAction(
  deps: SocialDeps,
  me: ProfileItem,
  profileId: string,
  action: 'like' | 'skip',
): Promise<{ ok: true }> {
  // The same rules for both: a skip of someone one may not like is refused alike.
  const target = await likeTarget(deps.db, me, profileId);
  if (action === 'like') {
    await putLike(deps, me, target);
    return { ok: true };
  }
  if (target.roleId !== businessConfig.roles.CREATOR) throw new AppError('profile_not_found');
  const now = deps.clock.now();
  await deps.db.entities.discoverySkip
    .put({
      fromId: me.profileId,
      toId: target.profileId,
      createdAt: now.toISOString(),
      ttl: ttlAt(new Date(now.getTime() + S.skipDays * DAY_MS)),
    })
    .go();
  return { ok: true };
}
