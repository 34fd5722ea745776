/**
 * The transfer date of a withdrawal request (DECISIONS.md "Withdrawals"): a request made on a JST
 * date up to the cut-off day (`withdrawal.cutoffDay`, the 25th) is transferred on the transfer day
 * (`withdrawal.transferDay`, the 10th) of the next month, a later one on that day of the month
 * after. A transfer day on a Saturday, Sunday or Japanese public holiday moves to the previous
 * business day. The holidays come from `@holiday-jp/holiday_jp` (a maintained data set: keep the
 * dependency current), never from a hand-typed list. Server-side only: the web reads the date
 * from the API (`withdrawalHistoryResponse.transfer_date`), so the data set stays out of the site.
 */
import holidayJp from '@holiday-jp/holiday_jp';
import { businessConfig } from './config.ts';
import { addDays, jstDate } from './time.ts';

/** A calendar date (YYYY-MM-DD) is a Japanese public holiday (substitute and national holidays included). */
const HOLIDAYS: Readonly<Record<string, unknown>> = holidayJp.holidays;

export const isJapaneseHoliday = (date: string): boolean => Object.hasOwn(HOLIDAYS, date);

/** Neither a weekend day nor a Japanese public holiday. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isJapaneseHoliday(date);
}

/** The last year the holiday data set covers (it is published years ahead). */
const LAST_YEAR = String(Math.max(...Object.keys(HOLIDAYS).map((d) => Number(d.slice(0, 4)))));

/**
 * The date itself when it is a business day, else the nearest business day before it. A date past
 * the data set is refused (an outdated dependency must not turn holidays into business days).
 */
export function previousBusinessDay(date: string): string {
  if (date.slice(0, 4) > LAST_YEAR)
    throw new Error(`@holiday-jp/holiday_jp covers holidays up to ${LAST_YEAR}, not ${date}: update it`);
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/** The JST transfer date (YYYY-MM-DD) of a request (or re-request) made at `requestedAt`. */
export function transferDateOf(
  requestedAt: Date,
  rule: { cutoffDay: number; transferDay: number } = businessConfig.withdrawal,
): string {
  const [year, month, day] = jstDate(requestedAt).split('-').map(Number) as [number, number, number];
  const monthsAhead = day <= rule.cutoffDay ? 1 : 2;
  const target = new Date(Date.UTC(year, month - 1 + monthsAhead, rule.transferDay));
  return previousBusinessDay(target.toISOString().slice(0, 10));
}
