import type { Language } from '@app/shared/config';

const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-US' };

/** A JST calendar date (YYYY-MM-DD) as a short label: 11/24 / Nov 24. */
export function formatDay(lang: Language, day: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    month: lang === 'ja' ? 'numeric' : 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A JST calendar date in full: 2026年11月24日 / Nov 24, 2026. */
export function formatFullDay(lang: Language, day: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    year: 'numeric',
    month: lang === 'ja' ? 'long' : 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
