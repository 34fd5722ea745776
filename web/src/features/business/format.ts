import { businessConfig, type Language } from '@app/shared/config';

const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-US' };

/** A JST calendar date (YYYY-MM-DD) as people read it: "2026年11月24日(火)", "Tue, Nov 24, 2026". */
export function formatJstDate(lang: Language, date: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: businessConfig.timeZone,
    year: 'numeric',
    month: lang === 'ja' ? 'long' : 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(new Date(`${date}T00:00:00+09:00`));
}
