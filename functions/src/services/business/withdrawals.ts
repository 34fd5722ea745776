/**
 * Withdrawal requests (DECISIONS.md "Withdrawals", spec section 4): a creator requests one closed
 * month's income, reapplies after a rejection; the operators review, approve (in full or in
 * part), reject and mark transferred. One request per month: the request's key is the month and
 * its create is conditional, so concurrent requests give one. Every change of status is one
 * transaction whose write is conditional on the status and version the caller saw (`TRANSITIONS`
 * decides which changes exist) and appends to `events`; the operators' console adds its audit
 * entry to it (`OperatorChange`).
 */
import { businessConfig } from '@app/shared/config';
import type {
  WithdrawalFaultField,
  WithdrawalHistoryResponse,
  WithdrawalStatus,
  WithdrawalView,
  WithdrawRequest,
  WithdrawResponse,
} from '@app/shared/schemas/business';
import { jstDate } from '@app/shared/time';
import { V } from '@app/shared/validation';
import { transferDateOf } from '@app/shared/withdrawal';
import { parseWithdrawalId, withdrawalIdOf } from '../../db/entities/withdrawal.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { TxEntities, TxItems } from '../points/ledger.ts';
import { isClosed, readCreatorMonths, requestableMonths, type WithdrawalItem } from './months.ts';

export interface WithdrawalDeps {
  db: Db;
  clock: Clock;
}

/** Who changes a request: the creator (re)applying, or an operator's profile id. */
export const CREATOR_ACTOR = 'creator';

/** The state machine: each action, the statuses it may start from, and where it leads. */
export const TRANSITIONS = {
  /** The operators open a new or reapplied request. */
  review: { from: ['unconfirmed', 'reapplying'], to: 'checking' },
  approve: { from: ['checking'], to: 'approved' },
  partial: { from: ['checking'], to: 'partially_approved' },
  reject: { from: ['checking'], to: 'rejected' },
  /** The creator, after a rejection or a failed transfer (maybe with an updated bank account). */
  reapply: { from: ['rejected', 'transfer_failed'], to: 'reapplying' },
  /** The operators' Zengin transfer file was executed. */
  transfer: { from: ['approved', 'partially_approved'], to: 'transferred' },
  /** The bank could not pay a line of the transfer file: the amount is the creator's again. */
  fail: { from: ['approved', 'partially_approved', 'transferred'], to: 'transfer_failed' },
} as const satisfies Record<string, { from: readonly WithdrawalStatus[]; to: WithdrawalStatus }>;
export type WithdrawalAction = keyof typeof TRANSITIONS;

const { minimumYen, transferFeeYen } = businessConfig.withdrawal;

const ymOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

export function withdrawalView(w: WithdrawalItem): WithdrawalView {
  const finalized = w.finalizedAmount ?? null;
  return {
    id: withdrawalIdOf(w.creatorId, w.ym),
    year: Number(w.ym.slice(0, 4)),
    month: Number(w.ym.slice(5, 7)),
    requested_at: w.requestedAt,
    reapplied_at: w.reappliedAt ?? null,
    requested_amount: w.requestedAmount,
    fee: w.fee,
    net_amount: Math.max(0, (finalized ?? w.requestedAmount) - w.fee),
    finalized_amount: finalized,
    transfer_date: w.transferDate,
    status: w.status,
    notes: w.notes ?? null,
    rejection:
      w.status === 'rejected'
        ? {
            reason: w.rejectionReason ?? '',
            fields: (w.rejectionFields ?? []) as WithdrawalFaultField[],
          }
        : null,
    transfer_failure: w.status === 'transfer_failed' ? (w.transferFailure ?? '') : null,
    transferred_at: w.transferredAt ?? null,
  };
}

async function bankSnapshot(db: Db, creatorId: string) {
  const { data } = await db.entities.bankAccount.get({ profileId: creatorId }).go({ consistent: true });
  if (!data) return null;
  const { bankCode, bankName, branchCode, branchName, accountType, accountNumber, accountOwner } = data;
  return { bankCode, bankName, branchCode, branchName, accountType, accountNumber, accountOwner };
}

/** `GET /mypage/withdraw-request-histories`. */
export async function withdrawalHistory(
  { db, clock }: WithdrawalDeps,
  creatorId: string,
): Promise<WithdrawalHistoryResponse> {
  const now = clock.now();
  const [months, bank] = await Promise.all([
    readCreatorMonths(db, creatorId),
    db.entities.bankAccount.get({ profileId: creatorId }).go(),
  ]);
  return {
    withdrawals: [...months.withdrawals.values()].sort((a, b) => (a.ym < b.ym ? 1 : -1)).map(withdrawalView),
    months: requestableMonths(months, now).map((m) => ({
      year: Number(m.ym.slice(0, 4)),
      month: Number(m.ym.slice(5, 7)),
      amount: m.income,
      fee: transferFeeYen,
      net_amount: Math.max(0, m.income - transferFeeYen),
      eligible: m.eligible,
    })),
    minimum_yen: minimumYen,
    fee_yen: transferFeeYen,
    transfer_date: transferDateOf(now),
    has_bank: bank.data !== null,
  };
}

