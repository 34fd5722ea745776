import { businessConfig, type Language } from '@app/shared/config';

const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-US' };

/** An instant as operators read it, in JST: "2026/11/24 18:05", "11/24/2026, 6:05 PM". */
export function formatInstant(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: businessConfig.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}
