/**
 * Joining a fan club and its auto-renewal (issue 14, DECISIONS.md "Fan club"). A join is one
 * movement: the ledger's spend (purpose subscription, 90 % to the creator; the creator's original
 * points first when the fan opts in, then mushrooms, never leaves) carries the membership's new
 * state (written under the version that was read), the fan club's member count (conditioned on the
 * confirmed price and on the club being open) and the join event (the notices and trigger broadcast
 * 2 follow from the stream). A retried request with the same key joins once.
 */
import { businessConfig } from '@app/shared/config';
import type { ErrorCode } from '@app/shared/errors';
import { autoRenewRefusal, isCurrentMember, joined, type MembershipState } from '@app/shared/fanclub';
import { isSetupComplete, ROLE } from '@app/shared/roles';
import type { JoinResponse, MembershipView } from '@app/shared/schemas/fanclub';
import type { ProfileItem } from '../../lib/auth.ts';
import { sha256, shardOf } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { balanceFor } from '../points/balance.ts';
import { spend, type TxEntities } from '../points/ledger.ts';
import type { FanclubDeps } from './deps.ts';
import { eventWrite } from './events.ts';
import {
  creatorViewOf,
  type FanclubRecord,
  type MembershipRecord,
  membershipFieldsOf,
  membershipStateOf,
  membershipViewOf,
  partsViewOf,
} from './views.ts';

/** Who may pay a fan club at all: fans and shop/organization owners with a complete registration. */
export function payerRefusal(payer: ProfileItem): ErrorCode | null {
  if (payer.roleId !== ROLE.FAN && payer.roleId !== ROLE.USER) return 'creator_purchase';
  if (!isSetupComplete(payer.roleId, payer.finalStep)) return 'registration_incomplete';
  return null;
}

/**
 * Why `viewer` cannot join `creatorId`'s fan club now (the card's `join_refusal` and the join's own
 * check), or null. Guests get null: the card asks them to log in.
 */
export function joinRefusalOf(
  viewer: ProfileItem | null,
  creatorId: string,
  fanclub: FanclubRecord | null,
  membership: MembershipRecord | null,
  now: Date,
): ErrorCode | null {
  if (!viewer) return null;
  if (viewer.profileId === creatorId) return 'fanclub_own';
  const who = payerRefusal(viewer);
  if (who) return who;
  if (!fanclub) return 'fanclub_not_found';
  if (membership && isCurrentMember(membershipStateOf(membership), now)) return 'fanclub_already_member';
  // A past-due member may pay again even when the club is closed: the membership goes on.
  if (!fanclub.isOpen && membership?.status !== 'past_due') return 'fanclub_closed';
  return null;
}

/** The movement a fan's key names (a retry finds it). */
export const joinTxId = (fanId: string, key: string) => `fcj-${sha256(`${fanId}:${key}`).slice(0, 32)}`;

/** Current members are counted on the fan club: active and past due ones. */
const counted = (m: Pick<MembershipRecord, 'status'> | null) => !!m && m.status !== 'ended';

/**
 * The membership item of a new state: created at the first join (only if absent), else patched
 * under the version that was read. `joinedAt`/`price`/`useOriginal` change only at a join.
 */
export function membershipWrite(
  e: TxEntities,
  key: { fanId: string; creatorId: string },
  prev: MembershipRecord | null,
  next: MembershipState,
  nowIso: string,
  join?: { price: number; useOriginal: boolean },
) {
  const fields = membershipFieldsOf(next);
  if (!prev) {
    if (!join) throw new Error('A membership begins with a join');
    return e.membership
      .create({
        ...fields,
        ...key,
        price: join.price,
        useOriginal: join.useOriginal,
        joinedAt: nowIso,
        firstJoinedAt: nowIso,
        dueShard: shardOf(`${key.fanId}#${key.creatorId}`, businessConfig.fanclub.dueShards),
        version: 1,
        updatedAt: nowIso,
      })
      .commit();
  }
  const { dueOn, ...rest } = fields;
  const newStint = join && next.stint !== prev.stint;
  const update = e.membership
    .patch(key)
    .set({
      ...rest,
      ...(dueOn ? { dueOn } : {}),
      ...(join ? { price: join.price, useOriginal: join.useOriginal } : {}),
      joinedAt: newStint ? nowIso : prev.joinedAt,
      version: prev.version + 1,
      updatedAt: nowIso,
    })
    .composite({ dueShard: prev.dueShard });
  return (dueOn ? update : update.remove(['dueOn']))
    .where((a, op) => op.eq(a.version, prev.version))
    .commit();
}

