/**
 * Side effects of likes and favorites, from the table's stream (manifest `streamConsumers`):
 * - `streams/likes` (Like INSERT): Stats `likedBy` +1 of the liked and `likes` +1 of the liker, in
 *   one transaction with `SET counted` on the like (cond `attribute_not_exists(counted)`), so a
 *   redelivered record counts nothing twice; then the 'liked' notice to the liked side, with an
 *   id derived from the like (a conditional create: written once).
 * - `streams/favorite-counters` (Favorite INSERT and REMOVE, found by their `favs#` key since a
 *   REMOVE record holds keys only): `favoritedBy` ±1 of the creator, in one transaction with a
 *   marker item keyed by the record's id (`counted#favorites#<eventID>`, TTL 2 days).
 * Requests never touch Stats: a like storm on one creator fails no request; the counters follow
 * within the stream's lag.
 */
import { ROLE } from '@app/shared/roles';
import { ttlAt } from '../../db/keys.ts';
import type { Db } from '../../db/service.ts';
import { timeIdLow } from '../../lib/crypto.ts';
import { logger } from '../../lib/logger.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { writeNotices } from '../notices.ts';
import { readProfile } from './relations.ts';

/** Markers outlive the stream's 24 h retention of a record. */
const MARK_MS = 2 * 86_400_000;

/** The 'liked' notice's id: time-ordered by the like, and one per (liker, liked). */
export const likedNoticeId = (createdAt: string, fromId: string) =>
  `${timeIdLow(new Date(createdAt)).slice(0, 10)}L${fromId}`;

/** One Like INSERT record: count it once, then notify the liked side once. */
export async function likeRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: like } = db.entities.like.parse({ Item: record.image });
  if (!like) return;
  const { fromId, toId } = like;
  if (!like.counted) {
    const result = await db.transaction
      .write(({ like: likes, stats, profile }) => [
        likes
          .patch({ fromId, toId })
          .set({ counted: true })
          .where((a, op) => op.notExists(a.counted))
          .commit(),
        // Never recreate the counters of someone who left (their partition is gone).
        profile
          .check({ profileId: toId })
          .where((a, op) => op.exists(a.profileId))
          .commit(),
        stats.update({ profileId: toId }).add({ likedBy: 1 }).commit(),
        stats.update({ profileId: fromId }).add({ likes: 1 }).commit(),
      ])
      .go();
    if (result.canceled) {
      // Counted already (a redelivery), or gone (the liker left), or the liked left: nothing to
      // add. Anything else retries.
      const [{ data: now }, liked] = await Promise.all([
        db.entities.like.get({ fromId, toId }).go({ consistent: true }),
        db.entities.profile.get({ profileId: toId }).go({ consistent: true }),
      ]);
      if (now && !now.counted && liked.data) throw new Error('like count transaction cancelled');
      if (!liked.data) return;
    }
  }
  const liker = await readProfile(db, fromId);
  if (!liker) return;
  await writeNotices(db, [
    {
      to: toId,
      noticeId: likedNoticeId(like.createdAt, fromId),
      kind: 'liked',
      params: {
        nickname: liker.nickname ?? liker.username ?? '',
        profile_id: fromId,
        // A creator's like links to their profile; a fan's to the "liked you" list.
        ...(liker.roleId === ROLE.CREATOR && liker.username ? { username: liker.username } : {}),
      },
      createdAt: like.createdAt,
    },
  ]);
}

/** The creator of a favorite from its key (`favs#<fan>` / `to#<creator>`). */
function favoriteCreator(keys: Record<string, unknown>): string | null {
  const { pk, sk } = keys;
  if (typeof pk !== 'string' || !pk.startsWith('favs#')) return null;
  if (typeof sk !== 'string' || !sk.startsWith('to#')) return null;
  return sk.slice('to#'.length) || null;
}

/** One Favorite INSERT (+1) or REMOVE (-1) record, applied once. */
export async function favoriteRecord(db: Db, record: StreamRecord, now = new Date()): Promise<void> {
  const creatorId = favoriteCreator(record.keys ?? {});
  if (!creatorId || record.eventName === 'MODIFY') return;
  const delta = record.eventName === 'INSERT' ? 1 : -1;
  const mark = { consumer: 'favorites', eventId: record.eventId ?? record.sequenceNumber };
  const result = await db.transaction
    .write(({ streamMark, stats, profile }) => [
      streamMark.create({ ...mark, ttl: ttlAt(new Date(now.getTime() + MARK_MS)) }).commit(),
      // A creator who left keeps no counters.
      profile
        .check({ profileId: creatorId })
        .where((a, op) => op.exists(a.profileId))
        .commit(),
      stats.update({ profileId: creatorId }).add({ favoritedBy: delta }).commit(),
    ])
    .go();
  if (result.canceled) {
    const [{ data }, creator] = await Promise.all([
      db.entities.streamMark.get(mark).go({ consistent: true }),
      db.entities.profile.get({ profileId: creatorId }).go({ consistent: true }),
    ]);
    if (!data && creator.data) throw new Error('favorite count transaction cancelled');
    logger.info('favorite record not counted: counted already, or the creator left', mark);
  }
}
