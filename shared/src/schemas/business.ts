/**
 * The creator's business side (issue 12): income rows and monthly totals, the summary with its
 * chart, the monthly statement, withdrawal requests and their states. Amounts are whole yen
 * (1 point = 1 yen); months are JST calendar months.
 */
import * as z from 'zod/mini';
import { V } from '../validation.ts';
import { withdrawalFaultFields, withdrawalStatuses } from '../withdrawal-states.ts';

/** DECISIONS.md "Creator rewards": 1 chat, 2 product sales, 3 fan club, 4 gift (stamps). */
export const paymentTypes = [1, 2, 3, 4] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const pointTypes = ['mushroom', 'leaf', 'original'] as const;

const yearString = z.string({ error: V.yearMonth }).check(z.regex(/^20\d{2}$/, V.yearMonth));
const monthString = z.string({ error: V.yearMonth }).check(z.regex(/^(?:[1-9]|0[1-9]|1[0-2])$/, V.yearMonth));

/**
 * `?year=&month=`: both or neither (neither = the current JST month). Strings in the query;
 * `yearMonthOf` reads them.
 */
export const yearMonthQuery = z
  .object({ year: z.optional(yearString), month: z.optional(monthString) })
  .check(z.refine((q) => (q.year === undefined) === (q.month === undefined), V.yearMonth));
export type YearMonthQuery = z.infer<typeof yearMonthQuery>;

/** `{ year: '2026', month: '4' }` -> '2026-04'; undefined when neither is given. */
export function yearMonthOf(q: { year?: string; month?: string }): string | undefined {
  if (q.year === undefined || q.month === undefined) return undefined;
  return `${q.year}-${q.month.padStart(2, '0')}`;
}

export const amounts = z.object({ revenue: z.int(), fee: z.int(), income: z.int() });
export type Amounts = z.infer<typeof amounts>;

// ---------------------------------------------------------------------------------------------
// Income rows: GET /mypage/incomes

export const incomeListQuery = z
  .object({
    year: z.optional(yearString),
    month: z.optional(monthString),
    payment_type: z.optional(z.enum(['1', '2', '3', '4'], { error: V.paymentType })),
    cursor: z.optional(z.string().check(z.maxLength(1024))),
  })
  .check(z.refine((q) => (q.year === undefined) === (q.month === undefined), V.yearMonth));
export type IncomeListQuery = z.infer<typeof incomeListQuery>;

export const incomeRowView = z.object({
  id: z.string(),
  /** The buyer as they show now; null once they have left the product. */
  buyer: z.nullable(
    z.object({ id: z.string(), nickname: z.nullable(z.string()), profile_image: z.nullable(z.string()) }),
  ),
  /** What was bought: a chat message, a stamp (its catalogue id), an item or fan club (its name). */
  target: z.object({ kind: z.enum(['chat', 'stamp', 'item', 'fanclub']), name: z.nullable(z.string()) }),
  /** An organization's row (issue 16): the cast who made the sale (nickname null once removed); else null. */
  cast: z.nullable(z.object({ id: z.string(), nickname: z.nullable(z.string()) })),
  payment_type: z.int(),
  point_type: z.enum(pointTypes),
  /** Negative on the row of a reversal. */
  points: z.int(),
  revenue: z.int(),
  fee: z.int(),
  income: z.int(),
  created_at: z.string(),
});
export type IncomeRowView = z.infer<typeof incomeRowView>;

export const incomeListResponse = z.object({
  year: z.int(),
  month: z.int(),
  rows: z.array(incomeRowView),
  /** The whole month's totals (every payment type, whatever the filter). */
  totals: amounts,
  next_cursor: z.nullable(z.string()),
});
export type IncomeListResponse = z.infer<typeof incomeListResponse>;

// ---------------------------------------------------------------------------------------------
// Summary: GET /mypage/summary

export const byPaymentType = z.array(z.intersection(z.object({ payment_type: z.int() }), amounts));

export const summaryResponse = z.object({
  year: z.int(),
  month: z.int(),
  /** The month has ended (JST): its totals are final and it can be withdrawn and printed. */
  closed: z.boolean(),
  /** Every payment type 1-4, in order, zeros included. */
  by_type: byPaymentType,
  totals: amounts,
  /** Closed months not requested yet whose income reaches the minimum, summed. */
  withdrawable_amount: z.int(),
  /** Every income not transferred yet (requested or not, this month included): forfeited on leaving. */
  unpaid_amount: z.int(),
  /** The 12 months ending with the month shown, oldest first. */
  chart: z.array(z.object({ year: z.int(), month: z.int(), income: z.int() })),
  /** The chat campaign rate while it applies to this creator (registered with the code). */
  campaign: z.nullable(z.object({ rate: z.number(), ends_at: z.string() })),
});
export type SummaryResponse = z.infer<typeof summaryResponse>;

