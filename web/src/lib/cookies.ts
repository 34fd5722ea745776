import { businessConfig } from '@app/shared/config';
import { isLocalStage } from './config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CookieOptions {
  /** Lifetime in days (fractions allowed); omit for a session cookie. */
  days?: number;
  /** The local stage uses SameSite=Lax without Secure; every other stage SameSite=None; Secure. */
  local: boolean;
  now?: number;
}

/** The Set-Cookie style string that `document.cookie` takes. */
export function cookieString(name: string, value: string, { days, local, now = Date.now() }: CookieOptions) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/'];
  if (days !== undefined) {
    parts.push(`Expires=${new Date(now + days * DAY_MS).toUTCString()}`);
    parts.push(`Max-Age=${Math.round(days * 24 * 60 * 60)}`);
  }
  parts.push(local ? 'SameSite=Lax' : 'SameSite=None; Secure');
  return parts.join('; ');
}

export function setCookie(name: string, value: string, options: CookieOptions): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Safari/Firefox
  document.cookie = cookieString(name, value, options);
}

export function getCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        // An emptied cookie counts as absent.
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** True when the session's cookies are there (a signed-in visitor). No React: static pages use it. */
export function hasSessionCookie(): boolean {
  return Boolean(getCookie('access_token') || getCookie('refresh_token'));
}

export function deleteCookie(name: string, local: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; ${
    local ? 'SameSite=Lax' : 'SameSite=None; Secure'
  }`;
}

/** Lifetimes of the session cookies, from businessConfig.cookies (spec section 9). */
export const cookieDays = {
  access_token: businessConfig.cookies.tokenDays,
  refresh_token: businessConfig.cookies.tokenDays,
  refresh_token_expires_at: businessConfig.cookies.tokenDays,
  refreshedAccessToken: businessConfig.cookies.refreshedAccessTokenDays,
  profile_id: businessConfig.cookies.profileDays,
  role_id: businessConfig.cookies.profileDays,
  ad: businessConfig.cookies.profileDays,
  locale: businessConfig.cookies.localeDays,
} as const;

/** `?ad=1` stores the advertising flag cookie (7 days); true when it did. No React: static pages use it. */
export function storeAdCookie(search: string, local = isLocalStage()): boolean {
  if (new URLSearchParams(search).get('ad') !== '1') return false;
  setCookie('ad', '1', { days: cookieDays.ad, local });
  return true;
}
