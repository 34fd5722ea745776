/** Instants and points as the console shows them: Japan time, whatever the browser's zone. */
import type { Language } from '@app/shared/config';

const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-GB' };

/** 2026/11/24 18:05 (JST). */
export function formatInstant(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(iso));
}

export const formatPoints = (lang: Language, n: number) => new Intl.NumberFormat(locales[lang]).format(n);
