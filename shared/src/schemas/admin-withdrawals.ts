/**
 * The operators' console: withdrawals and the Zengin transfer file (issue 17). Every route is
 * role 3 only (functions/src/manifest.ts).
 *
 * - `GET /admin/withdrawals?date` `adminWithdrawalsQuery` → `adminWithdrawalsPage`: one transfer
 *   date's requests (default the next date), the dates that have requests, totals and batches
 * - `POST /admin/withdrawals/review` `adminWithdrawalReviewRequest` → `adminWithdrawalReviewResponse`
 *   (unconfirmed or reapplying → checking, one or many)
 * - `POST /admin/withdrawals/approve` `adminWithdrawalApproveRequest` → `adminWithdrawalResponse`
 * - `POST /admin/withdrawals/partial` `adminWithdrawalPartialRequest` → `adminWithdrawalResponse`
 * - `POST /admin/withdrawals/reject` `adminWithdrawalRejectRequest` → `adminWithdrawalResponse`
 * - `POST /admin/withdrawals/transfer-failed` `adminWithdrawalFailRequest` → `adminWithdrawalResponse`
 * - `POST /admin/withdrawals/batches` `adminBatchCreateRequest` → `adminBatchResponse` (the file's batch)
 * - `GET /admin/withdrawals/batch-file?batch_id` `adminBatchFileQuery` → `adminBatchFileResponse`
 * - `POST /admin/withdrawals/batches/transferred` `adminBatchTransferredRequest` → `adminBatchResponse`
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { textSchema, V } from '../validation.ts';
import { withdrawalFaultFields, withdrawalStatuses } from '../withdrawal-states.ts';
import { accountTypes } from './mypage.ts';

/** Validation messages of this section. */
export const WV = {
  reasonMax: 'validation.adminWithdrawalReasonMax',
  faultFields: 'validation.adminWithdrawalFaultFields',
  selection: 'validation.adminWithdrawalSelection',
} as const;

/** How many requests one review call may open, and one transfer file may hold (one transaction of 100 items). */
export const REVIEW_MAX = 50;
export const BATCH_LINES_MAX = 98;

const WITHDRAWAL_ID_RE = /^20\d{2}(?:0[1-9]|1[0-2])[A-Za-z0-9-]{1,64}$/;
const BATCH_ID_RE = /^\d{4}-\d{2}-\d{2}-\d{3}$/;

const withdrawalId = z.string({ error: V.required }).check(z.regex(WITHDRAWAL_ID_RE, V.required));
/** The version the operator saw: a change made since by someone else is refused (409 admin_conflict). */
const version = z.int({ error: V.required }).check(z.positive(V.required));
const reason = () =>
  textSchema({
    max: businessConfig.admin.reasonMax,
    maxMessage: WV.reasonMax,
    required: V.required,
    multiline: true,
  });

export const adminWithdrawalsQuery = z.object({
  date: z.optional(z.iso.date({ error: V.date })),
});
export type AdminWithdrawalsQuery = z.input<typeof adminWithdrawalsQuery>;

export const adminBankView = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  account_type: z.enum(accountTypes),
  account_number: z.string(),
  account_owner: z.string(),
});

export const adminWithdrawalView = z.object({
  id: z.string(),
  version: z.int(),
  status: z.enum(withdrawalStatuses),
  creator_id: z.string(),
  /** Null when the creator's profile is gone. */
  creator_nickname: z.nullable(z.string()),
  year: z.int(),
  month: z.int(),
  requested_at: z.string(),
  reapplied_at: z.nullable(z.string()),
  requested_amount: z.int(),
  finalized_amount: z.nullable(z.int()),
  fee: z.int(),
  /** What the transfer pays: the finalized (else requested) amount minus the fee. */
  net_amount: z.int(),
  transfer_date: z.string(),
  notes: z.nullable(z.string()),
  rejection: z.nullable(z.object({ reason: z.string(), fields: z.array(z.enum(withdrawalFaultFields)) })),
  transfer_failure: z.nullable(z.string()),
  bank: adminBankView,
  /** The transfer file the request is in, if any. */
  batch_id: z.nullable(z.string()),
});
export type AdminWithdrawalView = z.infer<typeof adminWithdrawalView>;