export interface JoinInput {
  creatorId: string;
  /** The monthly price the fan confirmed. */
  price: number;
  useOriginal: boolean;
  key: string;
}

/** Joins (or rejoins, or pays a past-due renewal) at the fan club's price, once per key. */
export async function join(deps: FanclubDeps, fan: ProfileItem, input: JoinInput): Promise<JoinResponse> {
  const who = payerRefusal(fan);
  if (who) throw new AppError(who);
  const fanId = fan.profileId;
  const { creatorId } = input;
  const key = { fanId, creatorId };
  const txId = joinTxId(fanId, input.key);

  const read = async () => {
    const [fanclub, membership, creator] = await Promise.all([
      deps.db.entities.fanclub.get({ creatorId }).go({ consistent: true }),
      deps.db.entities.membership.get(key).go({ consistent: true }),
      deps.db.entities.profile.get({ profileId: creatorId }).go(),
    ]);
    return {
      fanclub: fanclub.data ?? null,
      membership: membership.data ?? null,
      creator: creator.data ?? null,
    };
  };
  // A replay answers before any check: the membership it made may be current by now.
  const earlier = await deps.db.entities.journal.get({ txId }).go({ consistent: true });
  let state = await read();
  if (earlier.data) return joinAnswer(deps, state, earlier.data, true);

  const check = () => {
    if (!state.creator || state.creator.roleId !== ROLE.CREATOR) throw new AppError('fanclub_not_found');
    const refusal = joinRefusalOf(fan, creatorId, state.fanclub, state.membership, deps.clock.now());
    if (refusal) throw new AppError(refusal);
    const fanclub = state.fanclub as FanclubRecord;
    if (fanclub.price !== input.price) throw new AppError('fanclub_price_changed');
    return fanclub;
  };
  let fanclub = check();
  /** The membership as the last attempt wrote it (the answer, without reading it back). */
  let written: MembershipRecord | null = null;

  const extra = (e: TxEntities) => {
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    const prev = state.membership;
    const next = joined(prev ? membershipStateOf(prev) : null, now);
    written = {
      ...(prev ?? { fanId, creatorId, firstJoinedAt: nowIso, dueShard: '', joinedAt: nowIso, version: 0 }),
      ...membershipFieldsOf(next),
      price: input.price,
      useOriginal: input.useOriginal,
      joinedAt: !prev || next.stint !== prev.stint ? nowIso : prev.joinedAt,
      version: (prev?.version ?? 0) + 1,
      updatedAt: nowIso,
    } as MembershipRecord;
    // The price confirmed, and open to new members (a past-due member pays on regardless).
    const terms = (a: { price: unknown; isOpen: unknown }, op: { eq: (x: unknown, v: unknown) => string }) =>
      prev?.status === 'past_due'
        ? op.eq(a.price, input.price)
        : `${op.eq(a.price, input.price)} AND ${op.eq(a.isOpen, true)}`;
    return [
      counted(prev)
        ? e.fanclub.check({ creatorId }).where(terms).commit()
        : e.fanclub.patch({ creatorId }).add({ members: 1 }).where(terms).commit(),
      membershipWrite(e, key, prev, next, nowIso, { price: input.price, useOriginal: input.useOriginal }),
      eventWrite(
        e,
        (prev?.version ?? 0) + 1,
        {
          kind: 'join',
          fanId,
          creatorId,
          fanclubName: fanclub.name,
          points: input.price,
          renewsOn: next.renewsOn,
          first: !prev,
        },
        now,
      ),
    ];
  };
  const spent = await spend(deps, {
    holderId: fanId,
    purpose: 'subscription',
    txId,
    target: `fanclub#${creatorId}`,
    payeeId: creatorId,
    points: input.price,
    label: { kind: 'fanclub', name: fanclub.name },
    useOriginal: input.useOriginal,
    extra,
    // Cancelled without a replay: the price, the club or the membership may have changed (its
    // refusal is thrown), or the lots moved: read again and retry.
    beforeRetry: async () => {
      state = await read();
      fanclub = check();
    },
  });
  if (spent.replayed || !written) {
    // A concurrent request with the same key committed first: answer what it wrote.
    const { data: journal } = await deps.db.entities.journal.get({ txId }).go({ consistent: true });
    if (!journal) throw new Error(`join ${txId} committed without its journal`);
    return joinAnswer(deps, await read(), journal, true);
  }
  return joinAnswer(
    deps,
    { ...state, membership: written },
    {
      points: spent.points,
      lots: spent.parts.map((p) => ({ kind: p.kind, issuerId: p.issuerId ?? undefined, points: p.points })),
    },
    false,
  );
}