// ---------------------------------------------------------------------------------------------
// Statement: GET /mypage/statement?year=&month= (closed months only, else 'month_not_closed')

export const statementResponse = z.object({
  year: z.int(),
  month: z.int(),
  issued_on: z.string(),
  /** The creator as the statement names them: full name, nickname and username. */
  creator: z.object({
    full_name: z.nullable(z.string()),
    nickname: z.nullable(z.string()),
    username: z.nullable(z.string()),
  }),
  invoice_number: z.nullable(z.string()),
  by_type: byPaymentType,
  totals: amounts,
  /** The month's withdrawal, if requested. */
  withdrawal: z.nullable(
    z.object({ status: z.string(), requested_amount: z.int(), transfer_date: z.nullable(z.string()) }),
  ),
});
export type StatementResponse = z.infer<typeof statementResponse>;

// ---------------------------------------------------------------------------------------------
// Withdrawals

export {
  type WithdrawalFaultField,
  type WithdrawalStatus,
  withdrawalFaultFields,
  withdrawalStatuses,
} from '../withdrawal-states.ts';

export const withdrawalView = z.object({
  id: z.string(),
  year: z.int(),
  month: z.int(),
  /** The first request, and the last re-request when there was one. */
  requested_at: z.string(),
  reapplied_at: z.nullable(z.string()),
  requested_amount: z.int(),
  fee: z.int(),
  /** requested (or finalized, once known) minus the transfer fee. */
  net_amount: z.int(),
  finalized_amount: z.nullable(z.int()),
  /** The scheduled transfer date (JST), or the actual one once transferred. */
  transfer_date: z.string(),
  status: z.enum(withdrawalStatuses),
  /** The operators' notes to the creator (e.g. why partially approved). */
  notes: z.nullable(z.string()),
  rejection: z.nullable(z.object({ reason: z.string(), fields: z.array(z.enum(withdrawalFaultFields)) })),
  /** Why the bank could not pay the transfer (status 'transfer_failed'), else null. */
  transfer_failure: z.nullable(z.string()),
  transferred_at: z.nullable(z.string()),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

export const withdrawableMonth = z.object({
  year: z.int(),
  month: z.int(),
  amount: z.int(),
  fee: z.int(),
  net_amount: z.int(),
  /** At or above the minimum. */
  eligible: z.boolean(),
});
export type WithdrawableMonth = z.infer<typeof withdrawableMonth>;

/** `GET /mypage/withdraw-request-histories`: every request, newest month first, and what can be requested. */
export const withdrawalHistoryResponse = z.object({
  withdrawals: z.array(withdrawalView),
  /** Closed months with income that were never requested, newest first. */
  months: z.array(withdrawableMonth),
  minimum_yen: z.int(),
  fee_yen: z.int(),
  /** The transfer date of a request made now (the cut-off and holidays applied). */
  transfer_date: z.string(),
  has_bank: z.boolean(),
});
export type WithdrawalHistoryResponse = z.infer<typeof withdrawalHistoryResponse>;

export const withdrawRequest = z.object({
  year: z.int({ error: V.yearMonth }).check(z.gte(2000, V.yearMonth), z.lte(2999, V.yearMonth)),
  month: z.int({ error: V.yearMonth }).check(z.gte(1, V.yearMonth), z.lte(12, V.yearMonth)),
});
export type WithdrawRequest = z.input<typeof withdrawRequest>;

export const reWithdrawRequest = z.object({
  id: z
    .string({ error: V.required })
    .check(z.regex(/^20\d{2}(?:0[1-9]|1[0-2])[A-Za-z0-9-]{1,64}$/, V.required)),
});
export type ReWithdrawRequest = z.input<typeof reWithdrawRequest>;

/** `POST /mypage/request-withdraw` and `/mypage/re-request-withdraw` answer the request as it now is. */
export const withdrawResponse = z.object({ withdrawal: withdrawalView });
export type WithdrawResponse = z.infer<typeof withdrawResponse>;
