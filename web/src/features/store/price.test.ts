import { businessConfig } from '@app/shared/config';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmount, expiryFrom, maxPurchasable, parseAmount, priceOf, taxIncludedIn } from './price.ts';

const P = businessConfig.points;
const limits = (day: number, month: number | null = null) => ({
  min: P.purchaseMinMushrooms,
  max: P.purchaseMaxMushrooms,
  yen_per_mushroom: P.yenPerMushroom,
  remaining_yen: { day, month },
});

describe('store prices', () => {
  it('prices mushrooms at the configured yen, tax included', () => {
    expect(priceOf(100, P.yenPerMushroom)).toBe(1000);
  });

  it('shows the consumption tax contained in the price, rounded down', () => {
    expect(taxIncludedIn(1000, 0.1)).toBe(90);
    expect(taxIncludedIn(110, 0.1)).toBe(10);
    expect(taxIncludedIn(50_000, 0.1)).toBe(4545);
    expect(taxIncludedIn(1080, 0.08)).toBe(80);
  });

  it('never puts the tax above what the price can contain', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (price) => {
        const tax = taxIncludedIn(price, 0.1);
        // net + tax = price, and tax = floor(net × 10 %) up to the rounding of one yen.
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax * 11).toBeLessThanOrEqual(price);
        expect((tax + 1) * 11).toBeGreaterThan(price);
      }),
    );
  });

  it('reads whole numbers, full-width digits included', () => {
    expect(parseAmount('120')).toBe(120);
    expect(parseAmount(' １２０ ')).toBe(120);
    expect(parseAmount('12.5')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
  });

  it('checks the quantity against min and max with the contract message', () => {
    const l = limits(P.dailyYenCap);
    expect(checkAmount('100', l)).toEqual({ ok: true, amount: 100 });
    for (const bad of ['9', '5001', 'abc', '']) {
      expect(checkAmount(bad, l)).toEqual({
        ok: false,
        key: 'validation.purchaseAmount',
        params: { min: P.purchaseMinMushrooms, max: P.purchaseMaxMushrooms },
      });
    }
  });

  it('caps the quantity by what today and this month still allow', () => {
    expect(maxPurchasable(limits(P.dailyYenCap))).toBe(P.purchaseMaxMushrooms);
    expect(maxPurchasable(limits(3000, 1205))).toBe(120);
    expect(checkAmount('200', limits(3000, 1205))).toEqual({
      ok: false,
      key: 'store.quantity.overAllowance',
      params: { count: 120, yen: 1200 },
    });
    expect(checkAmount('10', limits(50))).toEqual({
      ok: false,
      key: 'store.quantity.noAllowance',
      params: {},
    });
  });

  it('dates the expiry lotDays after the purchase', () => {
    const now = new Date('2026-11-21T15:00:00.000Z');
    expect(expiryFrom(now, 180).toISOString()).toBe('2027-05-20T15:00:00.000Z');
  });
});
