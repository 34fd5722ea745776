import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DeliveryWindow,
  firstStepAt,
  inWindow,
  isValidWindow,
  jstHour,
  nextStepAt,
  reserveTimeRefusal,
  triggerNeedsHours,
  WHOLE_DAY,
  windowOpenAt,
} from './broadcasts.ts';

const HOUR = 3_600_000;
const jst = (s: string) => new Date(`${s}+09:00`);
const iso = (d: Date) => d.toISOString();

/** The reference model: the JST hour from the platform's time-zone data, the window as a set of hours. */
const tokyoHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  hourCycle: 'h23',
});
const refHour = (d: Date) => Number(tokyoHour.format(d));
function refHours(w: DeliveryWindow): Set<number> {
  const hours = new Set<number>();
  for (let h = w.start; h !== w.end % 24 || hours.size === 0; h = (h + 1) % 24) hours.add(h);
  return hours;
}
const refInWindow = (d: Date, w: DeliveryWindow) => refHours(w).has(refHour(d));
/** The instant itself when inside, else the first whole hour after it that is inside. */
function refOpenAt(d: Date, w: DeliveryWindow): Date {
  if (refInWindow(d, w)) return d;
  let t = Math.floor(d.getTime() / HOUR) * HOUR + HOUR;
  while (!refInWindow(new Date(t), w)) t += HOUR;
  return new Date(t);
}

const windows = fc
  .record({ start: fc.integer({ min: 0, max: 23 }), end: fc.integer({ min: 1, max: 24 }) })
  .filter((w) => w.start !== w.end);
/** Instants from 2020 to 2040, to the millisecond. */
const instants = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }).map((t) => new Date(t));

