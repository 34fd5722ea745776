/**
 * J7 (recommended part): scores every directory creator by likes received and newness (weights in
 * `businessConfig.social.recommend`) and writes the top `social.homeRecommended` cards as one item,
 * `ranking`/`recommended`, which `GET /home` reads. A run rewrites the whole item (one PutItem), so
 * a repeated or concurrent run is harmless.
 */
import { businessConfig } from '@app/shared/config';
import type { CreatorCard } from '@app/shared/schemas/social';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { cardOf, type SearchDocItem } from './cards.ts';
import { RECOMMENDED } from './home.ts';

const S = businessConfig.social;
const R = S.recommend;
const DAY_MS = 86_400_000;
/** BatchGetItem takes at most 100 keys. */
const BATCH = 100;

export function recommendScore(likedBy: number, createdAt: string, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - Date.parse(createdAt)) / DAY_MS);
  const newness = Math.max(0, 1 - ageDays / R.newnessDays);
  return R.likesWeight * Math.log1p(Math.max(0, likedBy)) + R.newnessWeight * newness;
}

export async function computeRecommended(deps: {
  db: Db;
  clock: Clock;
}): Promise<{ creators: number; recommended: number }> {
  const now = deps.clock.now();
  const shards = Array.from({ length: S.directoryShards }, (_, s) => String(s));
  const docs: SearchDocItem[] = (
    await Promise.all(
      shards.map(
        async (shard) =>
          (
            await deps.db.entities.searchDoc.query.byShard({ shard }).go({ pages: 'all' })
          ).data,
      ),
    )
  ).flat();
  const likes = new Map<string, number>();
  for (let i = 0; i < docs.length; i += BATCH) {
    const { data } = await deps.db.entities.stats
      .get(docs.slice(i, i + BATCH).map((d) => ({ profileId: d.profileId })))
      .go();
    for (const s of data) likes.set(s.profileId, s.likedBy ?? 0);
  }
  const cards: CreatorCard[] = docs
    .map((d) => ({ d, score: recommendScore(likes.get(d.profileId) ?? 0, d.createdAt, now) }))
    .sort((a, b) => b.score - a.score || (a.d.createdAt < b.d.createdAt ? 1 : -1))
    .slice(0, S.homeRecommended)
    .map(({ d }) => cardOf(d, likes.get(d.profileId) ?? 0));
  await deps.db.entities.rankingSnapshot
    .put({ name: RECOMMENDED, lists: { cards }, computedAt: now.toISOString() })
    .go();
  return { creators: docs.length, recommended: cards.length };
}
