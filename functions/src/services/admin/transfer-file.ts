/**
 * The Zengin transfer file of a transfer date (issue 17): its own module, so that only its
 * handler carries `encoding-japanese`'s Shift_JIS tables and the bank names (services/admin/
 * withdrawals.ts explains the batch).
 */
import { parseTransferSource, type TransferSource } from '@app/shared/operator';
import { type AdminBatchView, BATCH_LINES_MAX } from '@app/shared/schemas/admin-withdrawals';
import { batchIdOf } from '../../db/entities/transfer-batch.ts';
import { withdrawalIdOf } from '../../db/entities/withdrawal.ts';
import { env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { findBranch } from '../banks.ts';
import type { WithdrawalItem } from '../business/months.ts';
import { auditCommit } from './audit.ts';
import {
  type AdminWithdrawalDeps,
  APPROVED,
  batchesOn,
  batchView,
  type Operator,
  payable,
  requestsOn,
} from './withdrawals.ts';
import { type ZenginAccountType, ZenginError, type ZenginLine, zenginFile } from './zengin.ts';

function transferSource(deps: AdminWithdrawalDeps): TransferSource {
  if (deps.transferSource) return deps.transferSource;
  const source = parseTransferSource(env().TRANSFER_SOURCE);
  if (!source) throw new Error('TRANSFER_SOURCE is missing or malformed (context transferSource)');
  return source;
}

/** A zengin-code name in kana, or a refusal naming the request and the field. */
function bankNames(ref: string, bankCode: string, branchCode: string) {
  const found = findBranch(bankCode, branchCode);
  if (!found) throw new ZenginError(ref, 'branch_code');
  return { bankName: found.bank.kana, branchName: found.branch.kana };
}

function lineOf(w: WithdrawalItem): ZenginLine {
  const ref = withdrawalIdOf(w.creatorId, w.ym);
  return {
    ref,
    bankCode: w.bank.bankCode,
    branchCode: w.bank.branchCode,
    ...bankNames(ref, w.bank.bankCode, w.bank.branchCode),
    accountType: w.bank.accountType as ZenginAccountType,
    accountNumber: w.bank.accountNumber,
    name: w.bank.accountOwner,
    amount: payable(w),
  };
}

/**
 * `POST /admin/withdrawals/batches {date}`: the transfer file of every approved request of the date
 * not in a file yet (at most `BATCH_LINES_MAX`; generate again for the rest).
 */
export async function createBatch(
  deps: AdminWithdrawalDeps,
  operator: Operator,
  date: string,
): Promise<AdminBatchView> {
  const { db } = deps;
  const { data: rows } = await requestsOn(db, date);
  const pending = rows.filter((w) => APPROVED.includes(w.status) && !w.batchId).slice(0, BATCH_LINES_MAX);
  if (pending.length === 0) throw new AppError('transfer_batch_empty');
  const source = transferSource(deps);
  let file: ReturnType<typeof zenginFile>;
  try {
    const own = bankNames('header', source.bankCode, source.branchCode);
    file = zenginFile(
      {
        companyCode: source.companyCode,
        companyName: source.companyNameKana,
        transferDate: date,
        bankCode: source.bankCode,
        branchCode: source.branchCode,
        ...own,
        accountType: source.accountType,
        accountNumber: source.accountNumber,
      },
      pending.map(lineOf),
    );
  } catch (error) {
    if (error instanceof ZenginError)
      throw new AppError('transfer_file_invalid', error.message).with({ id: error.ref, field: error.field });
    throw error;
  }
  const { data: existing } = await batchesOn(db, date, true);
  const seq = existing.reduce((max, b) => Math.max(max, b.seq), 0) + 1;
  const batchId = batchIdOf(date, seq);
  const now = deps.clock.now();
  const at = now.toISOString();
  const withdrawalIds = pending.map((w) => withdrawalIdOf(w.creatorId, w.ym));
  const item = {
    transferDate: date,
    seq,
    withdrawalIds,
    count: file.count,
    total: file.total,
    sha256: file.sha256,
    file: file.bytes.toString('base64'),
    createdBy: operator.profileId,
    createdAt: at,
    status: 'generated' as const,
    version: 1,
  };
  const result = await db.transaction
    .write(({ transferBatch, withdrawal, audit }) => [
      transferBatch.create(item).commit(),
      ...pending.map((w) =>
        withdrawal
          .patch({ creatorId: w.creatorId, ym: w.ym })
          .set({ batchId, version: w.version + 1, updatedAt: at })
          .where(
            (a, op) =>
              `${op.eq(a.status, w.status)} AND ${op.eq(a.version, w.version)} AND ${op.notExists(a.batchId)}`,
          )
          .commit(),
      ),
      auditCommit({ audit }, now, {
        actor: operator,
        action: 'withdrawal.transfer_file',
        targetType: 'transfer_batch',
        targetId: batchId,
        before: null,
        after: { count: file.count, total: file.total, sha256: file.sha256, withdrawal_ids: withdrawalIds },
        key: batchId,
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('admin_conflict');
  return batchView(item);
}
