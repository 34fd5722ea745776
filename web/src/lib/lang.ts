import { businessConfig, type Language } from '@app/shared/config';
import { isLocalStage } from './config.ts';
import { cookieDays, getCookie, setCookie } from './cookies.ts';

export type { Language };
export const LOCALE_KEY = 'locale';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (businessConfig.languages as readonly string[]).includes(value);
}

/** The stored choice, else the browser: ja* gives ja, anything else en. */
export function detectLanguage(
  stored: string | null | undefined,
  browserLanguage: string | undefined,
): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** The language stored by the switcher (localStorage, else the locale cookie). */
export function storedLanguage(): Language | null {
  let value: string | null = null;
  try {
    value = localStorage.getItem(LOCALE_KEY);
  } catch {
    value = null;
  }
  if (isLanguage(value)) return value;
  const cookie = getCookie(LOCALE_KEY);
  return isLanguage(cookie) ? cookie : null;
}

export function storeLanguage(lang: Language): void {
  if (!isLanguage(lang)) return;
  try {
    localStorage.setItem(LOCALE_KEY, lang);
  } catch {
    // private mode: the cookie still keeps the choice
  }
  setCookie(LOCALE_KEY, lang, { days: cookieDays.locale, local: isLocalStage() });
}

export function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/** The language for an unprefixed path. */
export function defaultLanguage(): Language {
  return detectLanguage(storedLanguage(), browserLanguage());
}

export type Prefix = '' | '/en' | '/ja';

/** Split a URL path into its language prefix and the rest ('/en/home' → {prefix '/en', lang 'en', path '/home'}). */
export function splitPrefix(pathname: string): { prefix: Prefix; lang: Language | null; path: string } {
  const m = /^\/(en|ja)(?=\/|$)/.exec(pathname);
  if (!m) return { prefix: '', lang: null, path: pathname || '/' };
  const lang = m[1] as Language;
  return { prefix: `/${lang}`, lang, path: pathname.slice(m[0].length) || '/' };
}

/** The language a path is shown in: its prefix, else the stored choice or the browser. */
export function languageOfPath(pathname: string, fallback: () => Language = defaultLanguage): Language {
  return splitPrefix(pathname).lang ?? fallback();
}

/** A screen path (unprefixed, e.g. '/home') under a prefix. */
export function withPrefix(prefix: Prefix, path: string): string {
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** The same URL in another language (the switcher always goes to the prefixed form). */
export function switchLanguagePath(pathname: string, search: string, lang: Language): string {
  return `${withPrefix(`/${lang}`, splitPrefix(pathname).path)}${search}`;
}
