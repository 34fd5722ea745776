import { businessConfig, type Language } from '@app/shared/config';
import type { PointLogType } from '@app/shared/schemas/points';

const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-US' };
const tz = businessConfig.timeZone;

/** 12,345 in the reader's language. */
export function formatNumber(lang: Language, n: number): string {
  return new Intl.NumberFormat(locales[lang]).format(n);
}

/** A calendar date in Japan time: 2026年5月20日 / May 20, 2026. */
export function formatDate(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: tz,
    year: 'numeric',
    month: lang === 'ja' ? 'long' : 'short',
    day: 'numeric',
  }).format(new Date(iso));
}

/** A JST month (YYYY-MM): 2026年11月 / November 2026. */
export function formatMonth(lang: Language, month: string): string {
  return new Intl.DateTimeFormat(locales[lang], { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** Date and time in Japan time: 2026/05/20 15:30 / May 20, 2026, 15:30. */
export function formatDateTime(lang: Language, iso: string): string {
  const d = new Date(iso);
  if (lang === 'ja') {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('ja-JP', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    );
    return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
  }
  return new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** Types 1 (consumption) and 2 (expiration) take points away; 3 (purchase) and 4 (grant) add them. */
export function pointSign(type: PointLogType): 1 | -1 {
  return type === 1 || type === 2 ? -1 : 1;
}

/** +1,000 / −30 (a real minus sign). */
export function signedPoints(lang: Language, type: PointLogType, points: number): string {
  return `${pointSign(type) > 0 ? '+' : '−'}${formatNumber(lang, points)}`;
}
