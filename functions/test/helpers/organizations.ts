/** Organization actors through the public API: owners, their application and review, casts. */
import { inject } from 'vitest';
import { PASSWORD, registerAccount, uniqueUsername } from './accounts.ts';
import { creator, type Member } from './chat.ts';
import { api } from './cloud.ts';

export interface Owner extends Member {
  email: string;
}

export interface Cast extends Member {
  password: string;
}

const CAST_PASSWORD = 'Cast#2026x';

// biome-ignore lint/suspicious/noExplicitAny: test code reads response fields freely
async function ok<T = any>(res: Promise<{ status: number; body: T }>, what: string) {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

/** A shop/organization owner (role 1) with sign-up complete; `complete: false` stops after registering. */
export async function owner(opts: { complete?: boolean } = {}): Promise<Owner> {
  if (opts.complete !== false) return (await creator({ roleId: 1 })) as Owner;
  const s = await registerAccount({ roleId: 1 });
  return {
    token: s.access_token,
    refreshToken: s.refresh_token,
    profileId: s.profile_id,
    username: '',
    roleId: 1,
    email: s.email as string,
  };
}

export const application = (more: Record<string, unknown> = {}) => ({
  name: 'ラウンジ きのこ',
  category: 1,
  address: '東京都渋谷区道玄坂1-2-3',
  is_public: true,
  ...more,
});

export const apply = (o: Member, body: Record<string, unknown> = application()) =>
  api('/organizations', { token: o.token, body });

/** The operators' review, through the local cloud's demo route (the review service and its mail). */
export async function review(o: Owner, decision: { approve: true } | { approve: false; reason: string }) {
  const res = await fetch(`${inject('url')}/_local/demo/organization-review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: o.email, ...decision }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** An owner whose organization is approved. */
export async function approvedOwner(more: Record<string, unknown> = {}): Promise<Owner> {
  const o = await owner();
  await ok(apply(o, application(more)), 'apply');
  const r = await review(o, { approve: true });
  if (r.status !== 200) throw new Error(`approve: ${r.status} ${JSON.stringify(r.body)}`);
  return o;
}

export const castAction = (o: Member, action: 'suspend' | 'resume' | 'remove', castId: string) =>
  api(`/organizations/casts/${action}`, { token: o.token, body: { cast_id: castId } });

export const loginCast = (username: string, password: string) =>
  api('/auth/login-profile', { body: { username, password } });

/**
 * A cast of `o`, logged in; `choose: true` (default) also chooses its own password, so its token
 * works everywhere.
 */
export async function cast(o: Member, opts: { choose?: boolean } = {}): Promise<Cast> {
  const username = uniqueUsername('cast');
  const created = await ok(
    api('/organizations/casts', {
      token: o.token,
      body: { nickname: 'キャスト', username, password: CAST_PASSWORD, password_confirmation: CAST_PASSWORD },
    }),
    'create cast',
  );
  const login = await ok(loginCast(username, CAST_PASSWORD), 'cast login');
  let password = CAST_PASSWORD;
  if (opts.choose !== false) {
    password = PASSWORD;
    await ok(
      api('/auth/cast-password', {
        token: login.body.access_token,
        body: { password, password_confirmation: password },
      }),
      'cast password',
    );
  }
  return {
    token: login.body.access_token,
    refreshToken: login.body.refresh_token,
    profileId: created.body.cast.id,
    username,
    roleId: 2,
    password,
  };
}

export { CAST_PASSWORD };