/** A cast's rewards are its organization's (issue 16): the owner requests the withdrawals. */
export function assertOwnRewards(profile: { organizationId?: string | undefined }): void {
  if (profile.organizationId) throw new AppError('cast_rewards_to_organization');
}

/**
 * `POST /mypage/request-withdraw`: the whole income of one closed month not requested yet, at or
 * above the minimum, to the bank account stored now (snapshotted into the request).
 */
export async function requestWithdrawal(
  { db, clock }: WithdrawalDeps,
  creatorId: string,
  input: WithdrawRequest,
): Promise<WithdrawResponse> {
  const now = clock.now();
  const ym = ymOf(input.year, input.month);
  if (!isClosed(ym, now)) throw new AppError('month_not_closed');
  const [months, bank] = await Promise.all([
    readCreatorMonths(db, creatorId, true),
    bankSnapshot(db, creatorId),
  ]);
  if (months.withdrawals.has(ym)) throw new AppError('withdrawal_exists');
  const income = months.totals.get(ym)?.income ?? 0;
  if (income < minimumYen) throw new AppError('withdrawal_below_minimum').with({ minimum: minimumYen });
  if (!bank) throw new AppError('bank_missing');
  const at = now.toISOString();
  try {
    // The key is the month: `create` refuses a second request of it, whoever wins the race.
    const { data } = await db.entities.withdrawal
      .create({
        creatorId,
        ym,
        status: 'unconfirmed',
        requestedAmount: income,
        fee: transferFeeYen,
        requestedAt: at,
        transferDate: transferDateOf(now),
        bank,
        events: [{ at, by: CREATOR_ACTOR, to: 'unconfirmed' }],
        version: 1,
        updatedAt: at,
      })
      .go();
    return { withdrawal: withdrawalView(data) };
  } catch (err) {
    if (isConditionFailure(err)) throw new AppError('withdrawal_exists');
    throw err;
  }
}

/** The request an id names, if it is `creatorId`'s (any creator's when `creatorId` is null). */
async function findRequest(db: Db, id: string, creatorId: string | null): Promise<WithdrawalItem> {
  const key = parseWithdrawalId(id);
  if (!key || (creatorId !== null && key.creatorId !== creatorId)) throw new AppError('withdrawal_not_found');
  const { data } = await db.entities.withdrawal.get(key).go({ consistent: true });
  if (!data) throw new AppError('withdrawal_not_found');
  return data;
}

type Changes = Partial<
  Pick<
    WithdrawalItem,
    | 'finalizedAmount'
    | 'notes'
    | 'rejectionReason'
    | 'rejectionFields'
    | 'transferDate'
    | 'transferredAt'
    | 'reappliedAt'
    | 'bank'
    | 'transferFailure'
  >
>;

/** Attributes a transition removes (a reapplied request leaves its failed transfer batch). */
type Removed = ('batchId' | 'transferFailure')[];

/** What an operator's change adds (the console): the version acted on, and items of the same transaction. */
export interface OperatorChange {
  /** The version the operator saw: a request changed since is refused like a concurrent change. */
  version?: number;
  /** Written with the change or not at all (the audit entry), given the request before and after. */
  extra?: (tx: TxEntities, change: { before: WithdrawalItem; after: WithdrawalItem }) => TxItems;
}

/**
 * Moves a request along `TRANSITIONS[action]`: one transaction whose write is conditional on the
 * status and version read, so of two concurrent changes one passes and the other is refused with
 * `refusal` (as is the change when an item of `operator.extra` fails).
 */
async function transition(
  { db, clock }: WithdrawalDeps,
  current: WithdrawalItem,
  action: WithdrawalAction,
  by: string,
  changes: Changes,
  {
    refusal = 'withdrawal_state',
    removed = [],
    operator = {},
  }: {
    refusal?: 'withdrawal_state' | 'withdrawal_not_rejected';
    removed?: Removed;
    operator?: OperatorChange | undefined;
  } = {},
): Promise<WithdrawalView> {
  const { from, to } = TRANSITIONS[action];
  if (!(from as readonly WithdrawalStatus[]).includes(current.status)) throw new AppError(refusal);
  if (operator.version !== undefined && operator.version !== current.version) throw new AppError(refusal);
  const at = clock.now().toISOString();
  const event = { at, by, from: current.status, to };
  const after: WithdrawalItem = {
    ...current,
    ...changes,
    status: to,
    version: current.version + 1,
    updatedAt: at,
    events: [...current.events, event],
  };
  for (const name of removed) delete after[name];
  const result = await db.transaction
    .write((tx) => [
      tx.withdrawal
        .patch({ creatorId: current.creatorId, ym: current.ym })
        .set({ ...changes, status: to, version: current.version + 1, updatedAt: at })
        .remove(removed)
        .append({ events: [event] })
        .where((a, { eq }) => `${eq(a.status, current.status)} AND ${eq(a.version, current.version)}`)
        .commit(),
      ...(operator.extra ? operator.extra(tx, { before: current, after }) : []),
    ])
    .go();
  if (result.canceled) throw new AppError(refusal);
  return withdrawalView(after);
}