export const adminBatchView = z.object({
  id: z.string(),
  transfer_date: z.string(),
  status: z.enum(['generated', 'transferred']),
  version: z.int(),
  count: z.int(),
  total: z.int(),
  sha256: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  transferred_at: z.nullable(z.string()),
  withdrawal_ids: z.array(z.string()),
});
export type AdminBatchView = z.infer<typeof adminBatchView>;

export const adminWithdrawalsPage = z.object({
  date: z.string(),
  /** Transfer dates with requests (recent and coming), with how many; the next date always. */
  dates: z.array(z.object({ date: z.string(), count: z.int() })),
  withdrawals: z.array(adminWithdrawalView),
  totals: z.object({
    count: z.int(),
    requested: z.int(),
    /** Finalized amounts of the approved and partially approved requests (transferred included). */
    finalized: z.int(),
    /** Approved requests not in a transfer file yet: what the next file would hold. */
    pending_count: z.int(),
    pending_net: z.int(),
  }),
  batches: z.array(adminBatchView),
});
export type AdminWithdrawalsPage = z.infer<typeof adminWithdrawalsPage>;

export const adminWithdrawalRef = z.object({ id: withdrawalId, version });

export const adminWithdrawalReviewRequest = z.object({
  items: z
    .array(adminWithdrawalRef)
    .check(z.minLength(1, WV.selection), z.maxLength(REVIEW_MAX, WV.selection)),
});
export type AdminWithdrawalReviewRequest = z.input<typeof adminWithdrawalReviewRequest>;
export const adminWithdrawalReviewResponse = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      /** The error code when this one was refused (its status or version changed). */
      error: z.nullable(z.string()),
      withdrawal: z.nullable(adminWithdrawalView),
    }),
  ),
});
export type AdminWithdrawalReviewResponse = z.infer<typeof adminWithdrawalReviewResponse>;

export const adminWithdrawalApproveRequest = z.object({
  id: withdrawalId,
  version,
  notes: z.optional(
    textSchema({ max: businessConfig.admin.reasonMax, maxMessage: WV.reasonMax, multiline: true }),
  ),
});
export type AdminWithdrawalApproveRequest = z.input<typeof adminWithdrawalApproveRequest>;

export const adminWithdrawalPartialRequest = z.object({
  id: withdrawalId,
  version,
  finalized_amount: z.int({ error: V.finalizedAmount }).check(z.gte(0, V.finalizedAmount)),
  notes: reason(),
});
export type AdminWithdrawalPartialRequest = z.input<typeof adminWithdrawalPartialRequest>;

export const adminWithdrawalRejectRequest = z.object({
  id: withdrawalId,
  version,
  reason: reason(),
  fields: z
    .array(z.enum(withdrawalFaultFields, { error: WV.faultFields }))
    .check(z.minLength(1, WV.faultFields)),
});
export type AdminWithdrawalRejectRequest = z.input<typeof adminWithdrawalRejectRequest>;

export const adminWithdrawalFailRequest = z.object({ id: withdrawalId, version, reason: reason() });
export type AdminWithdrawalFailRequest = z.input<typeof adminWithdrawalFailRequest>;

export const adminWithdrawalResponse = z.object({ withdrawal: adminWithdrawalView });
export type AdminWithdrawalResponse = z.infer<typeof adminWithdrawalResponse>;

export const adminBatchCreateRequest = z.object({ date: z.iso.date({ error: V.date }) });
export type AdminBatchCreateRequest = z.input<typeof adminBatchCreateRequest>;

const batchId = z.string({ error: V.required }).check(z.regex(BATCH_ID_RE, V.required));

export const adminBatchResponse = z.object({ batch: adminBatchView });
export type AdminBatchResponse = z.infer<typeof adminBatchResponse>;

export const adminBatchFileQuery = z.object({ batch_id: batchId });
export const adminBatchFileResponse = z.object({
  /** `zengin-<date>-<n>.txt` */
  file_name: z.string(),
  /** The file's bytes (Shift_JIS), base64. */
  content_base64: z.string(),
  sha256: z.string(),
  count: z.int(),
  total: z.int(),
});
export type AdminBatchFileResponse = z.infer<typeof adminBatchFileResponse>;

export const adminBatchTransferredRequest = z.object({ batch_id: batchId, version });
export type AdminBatchTransferredRequest = z.input<typeof adminBatchTransferredRequest>;
