import type { Language } from '@app/shared/config';

const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-US' };

/** A calendar month: 2026年10月 / October 2026. */
export function formatMonth(lang: Language, year: number, month: number): string {
  return new Intl.DateTimeFormat(locales[lang], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** Yen: 3,000円 / ¥3,000. */
export function formatYen(lang: Language, yen: number): string {
  return lang === 'ja'
    ? `${new Intl.NumberFormat('ja-JP').format(yen)}円`
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(yen);
}
