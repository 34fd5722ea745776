import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, pointSign, signedPoints } from './format.ts';

describe('point formatting', () => {
  it('signs consumption and expiration minus, purchase and grant plus', () => {
    expect([1, 2, 3, 4].map((type) => pointSign(type as 1 | 2 | 3 | 4))).toEqual([-1, -1, 1, 1]);
    expect(signedPoints('ja', 1, 1200)).toBe('−1,200');
    expect(signedPoints('en', 3, 50)).toBe('+50');
  });

  it('shows dates and times in Japan time whatever the device zone', () => {
    // 2026-11-21 23:30 UTC is 2026-11-22 08:30 in Tokyo.
    expect(formatDateTime('ja', '2026-11-21T23:30:00.000Z')).toBe('2026/11/22 08:30');
    expect(formatDateTime('en', '2026-11-21T23:30:00.000Z')).toBe('Nov 22, 2026, 08:30');
    expect(formatDate('ja', '2027-05-20T15:00:00.000Z')).toBe('2027年5月21日');
    expect(formatDate('en', '2027-05-20T15:00:00.000Z')).toBe('May 21, 2027');
  });

  it('groups thousands', () => {
    expect(formatNumber('ja', 100000)).toBe('100,000');
  });
});
