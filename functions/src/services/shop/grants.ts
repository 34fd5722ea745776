/**
 * Original points a creator grants a fan (`POST /item/grant-points`, from sales status or the chat
 * room; DECISIONS.md "Shop"). The ledger's `credit()` makes one lot of kind `original` issued by
 * the creator (it pays for that creator's items and chat only, and expires as other free points),
 * with point log type 4 `granted_by_creator`. The movement's id derives from the creator and the
 * client's key, so a replay grants once. The fan's notice comes from the stream consumer
 * `streams/original-point-notices` (the journal's grant record).
 *
 * Who may receive: a fan (or shop owner) who bought from the creator's shop (a line in their
 * library from this creator) or who has a chat room with the creator. Anyone else is refused
 * with 403 `grant_not_allowed`, so points cannot be sprayed on strangers.
 */
import { chatroomIdOf } from '@app/shared/chat';
import { lotExpiry } from '@app/shared/ledger';
import type { GrantPointsResponse } from '@app/shared/schemas/shop';
import type { ProfileItem } from '../../lib/auth.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { credit } from '../points/ledger.ts';
import type { ShopDeps } from './deps.ts';

/** The journal's movement id of a creator's grant (`cgrant-…`: the notice consumer knows it by it). */
export const grantTxId = (creatorId: string, key: string) => `cgrant-${sha256(`grant:${creatorId}:${key}`)}`;
export const isCreatorGrant = (txId: string) => txId.startsWith('cgrant-');

/** Query pages (up to 1 MB each) of the fan's library read to find a purchase from the creator. */
const LIBRARY_PAGES = 3;

/** The fan bought from the creator, or the two have a chat room. */
export async function mayGrant(deps: ShopDeps, creatorId: string, fanId: string): Promise<boolean> {
  const room = await deps.db.entities.roomMember
    .get({ ownerId: creatorId, chatroomId: chatroomIdOf(creatorId, fanId) })
    .go();
  if (room.data) return true;
  // A line from this creator, the filter applied to each page (up to 1 MB) of the library; not
  // DynamoDB's Limit, which would count the lines read, not the matches.
  let cursor: string | null = null;
  for (let page = 0; page < LIBRARY_PAGES; page++) {
    const res: { data: unknown[]; cursor: string | null } = await deps.db.entities.orderLine.query
      .library({ buyerId: fanId })
      .where((a, op) => op.eq(a.creatorId, creatorId))
      .go({ attributes: ['lineId'], ...(cursor ? { cursor } : {}) });
    if (res.data.length > 0) return true;
    cursor = res.cursor;
    if (!cursor) return false;
  }
  return false;
}

export async function grantPoints(
  deps: ShopDeps,
  creator: ProfileItem,
  input: { fan_id: string; points: number; key: string },
): Promise<GrantPointsResponse> {
  const txId = grantTxId(creator.profileId, input.key);
  const replay = await replayOf(deps, txId, input);
  if (replay) return replay;
  const { data: fan } = await deps.db.entities.profile.get({ profileId: input.fan_id }).go();
  if (fan?.status !== 'active' || fan.profileId === creator.profileId)
    throw new AppError('grant_not_allowed');
  if (!(await mayGrant(deps, creator.profileId, fan.profileId))) throw new AppError('grant_not_allowed');
  const result = await credit(deps, {
    holderId: fan.profileId,
    kind: 'original',
    issuerId: creator.profileId,
    points: input.points,
    txId,
    journalKind: 'grant',
    log: { type: 4, detail: 'granted_by_creator', counterpartyId: creator.profileId },
  });
  if (!result.committed) {
    // A concurrent request with the same key committed first.
    const again = await replayOf(deps, txId, input);
    if (again) return again;
    throw new AppError('idempotency_mismatch');
  }
  return { points: input.points, expires_at: result.expiresAt, replayed: false };
}

/** The movement a key already made: the same answer, or 409 when the key was used for another grant. */
async function replayOf(
  deps: ShopDeps,
  txId: string,
  input: { fan_id: string; points: number },
): Promise<GrantPointsResponse | null> {
  const { data } = await deps.db.entities.journal.get({ txId }).go({ consistent: true });
  if (!data) return null;
  if (data.holderId !== input.fan_id || data.points !== input.points)
    throw new AppError('idempotency_mismatch');
  return {
    points: data.points,
    expires_at: lotExpiry(new Date(data.createdAt)).toISOString(),
    replayed: true,
  };
}
