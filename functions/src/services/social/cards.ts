/**
 * Creator cards (schemas/social.ts `creatorCard`) from the directory: the SearchDoc snapshot and
 * the counters, read together by one BatchGet. Every list of creators (home, discovery, search,
 * favorites, the recommended job) builds its cards here.
 */
import { businessConfig } from '@app/shared/config';
import { mediaConfig } from '@app/shared/media';
import type { CreatorCard } from '@app/shared/schemas/social';
import type { EntityItem } from 'electrodb';
import type { SearchDoc } from '../../db/entities/search-doc.ts';
import type { Db } from '../../db/service.ts';
import { env } from '../../lib/env.ts';
import { publicUrl } from '../media/pipeline.ts';

export type SearchDocItem = EntityItem<typeof SearchDoc>;

/** BatchGetItem takes at most 100 keys. */
const BATCH = 100;

/** The public URL of a stored public media key; null when there is none (or it is not public). */
export function mediaUrl(key: string | null | undefined): string | null {
  if (!key?.startsWith(mediaConfig.prefixes.public)) return null;
  return publicUrl(env().SITE_URL, key);
}

/** The list-size derivative of an image (`…/full.webp` → `…/thumb.webp`); other keys as they are. */
export function thumbKey(key: string | null | undefined): string | null {
  if (!key) return null;
  return key.endsWith('/full.webp') ? `${key.slice(0, -'full.webp'.length)}thumb.webp` : key;
}

/** The bio's start for a card: at most `social.cardBioMax` characters (code points), an ellipsis included when cut. */
export function cutBio(bio: string | null | undefined): string | null {
  if (!bio) return null;
  const max = businessConfig.social.cardBioMax;
  const chars = [...bio];
  return chars.length <= max ? bio : `${chars.slice(0, max - 1).join('')}…`;
}

export function cardOf(doc: SearchDocItem, likedBy: number): CreatorCard {
  return {
    id: doc.profileId,
    username: doc.username,
    nickname: doc.nickname,
    genre: doc.genre || null,
    bio: cutBio(doc.bio),
    area: doc.area,
    profile_image: mediaUrl(thumbKey(doc.profileImage)),
    liked_by: Math.max(0, likedBy),
  };
}

/**
 * The cards of `ids`, in their order, skipping creators without a directory entry (not public:
 * not set up, suspended, left). Two BatchGets in parallel: `profile#<id>` sks `search` and `stats`.
 */
export async function creatorCards(db: Db, ids: readonly string[]): Promise<CreatorCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const docs = new Map<string, SearchDocItem>();
  const likes = new Map<string, number>();
  for (let i = 0; i < unique.length; i += BATCH) {
    const part = unique.slice(i, i + BATCH).map((profileId) => ({ profileId }));
    const [found, stats] = await Promise.all([
      db.entities.searchDoc.get(part).go({ preserveBatchOrder: false }),
      db.entities.stats.get(part).go({ preserveBatchOrder: false }),
    ]);
    for (const d of found.data) if (d) docs.set(d.profileId, d);
    for (const s of stats.data) if (s) likes.set(s.profileId, s.likedBy ?? 0);
  }
  return unique.flatMap((id) => {
    const doc = docs.get(id);
    return doc ? [cardOf(doc, likes.get(id) ?? 0)] : [];
  });
}

/** Cards of directory documents already read (search), in their order, with one BatchGet of their counters. */
export async function cardsOfDocs(db: Db, docs: readonly SearchDocItem[]): Promise<CreatorCard[]> {
  if (docs.length === 0) return [];
  const { data: stats } = await db.entities.stats
    .get(docs.map((d) => ({ profileId: d.profileId })))
    .go({ preserveBatchOrder: false });
  const likes = new Map(stats.filter((s) => !!s).map((s) => [s.profileId, s.likedBy ?? 0]));
  return docs.map((d) => cardOf(d, likes.get(d.profileId) ?? 0));
}
