/** Instants as operators read and type them: Japan time, whatever the browser's zone. */
import type { Language } from '@app/shared/config';

const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-GB' };
const JST_MS = 9 * 3_600_000;

/** 2026/11/24 18:05 (JST). */
export function formatInstant(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(iso));
}

/** An instant as a `datetime-local` value in Japan time (YYYY-MM-DDTHH:mm). */
export const toJstInput = (at: Date): string => new Date(at.getTime() + JST_MS).toISOString().slice(0, 16);

/** A `datetime-local` value typed in Japan time as an instant (ISO, with offset); '' when empty or invalid. */
export function fromJstInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return '';
  const at = new Date(`${value}:00+09:00`);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

export const formatPoints = (lang: Language, n: number) => new Intl.NumberFormat(locales[lang]).format(n);