/**
 * `POST /mypage/re-request-withdraw`: the creator's own rejected request goes back to the
 * operators, with the bank account stored now (maybe updated since) and a new transfer date.
 */
export async function reRequestWithdrawal(
  deps: WithdrawalDeps,
  creatorId: string,
  id: string,
): Promise<WithdrawResponse> {
  const current = await findRequest(deps.db, id, creatorId);
  if (!(TRANSITIONS.reapply.from as readonly WithdrawalStatus[]).includes(current.status))
    throw new AppError('withdrawal_not_rejected');
  const bank = await bankSnapshot(deps.db, creatorId);
  if (!bank) throw new AppError('bank_missing');
  const now = deps.clock.now();
  const withdrawal = await transition(
    deps,
    current,
    'reapply',
    CREATOR_ACTOR,
    { bank, reappliedAt: now.toISOString(), transferDate: transferDateOf(now) },
    { refusal: 'withdrawal_not_rejected', removed: ['batchId', 'transferFailure'] },
  );
  return { withdrawal };
}

// ---------------------------------------------------------------------------------------------
// The operators' side (the console issue gives them screens and routes; the local cloud's
// /_local/demo/withdrawal drives them for demos and browser tests).

/** An operator opens a new or reapplied request. */
export async function startReview(
  deps: WithdrawalDeps,
  id: string,
  operatorId: string,
  operator?: OperatorChange,
): Promise<WithdrawalView> {
  const current = await findRequest(deps.db, id, null);
  return transition(deps, current, 'review', operatorId, {}, { operator });
}

/** Approved in full: the finalized amount is the requested one. */
export async function approveWithdrawal(
  deps: WithdrawalDeps,
  id: string,
  operatorId: string,
  input: { notes?: string } = {},
  operator?: OperatorChange,
): Promise<WithdrawalView> {
  const current = await findRequest(deps.db, id, null);
  const changes = {
    finalizedAmount: current.requestedAmount,
    ...(input.notes ? { notes: input.notes } : {}),
  };
  return transition(deps, current, 'approve', operatorId, changes, { operator });
}

/** Approved in part: a finalized amount below the requested one, with notes saying why. */
export async function partiallyApproveWithdrawal(
  deps: WithdrawalDeps,
  id: string,
  operatorId: string,
  input: { finalizedAmount: number; notes: string },
  operator?: OperatorChange,
): Promise<WithdrawalView> {
  const current = await findRequest(deps.db, id, null);
  if (
    !Number.isInteger(input.finalizedAmount) ||
    input.finalizedAmount < 0 ||
    input.finalizedAmount >= current.requestedAmount
  )
    throw fieldError('finalized_amount', V.finalizedAmount);
  if (!input.notes.trim()) throw fieldError('notes', V.required);
  const changes = { finalizedAmount: input.finalizedAmount, notes: input.notes.trim() };
  return transition(deps, current, 'partial', operatorId, changes, { operator });
}

/** Sent back with a reason and the fields at fault; the creator may reapply. */
export async function rejectWithdrawal(
  deps: WithdrawalDeps,
  id: string,
  operatorId: string,
  input: { reason: string; fields: readonly WithdrawalFaultField[] },
  operator?: OperatorChange,
): Promise<WithdrawalView> {
  if (!input.reason.trim()) throw fieldError('reason', V.required);
  const current = await findRequest(deps.db, id, null);
  const changes = { rejectionReason: input.reason.trim(), rejectionFields: [...new Set(input.fields)] };
  return transition(deps, current, 'reject', operatorId, changes, { operator });
}

/**
 * The bank could not pay one line of a transfer file (a closed account, a wrong name…): the request
 * becomes `transfer_failed` with the reason; the creator sees it, fixes the bank account and
 * reapplies, and their summary counts the amount as withdrawable again.
 */
export async function failWithdrawalTransfer(
  deps: WithdrawalDeps,
  id: string,
  operatorId: string,
  input: { reason: string },
  operator?: OperatorChange,
): Promise<WithdrawalView> {
  if (!input.reason.trim()) throw fieldError('reason', V.required);
  const current = await findRequest(deps.db, id, null);
  const changes = { transferFailure: input.reason.trim() };
  return transition(deps, current, 'fail', operatorId, changes, { operator });
}

/** The request an id names (any creator's), for the operators' console. */
export const readWithdrawal = (db: Db, id: string): Promise<WithdrawalItem> => findRequest(db, id, null);

/** The transfer was executed (the Zengin file): the actual transfer date (JST, default today). */
export async function markWithdrawalTransferred(
  deps: WithdrawalDeps,
  id: string,
  operatorId: string,
  input: { transferDate?: string } = {},
): Promise<WithdrawalView> {
  const now = deps.clock.now();
  const transferDate = input.transferDate ?? jstDate(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(transferDate) || Number.isNaN(Date.parse(transferDate)))
    throw fieldError('transfer_date', V.transferDate);
  const current = await findRequest(deps.db, id, null);
  return transition(deps, current, 'transfer', operatorId, {
    transferDate,
    transferredAt: now.toISOString(),
  });
}
