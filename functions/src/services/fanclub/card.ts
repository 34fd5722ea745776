/**
 * The profile's fan club card (`GET /fanclub/card/{id}`, guests too): the fan club's settings, what
 * a join now would open (members-only posts per JST month of the period it would pay, and earlier
 * stints' months when the creator allows re-view), every month with members-only posts and what
 * this viewer can do about it (open, buy a pass, locked), the viewer's membership, the refusal of a
 * join, and the points the viewer holds for the join and pass flows.
 *
 * Reads: the profile (by username or id), the Fanclub item and one Query of its months (PostMonth,
 * same partition), the viewer through access.ts `loadViewer` (membership, passes, re-view), and
 * the viewer's lots. The months' states come from shared/src/fanclub.ts (`postLockOf`,
 * `passRefusal`, `joinOpens`): the same rule as the post list.
 */
import { joinOpens, passRefusal, postLockOf } from '@app/shared/fanclub';
import { balanceOf, originalByIssuer } from '@app/shared/ledger';
import type { BackNumberView, FanclubCardResponse } from '@app/shared/schemas/fanclub';
import { jstMonth } from '@app/shared/time';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { lotState, readLots } from '../points/ledger.ts';
import { isPublicCreator, profileByIdOrUsername } from '../social/relations.ts';
import { loadViewer } from './access.ts';
import type { FanclubDeps } from './deps.ts';
import { joinRefusalOf } from './membership.ts';
import { creatorViewOf, type FanclubRecord, membershipViewOf } from './views.ts';

/** The Fanclub item (GetItem) and the members-only posts per month (one Query of `fanclub#<creatorId>`). */
export async function readFanclubPartition(
  db: Db,
  creatorId: string,
): Promise<{ fanclub: FanclubRecord | null; months: Map<string, number> }> {
  const [fanclub, postMonths] = await Promise.all([
    db.entities.fanclub.get({ creatorId }).go(),
    db.entities.postMonth.query.byCreator({ creatorId }).go({ pages: 'all' }),
  ]);
  const months = new Map<string, number>();
  for (const m of postMonths.data) if (m.posts > 0) months.set(m.month, m.posts);
  return { fanclub: fanclub.data ?? null, months };
}

/** The viewer's balances and this creator's original points (null for guests and the creator). */
async function walletOf(db: Db, holderId: string, issuerId: string, now: Date) {
  const lots = (await readLots(db, holderId, false)).map(lotState);
  return { balance: balanceOf(lots, now), original_points: originalByIssuer(lots, now).get(issuerId) ?? 0 };
}

export async function fanclubCard(
  deps: FanclubDeps,
  viewer: ProfileItem | null,
  idOrUsername: string,
): Promise<FanclubCardResponse> {
  const now = deps.clock.now();
  const creator = await profileByIdOrUsername(deps.db, idOrUsername);
  if (!isPublicCreator(creator)) throw new AppError('profile_not_found');
  const creatorId = creator.profileId;
  const own = viewer?.profileId === creatorId;
  const [{ fanclub, months }, loaded, wallet] = await Promise.all([
    readFanclubPartition(deps.db, creatorId),
    loadViewer(deps.db, viewer, creatorId),
    viewer && !own ? walletOf(deps.db, viewer.profileId, creatorId, now) : null,
  ]);
  const creatorView = creatorViewOf(creatorId, creator);
  const record = loaded.record;
  const postMonths = [...months.keys()].sort().reverse();
  const opens = new Set(joinOpens(loaded, now));
  // Back numbers are the months before this one (this month's posts are what a join opens).
  const thisMonth = jstMonth(now);
  const backNumbers: BackNumberView[] = postMonths
    .filter((month) => month < thisMonth)
    .map((month) => ({
      month,
      posts: months.get(month) ?? 0,
      state:
        postLockOf({ visibility: 'members', month }, loaded, now) === null
          ? 'open'
          : passRefusal(month, loaded, now) === null
            ? 'pass'
            : 'locked',
    }));
  return {
    creator: creatorView,
    fanclub: fanclub
      ? {
          name: fanclub.name,
          description: fanclub.description,
          benefits: fanclub.benefits,
          price: fanclub.price,
          is_open: fanclub.isOpen,
          members: fanclub.members,
          join_opens: postMonths
            .filter((month) => opens.has(month))
            .map((month) => ({ month, posts: months.get(month) ?? 0 })),
          back_numbers: backNumbers,
        }
      : null,
    membership: record ? membershipViewOf(record, creatorView, fanclub?.name ?? '', now) : null,
    join_refusal: joinRefusalOf(viewer, creatorId, fanclub, record, now),
    wallet,
  };
}
