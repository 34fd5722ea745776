/**
 * The withdrawal request's states and the fields an operator may name at fault, as plain
 * constants (no zod): the table's entity imports them, and every bundle carries the entities.
 */

/**
 * DECISIONS.md "Withdrawals" and spec section 4: requested (not finalized) → checking → approved or
 * partially approved → transferred; checking → rejected → reapplying (by the creator) → checking …
 */
export const withdrawalStatuses = [
  'unconfirmed',
  'checking',
  'approved',
  'partially_approved',
  'rejected',
  'reapplying',
  'transferred',
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