async function joinAnswer(
  deps: FanclubDeps,
  state: { fanclub: FanclubRecord | null; membership: MembershipRecord | null; creator: ProfileItem | null },
  journal: {
    holderId?: string;
    points: number;
    lots?: { kind: string; issuerId?: string; points: number }[];
  },
  replayed: boolean,
): Promise<JoinResponse> {
  const m = state.membership;
  if (!m) throw new AppError('fanclub_conflict');
  const now = deps.clock.now();
  return {
    membership: membershipViewOf(
      m,
      creatorViewOf(m.creatorId, state.creator),
      state.fanclub?.name ?? '',
      now,
    ),
    points: journal.points,
    parts: partsViewOf(journal.lots ?? []),
    balance: await balanceFor(deps.db, m.fanId, now),
    replayed,
  };
}

/**
 * Stops or resumes auto-renewal. Stopping is refused from 24 hours before the renewal day (spec 9);
 * a past-due member may stop the retries at any time (the job then ends the membership).
 */
export async function setAutoRenew(
  deps: FanclubDeps,
  fan: ProfileItem,
  creatorId: string,
  autoRenew: boolean,
): Promise<{ membership: MembershipView }> {
  const key = { fanId: fan.profileId, creatorId };
  const [membership, fanclub, creator] = await Promise.all([
    deps.db.entities.membership.get(key).go({ consistent: true }),
    deps.db.entities.fanclub.get({ creatorId }).go(),
    deps.db.entities.profile.get({ profileId: creatorId }).go(),
  ]);
  const m = membership.data ?? null;
  const now = deps.clock.now();
  const refusal = autoRenewRefusal(m ? membershipStateOf(m) : null, autoRenew, now);
  if (refusal) throw new AppError(refusal);
  const prev = m as MembershipRecord;
  let after = prev;
  if (prev.autoRenew !== autoRenew) {
    const next = { ...membershipStateOf(prev), autoRenew };
    const result = await deps.db.transaction
      .write((e) => [membershipWrite(e, key, prev, next, now.toISOString())])
      .go();
    if (result.canceled) throw new AppError('fanclub_conflict');
    after = { ...prev, ...membershipFieldsOf(next), version: prev.version + 1 };
  }
  return {
    membership: membershipViewOf(
      after,
      creatorViewOf(creatorId, creator.data),
      fanclub.data?.name ?? '',
      now,
    ),
  };
}

/**
 * A fan who leaves the product (services/leave.ts): each membership still counted leaves its fan
 * club's count in the transaction that deletes it (under its version: a renewal running at the same
 * time wins, and the next attempt reads again); the ended ones and the passes go with the partition.
 */
export async function removeMembershipsOf(deps: Pick<FanclubDeps, 'db'>, fanId: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { data } = await deps.db.entities.membership.query
      .byFan({ fanId })
      .go({ pages: 'all', consistent: true });
    const counted = data.filter((m) => m.status !== 'ended');
    if (counted.length === 0) return;
    const results = await Promise.all(
      counted.map((m) =>
        deps.db.transaction
          .write((e) => [
            e.membership
              .delete({ fanId, creatorId: m.creatorId })
              .where((a, op) => op.eq(a.version, m.version))
              .commit(),
            e.fanclub
              .patch({ creatorId: m.creatorId })
              .subtract({ members: 1 })
              .where((a, op) => op.gt(a.members, 0))
              .commit(),
          ])
          .go(),
      ),
    );
    if (results.every((r) => !r.canceled)) return;
  }
}
