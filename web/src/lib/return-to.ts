/**
 * The page a login returns to. A screen that needs a session sends the visitor to the login page
 * with `?next=<the screen's path>`; the login (e-mail, or LINE with its round trip through
 * sessionStorage) then opens that page instead of home. Only a path of this site is accepted: an
 * address on another site (`https://evil.example`, `//evil.example`, `/\evil.example`) or anything
 * that is not a plain path is ignored. No React: the pre-rendered pages' script uses it.
 */
import { splitPrefix } from './lang.ts';

/** The query parameter of the login pages that names the page to return to. */
export const NEXT_PARAM = 'next';

/** Login and sign-up pages: returning there after a login would only show the form again. */
const AUTH_PAGES =
  /^\/(user\/login|user\/line-recovery|creator\/login|creator\/register|creator\/forgot-password|line-callback)(\/|$)/;

const BASE = 'https://site.invalid';

/**
 * The same-site path (without its language prefix, with query and hash) that `raw` names, or null
 * when it is missing, on another site, not a plain path, or a login page.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  // Only an absolute path; `//host` and `/\host` are addresses of other sites to a browser.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refused on purpose (URL parsing drops tabs and newlines)
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const { path } = splitPrefix(url.pathname);
  // Dot segments are resolved above: '/..//evil.example' becomes '//evil.example'.
  if (path.startsWith('//') || AUTH_PAGES.test(path)) return null;
  return `${path}${url.search}${url.hash}`;
}

/** The return target in a login page's query (`?next=`), when it is a safe one. */
export function returnPathIn(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM));
}

/** A login page's path carrying the page to return to (none for the site's top page or home). */
export function loginPathWithReturn(loginPath: string, next: string | null): string {
  const safe = safeReturnPath(next);
  if (!safe || safe === '/' || safe === '/home') return loginPath;
  return `${loginPath}?${NEXT_PARAM}=${encodeURIComponent(safe)}`;
}

const AFTER_SETUP_KEY = 'return_after_setup';

/**
 * A login that must finish the sign-up steps first keeps its return target for the end of them
 * (sessionStorage: this tab only). Null forgets it.
 */
export function keepReturnAfterSetup(path: string | null): void {
  try {
    const safe = safeReturnPath(path);
    if (safe) sessionStorage.setItem(AFTER_SETUP_KEY, safe);
    else sessionStorage.removeItem(AFTER_SETUP_KEY);
  } catch {
    // storage unavailable: the steps end at home
  }
}

/** The page to open when the sign-up steps are done (checked again), read once. */
export function takeReturnAfterSetup(): string | null {
  try {
    const raw = sessionStorage.getItem(AFTER_SETUP_KEY);
    sessionStorage.removeItem(AFTER_SETUP_KEY);
    return safeReturnPath(raw);
  } catch {
    return null;
  }
}
