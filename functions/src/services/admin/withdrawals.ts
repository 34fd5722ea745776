/**
 * The operators' console: withdrawals by transfer date and the Zengin transfer file (issue 17).
 *
 * The review actions go through the business area's state machine (services/business/
 * withdrawals.ts), each refused when the request changed since the operator saw it (its version),
 * its audit entry an item of the transition's own transaction (keyed by the request and the
 * version acted on): no change without its entry, no entry for a refused change. A
 * transfer file is a `TransferBatch`: created in one transaction with a condition on every
 * request it holds (still approved, same version, in no batch yet), so two generations at once
 * give one batch, and a request is never paid twice. The file's bytes are kept with the batch:
 * a download gives the very bytes (and checksum) generated (the file itself: transfer-file.ts, the
 * only module with the Shift_JIS tables). Marking the batch transferred moves
 * every line of it in one transaction; one line that the bank could not pay is marked failed on
 * its own and returns to the creator.
 */

import { businessConfig } from '@app/shared/config';
import type { TransferSource } from '@app/shared/operator';
import type { AuditAction } from '@app/shared/schemas/admin';
import type {
  AdminBatchFileResponse,
  AdminBatchView,
  AdminWithdrawalReviewResponse,
  AdminWithdrawalsPage,
  AdminWithdrawalView,
} from '@app/shared/schemas/admin-withdrawals';
import type { WithdrawalFaultField } from '@app/shared/schemas/business';
import { jstDate, jstMonth } from '@app/shared/time';
import { previousBusinessDay } from '@app/shared/withdrawal';
import type { EntityItem } from 'electrodb';
import { batchIdOf, parseBatchId, type TransferBatch } from '../../db/entities/transfer-batch.ts';
import { parseWithdrawalId, withdrawalIdOf } from '../../db/entities/withdrawal.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { WithdrawalItem } from '../business/months.ts';
import {
  approveWithdrawal,
  failWithdrawalTransfer,
  type OperatorChange,
  partiallyApproveWithdrawal,
  readWithdrawal,
  rejectWithdrawal,
  startReview,
  TRANSITIONS,
  withdrawalView,
} from '../business/withdrawals.ts';
import { auditCommit } from './audit.ts';

export interface AdminWithdrawalDeps {
  db: Db;
  clock: Clock;
  /** The platform's account (default: the TRANSFER_SOURCE variable). */
  transferSource?: TransferSource;
}

export type Operator = Pick<ProfileItem, 'profileId' | 'nickname' | 'email'>;
type BatchItem = EntityItem<typeof TransferBatch>;

/** Transfer dates shown around today: months back and ahead of the current JST month. */
const MONTHS_BACK = 6;
const MONTHS_AHEAD = 2;

/** The transfer date of a JST month (the 10th, or the business day before). */
function transferDateIn(ym: string): string | null {
  const day = String(businessConfig.withdrawal.transferDay).padStart(2, '0');
  try {
    return previousBusinessDay(`${ym}-${day}`);
  } catch {
    return null; // beyond the holiday data set
  }
}

function shiftMonth(ym: string, by: number): string {
  const d = new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)) - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export const APPROVED: readonly string[] = TRANSITIONS.transfer.from;

export const payable = (w: WithdrawalItem) => Math.max(0, (w.finalizedAmount ?? w.requestedAmount) - w.fee);

function rowView(w: WithdrawalItem, nickname: string | null): AdminWithdrawalView {
  const v = withdrawalView(w);
  return {
    id: v.id,
    version: w.version,
    status: w.status,
    creator_id: w.creatorId,
    creator_nickname: nickname,
    year: v.year,
    month: v.month,
    requested_at: v.requested_at,
    reapplied_at: v.reapplied_at,
    requested_amount: v.requested_amount,
    finalized_amount: v.finalized_amount,
    fee: v.fee,
    net_amount: payable(w),
    transfer_date: w.transferDate,
    notes: v.notes,
    rejection: v.rejection,
    transfer_failure: v.transfer_failure,
    bank: {
      bank_code: w.bank.bankCode,
      bank_name: w.bank.bankName,
      branch_code: w.bank.branchCode,
      branch_name: w.bank.branchName,
      account_type: w.bank.accountType as AdminWithdrawalView['bank']['account_type'],
      account_number: w.bank.accountNumber,
      account_owner: w.bank.accountOwner,
    },
    batch_id: w.batchId ?? null,
  };
}

export function batchView(b: BatchItem): AdminBatchView {
  return {
    id: batchIdOf(b.transferDate, b.seq),
    transfer_date: b.transferDate,
    status: b.status,
    version: b.version,
    count: b.count,
    total: b.total,
    sha256: b.sha256,
    created_at: b.createdAt,
    created_by: b.createdBy,
    transferred_at: b.transferredAt ?? null,
    withdrawal_ids: b.withdrawalIds,
  };
}

export const requestsOn = (db: Db, transferDate: string) =>
  db.entities.withdrawal.query.byTransferDate({ transferDate }).go({ pages: 'all' });

