/**
 * The withdrawal request's states and the fields an operator may name at fault, as plain
 * constants (no zod): the table's entity imports them, and every bundle carries the entities.
 */

/**
 * DECISIONS.md "Withdrawals" and spec section 4: requested (not finalized) → checking → approved or
 * partially approved → transferred; checking → rejected → reapplying (by the creator) → checking …
 * A line of the operators' transfer file that the bank could not pay becomes `transfer_failed`
 * (with the reason): the amount is the creator's again and they reapply as after a rejection.
 */
export const withdrawalStatuses = [
  'unconfirmed',
  'checking',
  'approved',
  'partially_approved',
  'rejected',
  'reapplying',
  'transferred',
  'transfer_failed',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** What an operator may name as wrong when rejecting: the bank account's fields, or the amount. */
export const withdrawalFaultFields = [
  'bank',
  'branch',
  'account_type',
  'account_number',
  'account_owner',
  'amount',
  'other',
] as const;
export type WithdrawalFaultField = (typeof withdrawalFaultFields)[number];
