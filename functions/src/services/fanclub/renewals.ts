/**
 * The daily renewal job (DECISIONS.md "Fan club"): every membership whose renewal index date
 * (`dueOn`, gsi2 `fc-due#<shard>`) is today or earlier (JST) is charged (auto-renewal on: the
 * renewal day, then a retry on each of the next `renewalRetries` days while the balance is short, a
 * notice each time, then the end) or ended (auto-renewal stopped: the day after its period).
 *
 * Idempotent: each change is written under the membership's version, and a renewal's movement id
 * derives from the membership, its stint and the renewal date, so a second run of the same day (or
 * two runs at once) renews once. A processed membership leaves today's part of the index, so a run
 * cut short by its timeout is finished by the scheduler's retry or by tomorrow's run.
 */
import { businessConfig } from '@app/shared/config';
import {
  dueActionOf,
  dueOnOf,
  ended,
  type MembershipState,
  renewalFailed,
  renewed,
} from '@app/shared/fanclub';
import { addDays, jstDate } from '@app/shared/time';
import { eachLimit } from '../../lib/concurrency.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { spend, type TxEntities } from '../points/ledger.ts';
import type { FanclubDeps } from './deps.ts';
import { eventWrite } from './events.ts';
import { membershipWrite } from './membership.ts';
import { type FanclubRecord, type MembershipRecord, membershipStateOf } from './views.ts';

const F = businessConfig.fanclub;
const SHARDS = Array.from({ length: F.dueShards }, (_, s) => String(s));

export interface RenewalSummary {
  renewed: number;
  failed: number;
  ended: number;
  /** Changed by someone else meanwhile (another run, the fan): left as they are. */
  skipped: number;
}

/** The movement of one renewal: the same for every attempt of that renewal date. */
export const renewalTxId = (m: Pick<MembershipRecord, 'fanId' | 'creatorId' | 'stint' | 'renewsOn'>) =>
  `fcr-${sha256(`${m.fanId}:${m.creatorId}:${m.stint}:${m.renewsOn}`).slice(0, 32)}`;

/**
 * Runs every due membership, `renewalConcurrency` at a time. `scope` keeps a run to some memberships
 * (integration tests share one table: each runs the job over its own fan clubs only).
 */
export async function renewDueMemberships(
  deps: FanclubDeps,
  scope: (m: MembershipRecord) => boolean = () => true,
): Promise<RenewalSummary> {
  const today = jstDate(deps.clock.now());
  const summary: RenewalSummary = { renewed: 0, failed: 0, ended: 0, skipped: 0 };
  const queue: MembershipRecord[] = [];
  await Promise.all(
    SHARDS.map(async (dueShard) => {
      const { data } = await deps.db.entities.membership.query
        .due({ dueShard })
        .lt({ dueOn: addDays(today, 1) })
        .go({ pages: 'all' });
      queue.push(...data.filter(scope));
    }),
  );
  const fanclubs = new Map<string, Promise<FanclubRecord | null>>();
  /** The fan club, once per run; null when it or its creator is gone (their members' renewals end). */
  const fanclubOf = (creatorId: string) => {
    let club = fanclubs.get(creatorId);
    if (!club) {
      club = Promise.all([
        deps.db.entities.fanclub.get({ creatorId }).go(),
        deps.db.entities.profile.get({ profileId: creatorId }).go(),
      ]).then(([f, p]) => (p.data ? (f.data ?? null) : null));
      fanclubs.set(creatorId, club);
    }
    return club;
  };
  await eachLimit(queue, F.renewalConcurrency, async (m) => {
    const outcome = await renewOne(deps, m, await fanclubOf(m.creatorId));
    summary[outcome]++;
  });
  return summary;
}

type Outcome = keyof RenewalSummary;

/** One due membership: charge it, or end it. */
export async function renewOne(
  deps: FanclubDeps,
  m: MembershipRecord,
  fanclub: FanclubRecord | null,
): Promise<Outcome> {
  const state = membershipStateOf(m);
  const action = dueActionOf(state);
  if (!action) return 'skipped';
  // A fan club that is gone, or whose creator left, renews no one.
  if (action === 'end' || !fanclub) {
    const reason = fanclub && m.status === 'past_due' ? 'payment' : 'stopped';
    return (await endMembership(deps, m, state, reason)) ? 'ended' : 'skipped';
  }
  try {
    await spend(deps, {
      holderId: m.fanId,
      purpose: 'subscription',
      txId: renewalTxId(m),
      target: `fanclub#${m.creatorId}`,
      payeeId: m.creatorId,
      points: m.price,
      label: { kind: 'fanclub', name: fanclub.name },
      useOriginal: m.useOriginal,
      extra: (e) => changeItems(e, m, renewed(state), { kind: 'renew', fanclub }, deps.clock.now()),
      // Cancelled without a replay: the membership changed (another run renewed it, the fan
      // stopped): leave it; otherwise the fan's lots moved: retry.
      beforeRetry: async () => {
        const { data } = await deps.db.entities.membership.get(m).go({ consistent: true });
        if (data?.version !== m.version) throw new AppError('fanclub_conflict');
      },
    });
    return 'renewed';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'fanclub_conflict') return 'skipped';
    if (err.code !== 'insufficient_points') throw err;
  }
  const failed = renewalFailed(state);
  const kind = failed.status === 'ended' ? 'end' : 'renew_failed';
  const result = await deps.db.transaction
    .write((e) => changeItems(e, m, failed, { kind, fanclub, reason: 'payment' }, deps.clock.now()))
    .go();
  if (result.canceled) return 'skipped';
  return kind === 'end' ? 'ended' : 'failed';
}

async function endMembership(
  deps: FanclubDeps,
  m: MembershipRecord,
  state: MembershipState,
  reason: 'stopped' | 'payment',
): Promise<boolean> {
  const { data: fanclub } = await deps.db.entities.fanclub.get({ creatorId: m.creatorId }).go();
  const result = await deps.db.transaction
    .write((e) =>
      changeItems(e, m, ended(state), { kind: 'end', fanclub: fanclub ?? null, reason }, deps.clock.now()),
    )
    .go();
  return !result.canceled;
}

/**
 * The membership's new state, the member count when it ends (the fan club may be gone), and the
 * event, under the read version.
 */
function changeItems(
  e: TxEntities,
  m: MembershipRecord,
  next: MembershipState,
  change: {
    kind: 'renew' | 'renew_failed' | 'end';
    fanclub: FanclubRecord | null;
    reason?: 'stopped' | 'payment';
  },
  now: Date,
) {
  const { kind } = change;
  const key = { fanId: m.fanId, creatorId: m.creatorId };
  const ending = next.status === 'ended' && change.fanclub;
  return [
    membershipWrite(e, key, m, next, now.toISOString()),
    ...(ending
      ? [
          e.fanclub
            .patch({ creatorId: m.creatorId })
            .subtract({ members: 1 })
            .where((a, op) => op.gt(a.members, 0))
            .commit(),
        ]
      : []),
    eventWrite(
      e,
      m.version + 1,
      {
        kind,
        fanId: m.fanId,
        creatorId: m.creatorId,
        fanclubName: change.fanclub?.name ?? '',
        ...(kind === 'renew' ? { points: m.price, renewsOn: next.renewsOn } : {}),
        ...(kind === 'renew_failed' ? { retryOn: dueOnOf(next) ?? next.renewsOn, points: m.price } : {}),
        ...(kind === 'end' ? { reason: change.reason ?? 'stopped' } : {}),
      },
      now,
    ),
  ];
}
