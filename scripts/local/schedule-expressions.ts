/**
 * EventBridge Scheduler expressions: at(yyyy-mm-ddThh:mm:ss), rate(n unit), cron(min hour dom month
 * dow year) with *, ?, lists, ranges, steps, names, L (last day of month) and d#n (nth weekday),
 * evaluated in the schedule's time zone.
 */

export type ScheduleExpression =
  | { kind: 'at'; wall: WallTime }
  | { kind: 'rate'; everyMs: number }
  | { kind: 'cron'; cron: Cron };

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

interface Cron {
  minutes: number[];
  hours: number[];
  /** null = '?' */
  daysOfMonth: { values: Set<number>; last: boolean } | null;
  months: Set<number>;
  /** 0 = Sunday. null = '?' */
  daysOfWeek: { values: Set<number>; nth: { weekday: number; n: number } | null } | null;
  years: Set<number> | null;
}

export class ExpressionError extends Error {}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export function parseExpression(expression: string): ScheduleExpression {
  const at = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/.exec(expression.trim());
  if (at) {
    const [year, month, day, hour, minute, second] = at.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
      throw new ExpressionError(`Invalid date in ${expression}`);
    }
    return { kind: 'at', wall: { year, month, day, hour, minute, second } };
  }
  const rate = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (rate) {
    const value = Number(rate[1]);
    const unit = rate[2] as string;
    if (value < 1) throw new ExpressionError('rate() needs a positive value');
    if ((value === 1) !== !unit.endsWith('s'))
      throw new ExpressionError(`Use "${value} ${unit.replace(/s$/, '')}${value === 1 ? '' : 's'}"`);
    const unitMs = unit.startsWith('minute') ? 60_000 : unit.startsWith('hour') ? 3_600_000 : 86_400_000;
    return { kind: 'rate', everyMs: value * unitMs };
  }
  const cron = /^cron\((.+)\)$/.exec(expression.trim());
  if (cron) return { kind: 'cron', cron: parseCron(cron[1] as string) };
  throw new ExpressionError(`Invalid Schedule Expression ${expression}.`);
}

function parseField(
  field: string,
  min: number,
  max: number,
  names: string[] = [],
  nameBase = min,
): Set<number> {
  const values = new Set<number>();
  const value = (token: string) => {
    const index = names.indexOf(token.toUpperCase());
    const n = index >= 0 ? index + nameBase : Number(token);
    if (!Number.isInteger(n) || n < min || n > max) throw new ExpressionError(`Invalid cron value ${token}`);
    return n;
  };
  for (const part of field.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new ExpressionError(`Invalid cron step in ${part}`);
    let from: number;
    let to: number;
    if (range === '*') {
      from = min;
      to = max;
    } else if (range?.includes('-')) {
      const [a, b] = range.split('-');
      from = value(a ?? '');
      to = value(b ?? '');
    } else {
      from = value(range ?? '');
      to = stepText === undefined ? from : max;
    }
    for (let n = from; n <= to; n += step) values.add(n);
  }
  return values;
}

function parseCron(body: string): Cron {
  const fields = body.trim().split(/\s+/);
  if (fields.length !== 6)
    throw new ExpressionError('cron() needs 6 fields: minutes hours day-of-month month day-of-week year');
  const [min, hour, dom, month, dow, year] = fields as [string, string, string, string, string, string];
  if ((dom === '?') === (dow === '?')) {
    throw new ExpressionError('cron(): exactly one of day-of-month and day-of-week must be ?');
  }
  let daysOfMonth: Cron['daysOfMonth'] = null;
  if (dom !== '?') {
    if (dom.includes('W')) throw new ExpressionError('cron(): W is not supported by the local scheduler');
    daysOfMonth =
      dom === 'L' ? { values: new Set(), last: true } : { values: parseField(dom, 1, 31), last: false };
  }
  let daysOfWeek: Cron['daysOfWeek'] = null;
  if (dow !== '?') {
    const nth = /^(\w+)#([1-5])$/.exec(dow);
    if (nth) {
      const weekday = [...parseField(nth[1] as string, 1, 7, DAYS, 1)][0] as number;
      daysOfWeek = { values: new Set(), nth: { weekday: weekday - 1, n: Number(nth[2]) } };
    } else {
      const normalized = dow === 'L' ? '7' : dow;
      daysOfWeek = {
        values: new Set([...parseField(normalized, 1, 7, DAYS, 1)].map((d) => d - 1)),
        nth: null,
      };
    }
  }
  return {
    minutes: [...parseField(min, 0, 59)].sort((a, b) => a - b),
    hours: [...parseField(hour, 0, 23)].sort((a, b) => a - b),
    daysOfMonth,
    months: parseField(month, 1, 12, MONTHS, 1),
    daysOfWeek,
    years: year === '*' ? null : parseField(year, 1970, 2199),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for an unknown time zone. */
export function wallTimeOf(instant: number, timeZone: string): WallTime {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: parts.hour as number,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The instant at which the clocks of `timeZone` show `wall`. */
export function instantOf(wall: WallTime, timeZone: string): number {
  const guess = asUtc(wall);
  let instant = guess - (asUtc(wallTimeOf(guess, timeZone)) - guess);
  const offset = asUtc(wallTimeOf(instant, timeZone)) - instant;
  instant = guess - offset;
  return instant;
}

function dayMatches(cron: Cron, year: number, month: number, day: number): boolean {
  if (cron.years && !cron.years.has(year)) return false;
  if (!cron.months.has(month)) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (cron.daysOfMonth) {
    return cron.daysOfMonth.last ? day === daysInMonth : cron.daysOfMonth.values.has(day);
  }
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const dow = cron.daysOfWeek;
  if (!dow) return false;
  if (dow.nth) return weekday === dow.nth.weekday && Math.ceil(day / 7) === dow.nth.n;
  return dow.values.has(weekday);
}

/** The first cron instant strictly after `after`, or null within the next 10 years. */
export function nextCron(cron: Cron, after: number, timeZone: string): number | null {
  const start = wallTimeOf(after, timeZone);
  const cursor = new Date(Date.UTC(start.year, start.month - 1, start.day));
  for (let i = 0; i < 366 * 10; i++, cursor.setUTCDate(cursor.getUTCDate() + 1)) {
    const year = cursor.getUTCFullYear();
    const month = cursor.getUTCMonth() + 1;
    const day = cursor.getUTCDate();
    if (!dayMatches(cron, year, month, day)) continue;
    for (const hour of cron.hours) {
      for (const minute of cron.minutes) {
        const instant = instantOf({ year, month, day, hour, minute, second: 0 }, timeZone);
        if (instant > after) return instant;
      }
    }
  }
  return null;
}

/** Next fire time strictly after `after` (ms), honouring the start/end window; null = never again. */
export function nextFire(
  expression: ScheduleExpression,
  opts: { after: number; timeZone: string; start?: number; end?: number; createdAt: number },
): number | null {
  const after = Math.max(opts.after, (opts.start ?? 0) - 1);
  let next: number | null;
  switch (expression.kind) {
    case 'at': {
      const at = instantOf(expression.wall, opts.timeZone);
      next = at > opts.after ? at : null;
      break;
    }
    case 'rate': {
      const origin = opts.start ?? opts.createdAt;
      const periods = Math.floor((after - origin) / expression.everyMs) + 1;
      next = origin + Math.max(1, periods) * expression.everyMs;
      break;
    }
    case 'cron':
      next = nextCron(expression.cron, after, opts.timeZone);
      break;
  }
  if (next !== null && opts.end !== undefined && next > opts.end) return null;
  return next;
}
