import { describe, expect, it } from 'vitest';
import { formatMonth, formatMonthShort, monthOfYm, shiftMonth, ymOf } from './format.ts';

describe('income months', () => {
  it('moves across year ends both ways', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -11)).toEqual({ year: 2025, month: 6 });
  });

  it('reads and writes the statement path month, refusing anything else', () => {
    expect(monthOfYm('2026-04')).toEqual({ year: 2026, month: 4 });
    expect(ymOf({ year: 2026, month: 4 })).toBe('2026-04');
    for (const bad of ['2026-13', '2026-00', '2026-4', '1999-01', 'x', undefined])
      expect(monthOfYm(bad)).toBeNull();
  });

  it('names months in the reader language', () => {
    expect(formatMonth('ja', { year: 2026, month: 4 })).toBe('2026年4月');
    expect(formatMonth('en', { year: 2026, month: 4 })).toBe('April 2026');
    expect(formatMonthShort('ja', { year: 2026, month: 12 })).toBe('12月');
    expect(formatMonthShort('en', { year: 2026, month: 12 })).toBe('Dec');
  });
});