describe('delivery windows (whole JST hours)', () => {
  it('keeps an instant inside the window and moves one outside to the next start', () => {
    const day = { start: 10, end: 21 };
    expect(iso(windowOpenAt(jst('2026-03-10T12:34:56'), day))).toBe(iso(jst('2026-03-10T12:34:56')));
    expect(iso(windowOpenAt(jst('2026-03-10T09:59:59'), day))).toBe(iso(jst('2026-03-10T10:00:00')));
    expect(iso(windowOpenAt(jst('2026-03-10T20:59:59'), day))).toBe(iso(jst('2026-03-10T20:59:59')));
    // The end hour is not included: 21:00 waits for tomorrow's 10:00, across midnight.
    expect(iso(windowOpenAt(jst('2026-03-10T21:00:00'), day))).toBe(iso(jst('2026-03-11T10:00:00')));
    expect(iso(windowOpenAt(jst('2026-03-10T23:30:00'), day))).toBe(iso(jst('2026-03-11T10:00:00')));
    // Across a month's and a year's end.
    expect(iso(windowOpenAt(jst('2026-12-31T22:00:00'), day))).toBe(iso(jst('2027-01-01T10:00:00')));
  });

  it('wraps over midnight (22 to 6)', () => {
    const night = { start: 22, end: 6 };
    expect(inWindow(jst('2026-05-01T23:30:00'), night)).toBe(true);
    expect(inWindow(jst('2026-05-01T00:00:00'), night)).toBe(true);
    expect(inWindow(jst('2026-05-01T05:59:59'), night)).toBe(true);
    expect(inWindow(jst('2026-05-01T06:00:00'), night)).toBe(false);
    expect(inWindow(jst('2026-05-01T21:59:59'), night)).toBe(false);
    expect(iso(windowOpenAt(jst('2026-05-01T06:00:00'), night))).toBe(iso(jst('2026-05-01T22:00:00')));
    expect(iso(windowOpenAt(jst('2026-05-01T12:00:00'), night))).toBe(iso(jst('2026-05-01T22:00:00')));
    expect(iso(windowOpenAt(jst('2026-05-01T02:00:00'), night))).toBe(iso(jst('2026-05-01T02:00:00')));
  });

  it('takes 0 to 24 as the whole day', () => {
    expect(WHOLE_DAY).toEqual({ start: 0, end: 24 });
    for (let h = 0; h < 24; h++) {
      const at = new Date(jst('2026-07-07T00:00:00').getTime() + h * HOUR + 59 * 60_000);
      expect(inWindow(at, WHOLE_DAY)).toBe(true);
      expect(windowOpenAt(at, WHOLE_DAY)).toBe(at);
    }
    // 23 to 24 is the last hour of the day only.
    expect(iso(windowOpenAt(jst('2026-07-07T00:10:00'), { start: 23, end: 24 }))).toBe(
      iso(jst('2026-07-07T23:00:00')),
    );
  });

  it('reads JST as UTC+9 all year (no daylight saving time)', () => {
    for (let month = 0; month < 12; month++) {
      // 15:00 UTC is 00:00 the next day in Tokyo, in winter and in summer alike.
      expect(jstHour(new Date(Date.UTC(2026, month, 15, 15, 0)))).toBe(0);
      expect(jstHour(new Date(Date.UTC(2026, month, 15, 14, 59)))).toBe(23);
    }
    // The nights when Europe and America change their clocks change nothing in Tokyo.
    expect(iso(windowOpenAt(new Date('2026-03-29T00:30:00Z'), { start: 10, end: 21 }))).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(iso(windowOpenAt(new Date('2026-11-01T12:00:00Z'), { start: 10, end: 21 }))).toBe(
      '2026-11-02T01:00:00.000Z',
    );
  });

  it('validates windows of whole hours', () => {
    expect(isValidWindow({ start: 10, end: 21 })).toBe(true);
    expect(isValidWindow({ start: 22, end: 6 })).toBe(true);
    expect(isValidWindow(WHOLE_DAY)).toBe(true);
    expect(isValidWindow({ start: 10, end: 10 })).toBe(false);
    expect(isValidWindow({ start: 24, end: 6 })).toBe(false);
    expect(isValidWindow({ start: 0, end: 0 })).toBe(false);
    expect(isValidWindow({ start: 1.5, end: 6 })).toBe(false);
    expect(isValidWindow({ start: -1, end: 6 })).toBe(false);
    expect(isValidWindow({ start: 3, end: 25 })).toBe(false);
  });

  it('agrees with the reference model for any window and instant', () => {
    fc.assert(
      fc.property(windows, instants, (w, at) => {
        expect(inWindow(at, w)).toBe(refInWindow(at, w));
        const open = windowOpenAt(at, w);
        expect(iso(open)).toBe(iso(refOpenAt(at, w)));
        expect(open.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(open.getTime() - at.getTime()).toBeLessThan(24 * HOUR);
        expect(inWindow(open, w)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a trigger’s steps', () => {
  it('sends the first chat at the event, or at the next window start', () => {
    const day = { start: 10, end: 21 };
    expect(iso(firstStepAt(jst('2026-04-01T15:00:00'), day))).toBe(iso(jst('2026-04-01T15:00:00')));
    expect(iso(firstStepAt(jst('2026-04-01T03:00:00'), day))).toBe(iso(jst('2026-04-01T10:00:00')));
  });

  it('sends the next chat `interval hours` later, moved into the window (across midnight)', () => {
    const day = { start: 10, end: 21 };
    expect(iso(nextStepAt(jst('2026-04-01T15:00:00'), 2, day))).toBe(iso(jst('2026-04-01T17:00:00')));
    // 20:00 + 3 h is 23:00: tomorrow at 10:00.
    expect(iso(nextStepAt(jst('2026-04-01T20:00:00'), 3, day))).toBe(iso(jst('2026-04-02T10:00:00')));
    expect(iso(nextStepAt(jst('2026-04-01T10:00:00'), 24, day))).toBe(iso(jst('2026-04-02T10:00:00')));
    // 22 to 6: 05:30 + 1 h is 06:30, outside: 22:00 the same day.
    expect(iso(nextStepAt(jst('2026-04-01T05:30:00'), 1, { start: 22, end: 6 }))).toBe(
      iso(jst('2026-04-01T22:00:00')),
    );
    // 720 hours (30 days) inside the whole day.
    expect(iso(nextStepAt(jst('2026-04-01T05:30:00'), 720, WHOLE_DAY))).toBe(iso(jst('2026-05-01T05:30:00')));
  });

  it('never sends two chats closer than the interval, and always inside the window', () => {
    fc.assert(
      fc.property(windows, instants, fc.integer({ min: 1, max: 720 }), (w, prev, hours) => {
        const next = nextStepAt(prev, hours, w);
        expect(next.getTime()).toBeGreaterThanOrEqual(prev.getTime() + hours * HOUR);
        expect(inWindow(next, w)).toBe(true);
        expect(iso(next)).toBe(iso(refOpenAt(new Date(prev.getTime() + hours * HOUR), w)));
      }),
      { numRuns: 1000 },
    );
  });

  it('takes hours for conditions 4 and 5 only', () => {
    expect([1, 2, 3, 4, 5, 6].filter((c) => triggerNeedsHours(c as 1))).toEqual([4, 5]);
  });
});

describe('a scheduled broadcast’s time', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('is refused in the past, closer than 5 minutes and further than 90 days', () => {
    expect(reserveTimeRefusal(new Date('2026-05-31T23:59:59Z'), now)).toBe('past');
    expect(reserveTimeRefusal(now, now)).toBe('past');
    expect(reserveTimeRefusal(new Date('2026-06-01T00:04:59Z'), now)).toBe('too_soon');
    expect(reserveTimeRefusal(new Date('2026-06-01T00:05:00Z'), now)).toBeNull();
    expect(reserveTimeRefusal(new Date('2026-08-30T00:00:00Z'), now)).toBeNull();
    expect(reserveTimeRefusal(new Date('2026-08-30T00:00:01Z'), now)).toBe('too_far');
    expect(reserveTimeRefusal(new Date('not a date'), now)).toBe('past');
  });
});
