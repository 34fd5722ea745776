/**
 * The fan club's rules: renewal dates (month-end clamp), the 24-hour rule, and the access rule of
 * members-only posts against a small reference model over random histories (joins, renewals paid
 * or failed, stops, ends, rejoins, passes, re-view on and off). The model keeps the paid spans
 * themselves and computes renewal dates and covered months its own way (day by day).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoRenewRefusal,
  dueActionOf,
  dueOnOf,
  ended,
  joined,
  type MembershipState,
  passRefusal,
  postLockOf,
  renewalDateAfter,
  renewalFailed,
  renewed,
  stopDeadlineOf,
} from './fanclub.ts';
import { addDays, jstDate, jstMonth } from './time.ts';

const DAY = 86_400_000;
const jst = (date: string, time = '00:00') => new Date(`${date}T${time}:00+09:00`);

describe('renewal dates', () => {
  it('renews on the join day each month, on the last day of a shorter month', () => {
    expect(renewalDateAfter('2026-01-31', 31)).toBe('2026-02-28');
    expect(renewalDateAfter('2026-02-28', 31)).toBe('2026-03-31');
    expect(renewalDateAfter('2028-01-30', 30)).toBe('2028-02-29');
    expect(renewalDateAfter('2026-12-15', 15)).toBe('2027-01-15');
  });

  it('starts a period at the join and ends it with the renewal day (JST)', () => {
    const s = joined(null, jst('2026-11-24', '15:00'));
    expect(s.renewsOn).toBe('2026-12-24');
    expect(s.accessUntil).toBe(jst('2026-12-25').toISOString());
    expect(s.months).toEqual(['2026-11', '2026-12']);
    expect(dueOnOf(s)).toBe('2026-12-24');
  });

  it('lets auto-renewal stop until 24 hours before the renewal day, and past-due retries stop any time', () => {
    const s = joined(null, jst('2026-11-24', '15:00'));
    expect(stopDeadlineOf(s.renewsOn).toISOString()).toBe(jst('2026-12-23').toISOString());
    expect(autoRenewRefusal(s, false, jst('2026-12-22', '23:59'))).toBeNull();
    expect(autoRenewRefusal(s, false, jst('2026-12-23', '00:00'))).toBe('fanclub_auto_renew_locked');
    expect(autoRenewRefusal(s, true, jst('2026-12-23', '12:00'))).toBeNull();
    const failed = renewalFailed(s);
    expect(autoRenewRefusal(failed, false, jst('2026-12-25'))).toBeNull();
    expect(autoRenewRefusal(ended(s), false, jst('2026-12-01'))).toBe('fanclub_not_member');
    expect(autoRenewRefusal(null, false, jst('2026-12-01'))).toBe('fanclub_not_member');
  });

  it('retries a failed renewal on the next days, then ends it', () => {
    let s = joined(null, jst('2026-11-24', '15:00'));
    for (const day of ['2026-12-25', '2026-12-26', '2026-12-27']) {
      s = renewalFailed(s);
      expect(s.status).toBe('past_due');
      expect(dueOnOf(s)).toBe(day);
    }
    s = renewalFailed(s);
    expect(s.status).toBe('ended');
    expect(dueOnOf(s)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The reference model

interface Span {
  stint: number;
  from: number;
  until: number;
}

interface Model {
  /** The join day of the current stint (YYYY-MM-DD) and the charges made in it (k: the k-th period). */
  joinDate: string;
  periods: number;
  stint: number;
  status: 'none' | 'active' | 'past_due' | 'ended';
  autoRenew: boolean;
  failures: number;
  spans: Span[];
  passes: Set<string>;
}

