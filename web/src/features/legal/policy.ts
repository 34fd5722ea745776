/**
 * Values the legal texts state that shared/DECISIONS.md or the spec fix but that
 * `businessConfig` (shared/src/config.ts) does not hold yet. They belong in `businessConfig`;
 * until they move there, this is their one home. Everything else comes from `businessConfig`.
 */
export const legalPolicy = {
  /** Days within which points spent on a product lost to a system fault are returned (DECISIONS: Points). */
  systemFaultRefundDays: 7,
  /** Auto-renewal of a fan club can be stopped until this many hours before renewal (DECISIONS: Fan club). */
  fanClubCancelHours: 24,
  /** Age of majority; below it the monthly purchase caps apply (DECISIONS: Points, purchase). */
  adultAge: 18,
  /** Below this age the lower monthly cap applies (`minorMonthlyYenCapUnder16`). */
  minorLowerTierAge: 16,
} as const;
