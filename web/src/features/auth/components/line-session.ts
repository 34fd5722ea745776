import type { Language, Prefix } from '../../../lib/lang.ts';

/** What the LINE login start keeps for the callback (sessionStorage: this tab only). */
export interface PendingLineLogin {
  state: string;
  lang: Language;
  prefix: Prefix;
  recovery: boolean;
  /** The page to open after the login (lib/return-to.ts), checked again when read. */
  next?: string | null;
}

const KEY = 'line_login';

export const lineRedirectUri = () => `${window.location.origin}/line-callback`;

export function savePendingLogin(pending: PendingLineLogin): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function readPendingLogin(): PendingLineLogin | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingLineLogin) : null;
  } catch {
    return null;
  }
}

export function clearPendingLogin(): void {
  sessionStorage.removeItem(KEY);
}
