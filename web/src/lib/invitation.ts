/**
 * Invitation links (`/@{username}?invite=1`, DECISIONS "Invitation"): the site keeps the inviting
 * creator's username for `social.invitationDays` from the visit (any screen may be the landing
 * one, so Root captures it app-wide); the LINE login sends it (`invited_by`) and the API carries it
 * in the signed state to the fan account it creates. The latest link visited wins; a login that
 * reached the callback uses it up.
 */
import { businessConfig } from '@app/shared/config';

const L = businessConfig.limits;
/** USERNAME_RE of shared/validation.ts, written out: Root loads this on every page, without zod. */
const USERNAME_RE = new RegExp(`^[A-Za-z0-9]{${L.usernameMin},${L.usernameMax}}$`);

const KEY = 'kinoko.invitation';
const DAY_MS = 86_400_000;

interface Stored {
  username: string;
  at: number;
}

const PROFILE_PATH = /^(?:\/(?:en|ja))?\/@([^/?#]+)(?:\/[^/]*)?\/?$/;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps the creator of an invitation link being visited (path and query of the location). */
export function captureInvitation(pathname: string, search: string, now = Date.now()): void {
  if (new URLSearchParams(search).get('invite') !== '1') return;
  const m = PROFILE_PATH.exec(pathname);
  let username: string;
  try {
    username = decodeURIComponent(m?.[1] ?? '');
  } catch {
    return;
  }
  if (!USERNAME_RE.test(username)) return;
  storage()?.setItem(KEY, JSON.stringify({ username, at: now } satisfies Stored));
}

/** The inviting creator's username while the invitation lasts, else null (an old one is dropped). */
export function pendingInvitation(now = Date.now()): string | null {
  const store = storage();
  const raw = store?.getItem(KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Stored;
    if (
      typeof stored.username === 'string' &&
      USERNAME_RE.test(stored.username) &&
      typeof stored.at === 'number' &&
      now - stored.at <= businessConfig.social.invitationDays * DAY_MS &&
      stored.at <= now
    ) {
      return stored.username;
    }
  } catch {
    // Not ours: dropped below.
  }
  store?.removeItem(KEY);
  return null;
}

export function clearInvitation(): void {
  storage()?.removeItem(KEY);
}