export const batchesOn = (db: Db, transferDate: string, consistent = false) =>
  db.entities.transferBatch.query.byDate({ transferDate }).go({ pages: 'all', consistent });

async function nicknames(db: Db, creatorIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(creatorIds)];
  if (unique.length === 0) return new Map();
  const { data } = await db.entities.profile
    .get(unique.map((profileId) => ({ profileId })))
    .go({ attributes: ['profileId', 'nickname'] });
  return new Map(data.map((p) => [p.profileId, p.nickname ?? '']));
}

/** `GET /admin/withdrawals?date`: one transfer date's requests (default the next date), with totals. */
export async function listWithdrawals(
  { db, clock }: AdminWithdrawalDeps,
  query: { date?: string | undefined },
): Promise<AdminWithdrawalsPage> {
  const now = clock.now();
  const today = jstDate(now);
  const month = jstMonth(now);
  const candidates = new Set<string>();
  for (let i = -MONTHS_BACK; i <= MONTHS_AHEAD; i += 1) {
    const d = transferDateIn(shiftMonth(month, i));
    if (d) candidates.add(d);
  }
  const sorted = [...candidates].sort();
  const next = sorted.find((d) => d >= today) ?? (sorted.at(-1) as string);
  const date = query.date ?? next;
  candidates.add(date);
  const counts = await Promise.all(
    [...candidates].map(async (d) => {
      if (d === date) return { date: d, count: -1 };
      const { data } = await db.entities.withdrawal.query
        .byTransferDate({ transferDate: d })
        .go({ pages: 'all', attributes: ['creatorId'] });
      return { date: d, count: data.length };
    }),
  );
  const [{ data: rows }, { data: batches }] = await Promise.all([requestsOn(db, date), batchesOn(db, date)]);
  const names = await nicknames(
    db,
    rows.map((w) => w.creatorId),
  );
  const pending = rows.filter((w) => APPROVED.includes(w.status) && !w.batchId);
  return {
    date,
    dates: counts
      .map((c) => (c.date === date ? { date, count: rows.length } : c))
      .filter((c) => c.count > 0 || c.date === next || c.date === date)
      .sort((a, b) => (a.date < b.date ? -1 : 1)),
    withdrawals: rows.map((w) => rowView(w, names.get(w.creatorId) ?? null)),
    totals: {
      count: rows.length,
      requested: rows.reduce((s, w) => s + w.requestedAmount, 0),
      finalized: rows
        .filter(
          (w) =>
            w.finalizedAmount !== undefined && (APPROVED.includes(w.status) || w.status === 'transferred'),
        )
        .reduce((s, w) => s + (w.finalizedAmount ?? 0), 0),
      pending_count: pending.length,
      pending_net: pending.reduce((s, w) => s + payable(w), 0),
    },
    batches: batches.map(batchView),
  };
}

// ---------------------------------------------------------------------------------------------
// Review actions (through the business area's state machine), each audited.

interface Ref {
  id: string;
  version: number;
}

/** The fields an action changes, before and after, for the audit entry. */
function auditFields(w: WithdrawalItem) {
  const { status, finalized_amount, notes, rejection, transfer_failure } = withdrawalView(w);
  return { status, finalized_amount, notes, rejection, transfer_failure };
}

/**
 * The operator's change on the version they saw, with its audit entry in the transition's
 * transaction. The entry's key is the request and that version: one transition leaves a version,
 * so an action and its retries or concurrent twins can write one entry at most.
 */
async function act(
  deps: AdminWithdrawalDeps,
  operator: Operator,
  ref: Ref,
  action: AuditAction,
  run: (current: WithdrawalItem, change: OperatorChange) => Promise<unknown>,
): Promise<AdminWithdrawalView> {
  const current = await readWithdrawal(deps.db, ref.id);
  if (current.version !== ref.version) throw new AppError('admin_conflict');
  await run(current, {
    version: ref.version,
    extra: (tx, { before, after }) => [
      auditCommit(tx, deps.clock.now(), {
        actor: operator,
        action,
        targetType: 'withdrawal',
        targetId: ref.id,
        before: auditFields(before),
        after: auditFields(after),
        key: `${ref.id}#${before.version}`,
      }),
    ],
  });
  const after = await readWithdrawal(deps.db, ref.id);
  const names = await nicknames(deps.db, [after.creatorId]);
  return rowView(after, names.get(after.creatorId) ?? null);
}

/** `POST /admin/withdrawals/review`: opens each request (unconfirmed or reapplying → checking). */
export async function reviewWithdrawals(
  deps: AdminWithdrawalDeps,
  operator: Operator,
  items: Ref[],
): Promise<AdminWithdrawalReviewResponse> {
  const results: AdminWithdrawalReviewResponse['results'] = [];
  for (const ref of items) {
    try {
      const withdrawal = await act(deps, operator, ref, 'withdrawal.review', (_, change) =>
        startReview(deps, ref.id, operator.profileId, change),
      );
      results.push({ id: ref.id, error: null, withdrawal });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500 || items.length === 1) throw error;
      results.push({ id: ref.id, error: error.code, withdrawal: null });
    }
  }
  return { results };
}

