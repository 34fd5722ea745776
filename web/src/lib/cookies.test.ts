import { businessConfig } from '@app/shared/config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../test/boundary.ts';
import { setRuntimeConfig } from './config.ts';
import { cookieString } from './cookies.ts';
import { authStore, clearSession, saveRefreshedTokens, saveSession, storeAdFlag } from './session.ts';

const C = businessConfig.cookies;
const DAY = 24 * 60 * 60;

/** Every string the app writes to document.cookie, keyed by cookie name. */
function recordCookieWrites() {
  const writes = new Map<string, string>();
  const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
    writes.set(v.slice(0, v.indexOf('=')), v);
    desc?.set?.call(document, v);
  });
  return writes;
}
const maxAge = (cookie: string | undefined) => Number(/Max-Age=(\d+)/.exec(cookie ?? '')?.[1]);

const token = {
  access_token: 'a',
  refresh_token: 'r',
  refresh_token_expires_at: '2030-01-01T00:00:00Z',
  profile_id: 'p1',
  role_id: 4,
};

describe('cookies', () => {
  beforeEach(() => clearCookies());
  afterEach(() => vi.restoreAllMocks());

  it('is SameSite=Lax without Secure on the local stage, SameSite=None; Secure elsewhere', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(cookieString('x', 'v', { days: 1, local: true, now })).toBe(
      'x=v; Path=/; Expires=Thu, 02 Jan 2025 00:00:00 GMT; Max-Age=86400; SameSite=Lax',
    );
    const remote = cookieString('x', 'v', { days: 1, local: false, now });
    expect(remote).toMatch(/SameSite=None; Secure$/);
    expect(cookieString('x', 'v', { local: true })).not.toMatch(/Expires/);
  });

  it('saves a login: tokens 30 days, profile and role 7 days', () => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'prod' });
    const writes = recordCookieWrites();
    saveSession(token);
    expect(maxAge(writes.get('access_token'))).toBe(C.tokenDays * DAY);
    expect(maxAge(writes.get('refresh_token'))).toBe(C.tokenDays * DAY);
    expect(maxAge(writes.get('refresh_token_expires_at'))).toBe(C.tokenDays * DAY);
    expect(maxAge(writes.get('profile_id'))).toBe(C.profileDays * DAY);
    expect(maxAge(writes.get('role_id'))).toBe(C.profileDays * DAY);
    for (const w of writes.values()) expect(w).toMatch(/SameSite=None; Secure$/);
    expect(authStore.get().profile).toEqual({ id: 'p1', role_id: 4 });
  });

  it('gives a refreshed access token a one-hour cookie', () => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    const writes = recordCookieWrites();
    saveRefreshedTokens({ access_token: 'b' });
    expect(maxAge(writes.get('access_token'))).toBe(60 * 60);
    expect(writes.get('access_token')).toMatch(/SameSite=Lax$/);
    expect(writes.has('refresh_token')).toBe(false);
  });

  it('stores ?ad=1 for 7 days and ignores other values', () => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    const writes = recordCookieWrites();
    storeAdFlag('?ad=0');
    expect(writes.has('ad')).toBe(false);
    storeAdFlag('?x=1&ad=1');
    expect(maxAge(writes.get('ad'))).toBe(C.profileDays * DAY);
    expect(authStore.get().ad).toBe(true);
  });

  it('clears the session cookies', () => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    saveSession(token);
    clearSession();
    expect(document.cookie).not.toMatch(/access_token=a/);
    expect(authStore.get().profile).toBeNull();
  });
});
