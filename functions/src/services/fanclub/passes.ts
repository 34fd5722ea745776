/**
 * Back-number passes (DECISIONS.md "Fan club"): one past JST month of a creator's members-only
 * posts, bought for good at the fan club's monthly price by a fan who has joined (now or before).
 * One movement: the ledger's spend (purpose subscription) with the pass (created only if absent),
 * the price confirmed on the fan club and the pass event. A retried request with the same key buys once.
 */
import { passRefusal } from '@app/shared/fanclub';
import { ROLE } from '@app/shared/roles';
import type { BackNumberResponse } from '@app/shared/schemas/fanclub';
import type { ProfileItem } from '../../lib/auth.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { balanceFor } from '../points/balance.ts';
import { spend, type TxEntities } from '../points/ledger.ts';
import { loadViewer } from './access.ts';
import type { FanclubDeps } from './deps.ts';
import { eventWrite } from './events.ts';
import { payerRefusal } from './membership.ts';
import { creatorViewOf, type FanclubRecord, partsViewOf } from './views.ts';

export interface PassInput {
  creatorId: string;
  month: string;
  /** The monthly price the fan confirmed. */
  price: number;
  useOriginal: boolean;
  key: string;
}

export const passTxId = (fanId: string, key: string) => `fcp-${sha256(`${fanId}:${key}`).slice(0, 32)}`;

export async function buyPass(
  deps: FanclubDeps,
  fan: ProfileItem,
  input: PassInput,
): Promise<BackNumberResponse> {
  const who = payerRefusal(fan);
  if (who) throw new AppError(who);
  const fanId = fan.profileId;
  const { creatorId, month } = input;
  if (fanId === creatorId) throw new AppError('fanclub_own');
  const txId = passTxId(fanId, input.key);

  const read = async () => {
    const [fanclub, creator, postMonth, viewer] = await Promise.all([
      deps.db.entities.fanclub.get({ creatorId }).go({ consistent: true }),
      deps.db.entities.profile.get({ profileId: creatorId }).go(),
      deps.db.entities.postMonth.get({ creatorId, month }).go({ consistent: true }),
      loadViewer(deps.db, fan, creatorId, true),
    ]);
    return {
      fanclub: fanclub.data ?? null,
      creator: creator.data ?? null,
      posts: postMonth.data?.posts ?? 0,
      viewer,
    };
  };
  const earlier = await deps.db.entities.journal.get({ txId }).go({ consistent: true });
  let state = await read();
  if (earlier.data) return passAnswer(deps, fan, input, state, true);

  const check = () => {
    if (!state.fanclub || !state.creator || state.creator.roleId !== ROLE.CREATOR)
      throw new AppError('fanclub_not_found');
    const refusal = passRefusal(month, state.viewer, deps.clock.now());
    if (refusal) throw new AppError(refusal);
    if (state.posts <= 0) throw new AppError('backnumber_empty');
    if (state.fanclub.price !== input.price) throw new AppError('fanclub_price_changed');
    return state.fanclub;
  };
  let fanclub: FanclubRecord = check();

  const extra = (e: TxEntities) => {
    const now = deps.clock.now();
    return [
      e.backNumberPass
        .create({ fanId, creatorId, month, points: input.price, txId, createdAt: now.toISOString() })
        .commit(),
      e.fanclub
        .check({ creatorId })
        .where((a, op) => op.eq(a.price, input.price))
        .commit(),
      eventWrite(
        e,
        `pass#${month}`,
        { kind: 'pass', fanId, creatorId, fanclubName: fanclub.name, points: input.price, month },
        now,
      ),
    ];
  };
  const spent = await spend(deps, {
    holderId: fanId,
    purpose: 'subscription',
    txId,
    target: `fanclub#${creatorId}#pass#${month}`,
    payeeId: creatorId,
    points: input.price,
    label: { kind: 'fanclub', name: fanclub.name },
    useOriginal: input.useOriginal,
    extra,
    beforeRetry: async () => {
      state = await read();
      fanclub = check();
    },
  });
  state = await read();
  return passAnswer(deps, fan, input, state, spent.replayed);
}

async function passAnswer(
  deps: FanclubDeps,
  fan: ProfileItem,
  input: PassInput,
  state: {
    fanclub: FanclubRecord | null;
    creator: ProfileItem | null;
    viewer: { passes: { month: string; points: number; txId: string; createdAt: string }[] };
  },
  replayed: boolean,
): Promise<BackNumberResponse> {
  const txId = passTxId(fan.profileId, input.key);
  const pass = state.viewer.passes.find((p) => p.txId === txId);
  const { data: journal } = await deps.db.entities.journal.get({ txId }).go({ consistent: true });
  if (!pass || !journal) throw new AppError('idempotency_mismatch');
  if (pass.month !== input.month) throw new AppError('idempotency_mismatch');
  return {
    pass: {
      creator: creatorViewOf(input.creatorId, state.creator),
      fanclub_name: state.fanclub?.name ?? '',
      month: pass.month,
      points: pass.points,
      bought_at: pass.createdAt,
    },
    points: journal.points,
    parts: partsViewOf(journal.lots ?? []),
    balance: await balanceFor(deps.db, fan.profileId, deps.clock.now()),
    replayed,
  };
}
