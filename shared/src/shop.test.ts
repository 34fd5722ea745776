import { describe, expect, it } from 'vitest';
import { saleStateOf, shelfOf, stockLabelOf } from './shop.ts';

describe('shop rules', () => {
  const now = new Date('2026-11-24T03:00:00Z');
  it('sale state follows the window', () => {
    expect(saleStateOf({ openAt: null }, now)).toBe('scheduled');
    expect(saleStateOf({ openAt: '2026-11-24T03:00:01Z' }, now)).toBe('scheduled');
    expect(saleStateOf({ openAt: '2026-11-24T03:00:00Z' }, now)).toBe('on_sale');
    expect(saleStateOf({ openAt: '2026-11-01T00:00:00Z', closeAt: '2026-11-24T03:00:00Z' }, now)).toBe(
      'ended',
    );
    expect(saleStateOf({ openAt: '2026-11-01T00:00:00Z', closeAt: '2026-11-24T03:00:01Z' }, now)).toBe(
      'on_sale',
    );
  });
  it('stock labels: sold out, low at or below the threshold, 0 turns low off', () => {
    expect(stockLabelOf({ stockLimited: false, lowStockThreshold: 5 })).toBeNull();
    expect(stockLabelOf({ stockLimited: true, remaining: 0, lowStockThreshold: 5 })).toBe('sold_out');
    expect(stockLabelOf({ stockLimited: true, remaining: 5, lowStockThreshold: 5 })).toBe('low');
    expect(stockLabelOf({ stockLimited: true, remaining: 6, lowStockThreshold: 5 })).toBe('plenty');
    expect(stockLabelOf({ stockLimited: true, remaining: 1, lowStockThreshold: 0 })).toBe('plenty');
  });
  it('the shelf lists published public items, pinned first, newest first', () => {
    const base = {
      creatorId: 'c1',
      status: 'published' as const,
      isPublic: true,
      pinned: false,
      createdAt: '2026-01-01T00:00:00Z',
    };
    expect(shelfOf({ ...base, status: 'draft' }).shelf).toBe('hidden#c1');
    expect(shelfOf({ ...base, isPublic: false }).shelf).toBe('hidden#c1');
    expect(shelfOf({ ...base, deletedAt: '2026-02-01T00:00:00Z' }).shelf).toBe('hidden#c1');
    const older = shelfOf({ ...base, publishedAt: '2026-01-02T00:00:00Z' }).shelfSort;
    const newer = shelfOf({ ...base, publishedAt: '2026-03-02T00:00:00Z' }).shelfSort;
    const pinned = shelfOf({ ...base, pinned: true, pinnedAt: '2025-01-01T00:00:00Z' }).shelfSort;
    expect([older, newer, pinned].sort()).toEqual([pinned, newer, older]);
  });
});