export const approve = (
  deps: AdminWithdrawalDeps,
  operator: Operator,
  input: Ref & { notes?: string | undefined },
) =>
  act(deps, operator, input, 'withdrawal.approve', (_, change) =>
    approveWithdrawal(deps, input.id, operator.profileId, input.notes ? { notes: input.notes } : {}, change),
  );

export const partiallyApprove = (
  deps: AdminWithdrawalDeps,
  operator: Operator,
  input: Ref & { finalized_amount: number; notes: string },
) =>
  act(deps, operator, input, 'withdrawal.partial', (_, change) =>
    partiallyApproveWithdrawal(
      deps,
      input.id,
      operator.profileId,
      { finalizedAmount: input.finalized_amount, notes: input.notes },
      change,
    ),
  );

export const reject = (
  deps: AdminWithdrawalDeps,
  operator: Operator,
  input: Ref & { reason: string; fields: WithdrawalFaultField[] },
) =>
  act(deps, operator, input, 'withdrawal.reject', (_, change) =>
    rejectWithdrawal(
      deps,
      input.id,
      operator.profileId,
      { reason: input.reason, fields: input.fields },
      change,
    ),
  );

/** `POST /admin/withdrawals/transfer-failed`: a line of a transfer file the bank could not pay. */
export const failTransfer = (
  deps: AdminWithdrawalDeps,
  operator: Operator,
  input: Ref & { reason: string },
) =>
  act(deps, operator, input, 'withdrawal.transfer_failed', async (current, change) => {
    if (!current.batchId) throw new AppError('withdrawal_state');
    await failWithdrawalTransfer(deps, input.id, operator.profileId, { reason: input.reason }, change);
  });

// ---------------------------------------------------------------------------------------------
// The transfer file

async function readBatch(db: Db, batchId: string): Promise<BatchItem> {
  const key = parseBatchId(batchId);
  if (!key) throw new AppError('transfer_batch_not_found');
  const { data } = await db.entities.transferBatch.get(key).go({ consistent: true });
  if (!data) throw new AppError('transfer_batch_not_found');
  return data;
}

/** `GET /admin/withdrawals/batch-file?batch_id`: the file's bytes as generated, with its checksum. */
export async function batchFile(deps: AdminWithdrawalDeps, batchId: string): Promise<AdminBatchFileResponse> {
  const batch = await readBatch(deps.db, batchId);
  return {
    file_name: `zengin-${batchId}.txt`,
    content_base64: batch.file,
    sha256: batch.sha256,
    count: batch.count,
    total: batch.total,
  };
}

/**
 * `POST /admin/withdrawals/batches/transferred`: the bank executed the file. Every line still
 * approved becomes `transferred` on the batch's date (lines marked failed stay failed), with the
 * batch, in one transaction conditional on each one's status and version.
 */
export async function markBatchTransferred(
  deps: AdminWithdrawalDeps,
  operator: Operator,
  input: { batch_id: string; version: number },
): Promise<AdminBatchView> {
  const { db } = deps;
  const batch = await readBatch(db, input.batch_id);
  if (batch.status !== 'generated') throw new AppError('transfer_batch_state');
  if (batch.version !== input.version) throw new AppError('admin_conflict');
  const { data: requests } = await db.entities.withdrawal
    .get(batch.withdrawalIds.flatMap((id) => parseWithdrawalId(id) ?? []))
    .go({ consistent: true });
  const lines = requests.filter((w) => w.batchId === input.batch_id && APPROVED.includes(w.status));
  const now = deps.clock.now();
  const at = now.toISOString();
  const to = TRANSITIONS.transfer.to;
  const result = await db.transaction
    .write(({ transferBatch, withdrawal, audit }) => [
      transferBatch
        .patch({ transferDate: batch.transferDate, seq: batch.seq })
        .set({
          status: 'transferred',
          transferredAt: at,
          transferredBy: operator.profileId,
          version: batch.version + 1,
        })
        .where((a, op) => `${op.eq(a.status, 'generated')} AND ${op.eq(a.version, batch.version)}`)
        .commit(),
      ...lines.map((w) =>
        withdrawal
          .patch({ creatorId: w.creatorId, ym: w.ym })
          .set({
            status: to,
            transferDate: batch.transferDate,
            transferredAt: at,
            version: w.version + 1,
            updatedAt: at,
          })
          .append({ events: [{ at, by: operator.profileId, from: w.status, to }] })
          .where(
            (a, op) =>
              `${op.eq(a.status, w.status)} AND ${op.eq(a.version, w.version)} AND ${op.eq(a.batchId, input.batch_id)}`,
          )
          .commit(),
      ),
      auditCommit({ audit }, now, {
        actor: operator,
        action: 'withdrawal.transferred',
        targetType: 'transfer_batch',
        targetId: input.batch_id,
        before: { status: batch.status },
        after: {
          status: 'transferred',
          transferred_ids: lines.map((w) => withdrawalIdOf(w.creatorId, w.ym)),
        },
        key: `${input.batch_id}#${batch.version}`,
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('admin_conflict');
  return batchView({ ...batch, status: 'transferred', transferredAt: at, version: batch.version + 1 });
}
