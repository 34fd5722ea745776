import { afterEach, describe, expect, it } from 'vitest';
import { planCart, planPoints, saveFlow, shortfallStorePath, takeFlow } from './purchase-plan.ts';

describe('planPoints', () => {
  it('spends mushrooms only unless original points are opted in', () => {
    expect(planPoints({ points: 100, mushroom: 150, original: 80, useOriginal: false })).toEqual({
      fromOriginal: 0,
      fromMushroom: 100,
      shortfall: 0,
      mushroomAfter: 50,
      originalAfter: 80,
    });
  });
  it('spends the original points first, then mushrooms', () => {
    expect(planPoints({ points: 100, mushroom: 150, original: 80, useOriginal: true })).toEqual({
      fromOriginal: 80,
      fromMushroom: 20,
      shortfall: 0,
      mushroomAfter: 130,
      originalAfter: 0,
    });
    expect(planPoints({ points: 50, mushroom: 0, original: 80, useOriginal: true }).originalAfter).toBe(30);
  });
  it('gives the shortfall in mushrooms', () => {
    expect(planPoints({ points: 100, mushroom: 30, original: 20, useOriginal: true })).toMatchObject({
      shortfall: 50,
      mushroomAfter: 0,
    });
    expect(planPoints({ points: 100, mushroom: 30, original: 20, useOriginal: false }).shortfall).toBe(70);
  });
});

describe('the shortfall round trip', () => {
  afterEach(() => sessionStorage.clear());
  it('names the store with the amount and the way back', () => {
    expect(shortfallStorePath(37, '/shop/item/01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBe(
      '/store?amount=37&next=%2Fshop%2Fitem%2F01ARZ3NDEKTSV4RRFFQ69G5FAV',
    );
  });
  it('keeps the flow for its own item, once', () => {
    saveFlow('A', { quantity: 3, useOriginal: true, agreed: true });
    expect(takeFlow('B')).toBeNull();
    saveFlow('A', { quantity: 3, useOriginal: true, agreed: true });
    expect(takeFlow('A')).toEqual({ quantity: 3, useOriginal: true, agreed: true });
    expect(takeFlow('A')).toBeNull();
  });
  it('ignores a damaged entry', () => {
    sessionStorage.setItem('shop_purchase_flow', '{"itemId":"A","quantity":0}');
    expect(takeFlow('A')).toBeNull();
    sessionStorage.setItem('shop_purchase_flow', 'not json');
    expect(takeFlow('A')).toBeNull();
  });
});

describe('planCart', () => {
  it("pays each creator's lines with that creator's original points only, then mushrooms", () => {
    const lines = [
      { creatorId: 'a', points: 30 },
      { creatorId: 'b', points: 50 },
      { creatorId: 'a', points: 20 },
    ];
    expect(planCart({ lines, mushroom: 100, original: { a: 80, b: 10 }, useOriginal: true })).toEqual({
      fromOriginal: 60,
      fromMushroom: 40,
      shortfall: 0,
      mushroomAfter: 60,
      originalAfter: 30,
    });
    expect(planCart({ lines, mushroom: 60, original: { a: 80, b: 10 }, useOriginal: false })).toMatchObject({
      fromOriginal: 0,
      shortfall: 40,
    });
  });
});
