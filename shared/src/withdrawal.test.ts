import { describe, expect, test } from 'vitest';
import { isBusinessDay, isJapaneseHoliday, previousBusinessDay, transferDateOf } from './withdrawal.ts';

/** A JST wall-clock time as an instant. */
const jst = (dateTime: string) => new Date(`${dateTime}+09:00`);

/**
 * The transfer date of a request made in each month of 2026 and 2027, on or before the 25th
 * (the 10th of the next month) and after it (the 10th of the month after), worked out from a
 * calendar: a 10th on a weekend or public holiday moves to the business day before.
 */
const EXPECTED: Record<string, string> = {
  '2026-02': '2026-02-10', // Tue
  '2026-03': '2026-03-10', // Tue
  '2026-04': '2026-04-10', // Fri
  '2026-05': '2026-05-08', // Sun 10th -> Sat -> Fri 8th (Golden Week ended on Wed 6th)
  '2026-06': '2026-06-10', // Wed
  '2026-07': '2026-07-10', // Fri
  '2026-08': '2026-08-10', // Mon (Mountain Day is the 11th)
  '2026-09': '2026-09-10', // Thu
  '2026-10': '2026-10-09', // Sat 10th -> Fri 9th (Sports Day is Mon 12th)
  '2026-11': '2026-11-10', // Tue
  '2026-12': '2026-12-10', // Thu
  '2027-01': '2027-01-08', // Sun 10th -> Sat -> Fri 8th (Coming of Age Day is Mon 11th)
  '2027-02': '2027-02-10', // Wed
  '2027-03': '2027-03-10', // Wed
  '2027-04': '2027-04-09', // Sat 10th -> Fri 9th
  '2027-05': '2027-05-10', // Mon (Golden Week ended on Wed 5th)
  '2027-06': '2027-06-10', // Thu
  '2027-07': '2027-07-09', // Sat 10th -> Fri 9th
  '2027-08': '2027-08-10', // Tue
  '2027-09': '2027-09-10', // Fri
  '2027-10': '2027-10-08', // Sun 10th -> Sat -> Fri 8th (Sports Day is Mon 11th)
  '2027-11': '2027-11-10', // Wed
  '2027-12': '2027-12-10', // Fri
  '2028-01': '2028-01-07', // Mon 10th is Coming of Age Day -> Sun -> Sat -> Fri 7th
  '2028-02': '2028-02-10', // Thu
};

const monthAfter = (ym: string, n: number) => {
  const d = new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

const requestMonths = Array.from({ length: 24 }, (_, i) => monthAfter('2026-01', i));

describe('transferDateOf', () => {
  test.each(requestMonths)(
    'a request in %s: the 1st and the 25th go to the next cycle, the 26th to the one after',
    (ym) => {
      expect(transferDateOf(jst(`${ym}-01T00:00:00`))).toBe(EXPECTED[monthAfter(ym, 1)]);
      expect(transferDateOf(jst(`${ym}-25T23:59:59`))).toBe(EXPECTED[monthAfter(ym, 1)]);
      expect(transferDateOf(jst(`${ym}-26T00:00:00`))).toBe(EXPECTED[monthAfter(ym, 2)]);
    },
  );

  test('the cut-off is the JST date, not the UTC one', () => {
    // 2026-04-25 23:30 JST is 14:30 UTC on the 25th; 2026-04-26 08:00 JST is still the 25th in UTC.
    expect(transferDateOf(new Date('2026-04-25T14:30:00Z'))).toBe('2026-05-08');
    expect(transferDateOf(new Date('2026-04-25T23:00:00Z'))).toBe('2026-06-10');
  });

  test('the cut-off and transfer days are parameters (configuration)', () => {
    expect(transferDateOf(jst('2026-04-21T12:00:00'), { cutoffDay: 20, transferDay: 10 })).toBe('2026-06-10');
    expect(transferDateOf(jst('2026-04-20T12:00:00'), { cutoffDay: 20, transferDay: 15 })).toBe('2026-05-15');
  });
});

describe('business days', () => {
  test('public holidays from the data set: substitute and in-between holidays included', () => {
    for (const day of [
      '2026-01-01',
      '2026-01-12',
      '2026-05-06',
      '2026-09-22',
      '2027-01-11',
      '2027-03-21',
      '2027-03-22',
      '2028-01-10',
    ])
      expect(isJapaneseHoliday(day), day).toBe(true);
    for (const day of ['2026-05-07', '2026-12-31', '2027-01-08', '2027-03-23'])
      expect(isJapaneseHoliday(day), day).toBe(false);
  });

  test('weekends and holidays are not business days', () => {
    expect(isBusinessDay('2026-05-08')).toBe(true);
    expect(isBusinessDay('2026-05-09')).toBe(false); // Sat
    expect(isBusinessDay('2026-05-10')).toBe(false); // Sun
    expect(isBusinessDay('2026-05-04')).toBe(false); // Greenery Day (Mon)
  });

  test('the previous business day walks back over Golden Week and the New Year holidays', () => {
    expect(previousBusinessDay('2026-05-06')).toBe('2026-05-01');
    expect(previousBusinessDay('2027-05-05')).toBe('2027-04-30');
    expect(previousBusinessDay('2027-01-11')).toBe('2027-01-08');
    expect(previousBusinessDay('2027-01-03')).toBe('2026-12-31');
    expect(previousBusinessDay('2026-02-10')).toBe('2026-02-10');
  });

  test('a date past the data set is refused, not treated as free of holidays', () => {
    expect(() => previousBusinessDay('2099-01-10')).toThrow(/holiday_jp/);
  });
});
