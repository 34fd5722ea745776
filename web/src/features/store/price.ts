import type { StoreResponse } from '@app/shared/schemas/store';

type Limits = Pick<StoreResponse, 'min' | 'max' | 'yen_per_mushroom' | 'remaining_yen'>;

/** Yen, tax included, of a number of mushrooms. */
export const priceOf = (mushrooms: number, yenPerMushroom: number) => mushrooms * yenPerMushroom;

/**
 * The consumption tax contained in a tax-included price (rounded down, as receipts show it).
 * Integer arithmetic on the rate in basis points: no floating-point drift at exact multiples.
 */
export function taxIncludedIn(price: number, taxRate: number): number {
  const bp = Math.round(taxRate * 10_000);
  return Math.floor((price * bp) / (10_000 + bp));
}

/** The yen the caps still allow now: today's, or this month's when lower (minors). */
export function remainingYen(limits: Pick<StoreResponse, 'remaining_yen'>): number {
  const { day, month } = limits.remaining_yen;
  return Math.max(0, month === null ? day : Math.min(day, month));
}

/** The most mushrooms one purchase may have now (the maximum, or less when the caps allow less). */
export function maxPurchasable(limits: Limits): number {
  return Math.min(limits.max, Math.floor(remainingYen(limits) / limits.yen_per_mushroom));
}

/** A whole number typed by the user ('１２０' and '120' alike), or null. */
export function parseAmount(text: string): number | null {
  const ascii = text.trim().replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  return /^\d{1,7}$/.test(ascii) ? Number(ascii) : null;
}

export type AmountCheck =
  | { ok: true; amount: number }
  | { ok: false; key: string; params: Record<string, number> };

/** Checks the quantity against the contract's range and the remaining allowance. */
export function checkAmount(text: string, limits: Limits): AmountCheck {
  const amount = parseAmount(text);
  if (amount === null || amount < limits.min || amount > limits.max) {
    return { ok: false, key: 'validation.purchaseAmount', params: { min: limits.min, max: limits.max } };
  }
  const most = maxPurchasable(limits);
  if (amount > most) {
    return most < limits.min
      ? { ok: false, key: 'store.quantity.noAllowance', params: {} }
      : {
          ok: false,
          key: 'store.quantity.overAllowance',
          params: { count: most, yen: priceOf(most, limits.yen_per_mushroom) },
        };
  }
  return { ok: true, amount };
}

/** The day a lot bought now expires: `lotDays` days later. */
export function expiryFrom(now: Date, lotDays: number): Date {
  return new Date(now.getTime() + lotDays * 24 * 60 * 60 * 1000);
}