/** The k-th renewal date after a join date: the join day k months later, or that month's last day. */
function refRenewal(joinDate: string, k: number): string {
  const [y, m, d] = joinDate.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + k;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
const endOfDay = (date: string) => jst(addDays(date, 1)).getTime();

const spanMonths = new WeakMap<Span, Set<string>>();
/** The JST months a span touches, found day by day (and its last instant). */
function refMonths(span: Span): Set<string> {
  let months = spanMonths.get(span);
  if (!months) {
    months = new Set<string>();
    for (let t = span.from; t < span.until; t += DAY) months.add(jstMonth(new Date(t)));
    months.add(jstMonth(new Date(span.until - 1)));
    spanMonths.set(span, months);
  }
  return months;
}

const refCurrent = (model: Model, now: number) => {
  const last = model.spans.at(-1);
  return model.status !== 'ended' && model.status !== 'none' && !!last && now < last.until;
};

function refVisible(model: Model, month: string, reView: boolean, now: number): boolean {
  if (model.passes.has(month)) return true;
  if (!refCurrent(model, now)) return false;
  return model.spans.some((s) => (s.stint === model.stint || reView) && refMonths(s).has(month));
}

/** Whether a join now would open `month`: its own period, and what was paid before that it restores. */
function refJoinOpens(model: Model, month: string, reView: boolean, now: number): boolean {
  if (refCurrent(model, now)) return false;
  // A join's period touches the month of its start and those up to its renewal day.
  const today = jstDate(new Date(now));
  const renewal = refRenewal(today, 1);
  if (month >= today.slice(0, 7) && month <= renewal.slice(0, 7)) return true;
  // A past-due member paying again goes on with the stint; otherwise earlier months need re-view.
  return model.spans.some(
    (s) => (reView || (model.status === 'past_due' && s.stint === model.stint)) && refMonths(s).has(month),
  );
}

type Step =
  | { op: 'wait'; days: number; hour: number }
  | { op: 'join' }
  | { op: 'pay'; ok: boolean }
  | { op: 'stop' }
  | { op: 'resume' }
  | { op: 'pass'; back: number }
  | { op: 'reView'; on: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('wait' as const),
      days: fc.integer({ min: 0, max: 45 }),
      hour: fc.integer({ min: 0, max: 23 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ op: 'join' as const }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('pay' as const), ok: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ op: 'stop' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'resume' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('pass' as const), back: fc.integer({ min: 0, max: 6 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reView' as const), on: fc.boolean() }) },
);

/** The JST month `back` months before `now`'s. */
function monthBefore(now: Date, back: number): string {
  const [y, m] = jstMonth(now).split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

describe('the access rule of members-only posts', () => {
  it('agrees with the reference model over random histories', () => {
    const seen = { earlierStint: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * 365 }),
        fc.integer({ min: 0, max: 23 }),
        fc.array(step, { minLength: 1, maxLength: 30 }),
        (startDay, startHour, steps) => {
          let now = jst('2026-01-01').getTime() + startDay * DAY + startHour * 3_600_000;
          let s: MembershipState | null = null;
          let reView = false;
          const model: Model = {
            joinDate: '',
            periods: 0,
            stint: 0,
            status: 'none',
            autoRenew: false,
            failures: 0,
            spans: [],
            passes: new Set(),
          };
          /** The daily job at 00:05 JST of `date`, with the payment's outcome. */
          const runJob = (date: string, pays: boolean) => {
            if (!s) return;
            const due = dueOnOf(s);
            if (!due || due > date) return;
            const action = dueActionOf(s);
            if (action === 'end') {
              s = ended(s);
              model.status = 'ended';
            } else if (action === 'charge') {
              if (pays) {
                s = renewed(s);
                const from = model.spans.at(-1)?.until as number;
                model.periods += 1;
                model.spans.push({
                  stint: model.stint,
                  from,
                  until: endOfDay(refRenewal(model.joinDate, model.periods + 1)),
                });
                model.status = 'active';
                model.failures = 0;
              } else {
                s = renewalFailed(s);
                model.failures += 1;
                model.status = model.failures > 3 ? 'ended' : 'past_due';
                if (model.status === 'ended') model.autoRenew = false;
              }
            }
            expect(s.status).toBe(model.status);
          };
          const check = () => {
            const at = new Date(now);
            for (let back = 0; back <= 8; back++) {
              const month = monthBefore(at, back - 1);
              const viewer = {
                isOwner: false,
                signedIn: true,
                membership: s,
                passMonths: [...model.passes],
                reView,
              };
              const lock = postLockOf({ visibility: 'members', month }, viewer, at);
              const visible = refVisible(model, month, reView, now);
              expect(lock === null, `${month} at ${at.toISOString()}`).toBe(visible);
              if (lock) {
                expect(lock.join, `join ${month} at ${at.toISOString()}`).toBe(
                  refJoinOpens(model, month, reView, now),
                );
                expect(lock.pass, `pass ${month}`).toBe(model.status !== 'none' && back >= 2);
              }
              // Histories that tell re-view apart: a rejoined member with months of an earlier stint.
              if (
                refCurrent(model, now) &&
                !reView &&
                model.spans.some((sp) => sp.stint !== model.stint && refMonths(sp).has(month))
              )
                seen.earlierStint++;
              expect(postLockOf({ visibility: 'public', month }, viewer, at)).toBeNull();
            }
          };
          for (const st of steps) {
            const at = new Date(now);
            if (st.op === 'wait') {
              // Each day passed runs the job (paying when the fan has points: every other day here).
              const target = now + st.days * DAY + st.hour * 3_600_000;
              let day = jstDate(at);
              while (jst(addDays(day, 1), '00:05').getTime() <= target) {
                day = addDays(day, 1);
                now = jst(day, '00:05').getTime();
                runJob(day, Number(day.slice(8)) % 3 === 0);
                check();
              }
              now = target;
            } else if (st.op === 'join') {
              const current = s && s.status !== 'ended' && now < Date.parse(s.accessUntil);
              if (current) continue;
              const prevStatus = model.status;
              s = joined(s, at);
              if (prevStatus !== 'past_due') model.stint += 1;
              model.joinDate = jstDate(at);
              model.periods = 0;
              model.spans.push({
                stint: model.stint,
                from: now,
                until: endOfDay(refRenewal(model.joinDate, 1)),
              });
              model.status = 'active';
              model.autoRenew = true;
              model.failures = 0;
            } else if (st.op === 'pay') {
              runJob(jstDate(at), st.ok);
            } else if (st.op === 'stop' || st.op === 'resume') {
              const want = st.op === 'resume';
              const cur = s as MembershipState | null;
              if (autoRenewRefusal(cur, want, at) === null && cur) {
                s = { ...cur, autoRenew: want };
                model.autoRenew = want;
              }
            } else if (st.op === 'pass') {
              const month = monthBefore(at, st.back);
              const viewer = {
                isOwner: false,
                signedIn: true,
                membership: s,
                passMonths: [...model.passes],
                reView,
              };
              const refused = passRefusal(month, viewer, at);
              const refOk = model.status !== 'none' && st.back > 0 && !refVisible(model, month, reView, now);
              expect(refused === null, `pass ${month}`).toBe(refOk);
              if (refused === null) model.passes.add(month);
            } else {
              reView = st.on;
            }
            check();
          }
        },
      ),
      { numRuns: 100 },
    );
    // The generator must reach the histories where re-view matters.
    expect(seen.earlierStint).toBeGreaterThan(0);
  }, 60_000);

  it('shows everything to the creator and asks guests to log in and join', () => {
    const month = '2026-11';
    const guest = { isOwner: false, signedIn: false, membership: null, passMonths: [], reView: true };
    expect(postLockOf({ visibility: 'members', month }, guest, jst('2026-11-24'))).toEqual({
      join: true,
      pass: false,
    });
    expect(
      postLockOf(
        { visibility: 'members', month },
        { ...guest, isOwner: true, signedIn: true },
        jst('2026-11-24'),
      ),
    ).toBeNull();
  });

  it('tells a lapsed member to rejoin for months re-view opens, or to buy a pass', () => {
    const s = ended(joined(null, jst('2026-09-10', '12:00')));
    const viewer = { isOwner: false, signedIn: true, membership: s, passMonths: [], reView: false };
    const now = jst('2026-11-24');
    expect(postLockOf({ visibility: 'members', month: '2026-09' }, viewer, now)).toEqual({
      join: false,
      pass: true,
    });
    expect(postLockOf({ visibility: 'members', month: '2026-09' }, { ...viewer, reView: true }, now)).toEqual(
      {
        join: true,
        pass: true,
      },
    );
    expect(postLockOf({ visibility: 'members', month: '2026-11' }, viewer, now)).toEqual({
      join: true,
      pass: false,
    });
  });
});
