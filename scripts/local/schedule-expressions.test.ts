import { describe, expect, it } from 'vitest';
import { instantOf, nextFire, parseExpression } from './schedule-expressions.ts';

const at = (iso: string) => Date.parse(iso);
const next = (expression: string, afterIso: string, timeZone = 'UTC') => {
  const result = nextFire(parseExpression(expression), {
    after: at(afterIso),
    timeZone,
    createdAt: at(afterIso),
  });
  return result === null ? null : new Date(result).toISOString();
};

describe('schedule expressions', () => {
  it('reads at() in the schedule time zone', () => {
    const parsed = parseExpression('at(2030-04-01T09:30:00)');
    if (parsed.kind !== 'at') throw new Error('expected at');
    expect(new Date(instantOf(parsed.wall, 'Asia/Tokyo')).toISOString()).toBe('2030-04-01T00:30:00.000Z');
    expect(new Date(instantOf(parsed.wall, 'UTC')).toISOString()).toBe('2030-04-01T09:30:00.000Z');
  });

  it('finds the next cron occurrence in Asia/Tokyo', () => {
    expect(next('cron(0 9 * * ? *)', '2030-04-01T00:30:00Z', 'Asia/Tokyo')).toBe('2030-04-02T00:00:00.000Z');
    expect(next('cron(0 9 * * ? *)', '2030-03-31T23:59:00Z', 'Asia/Tokyo')).toBe('2030-04-01T00:00:00.000Z');
    // 00:05 JST on the 1st of every month
    expect(next('cron(5 0 1 * ? *)', '2030-04-15T00:00:00Z', 'Asia/Tokyo')).toBe('2030-04-30T15:05:00.000Z');
  });

  it('handles steps, weekdays by name, L and #', () => {
    expect(next('cron(0/15 * * * ? *)', '2030-01-01T10:07:00Z')).toBe('2030-01-01T10:15:00.000Z');
    // 2030-01-01 is a Tuesday; next Monday 10:00
    expect(next('cron(0 10 ? * MON *)', '2030-01-01T00:00:00Z')).toBe('2030-01-07T10:00:00.000Z');
    expect(next('cron(0 12 L * ? *)', '2030-02-03T00:00:00Z')).toBe('2030-02-28T12:00:00.000Z');
    // second Friday (6#2) of January 2030 = the 11th
    expect(next('cron(0 8 ? * 6#2 *)', '2030-01-01T00:00:00Z')).toBe('2030-01-11T08:00:00.000Z');
    expect(next('cron(0 8 1 1 ? 2029)', '2030-01-01T00:00:00Z')).toBeNull();
  });

  it('counts rate() from creation', () => {
    expect(next('rate(5 minutes)', '2030-01-01T00:00:00Z')).toBe('2030-01-01T00:05:00.000Z');
    expect(() => parseExpression('rate(1 minutes)')).toThrow();
    expect(() => parseExpression('cron(0 9 * * * *)')).toThrow('exactly one');
    expect(() => parseExpression('every day')).toThrow();
  });
});
