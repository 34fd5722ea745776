import type { Language } from '@app/shared/config';
import type { Month } from './api/incomes.ts';

const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-US' };

/** 2026年5月 / May 2026. */
export function formatMonth(lang: Language, m: Month, month: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locales[lang], { year: 'numeric', month, timeZone: 'UTC' }).format(
    new Date(Date.UTC(m.year, m.month - 1, 1)),
  );
}

/** 5月 / May: a chart's axis label. */
export function formatMonthShort(lang: Language, m: Month): string {
  return new Intl.DateTimeFormat(locales[lang], { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(m.year, m.month - 1, 1)),
  );
}

/** The month `delta` months from `m`. */
export function shiftMonth(m: Month, delta: number): Month {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** 'YYYY-MM' of a month (the statement's path segment). */
export const ymOf = (m: Month): string => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** A statement path's 'YYYY-MM', or null when it is not one. */
export function monthOfYm(ym: string | undefined): Month | null {
  const match = /^(20\d{2})-(0[1-9]|1[0-2])$/.exec(ym ?? '');
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}
