import { afterEach, describe, expect, test } from 'vitest';
import { registerAccount } from './helpers/accounts.ts';
import { api, setClock } from './helpers/cloud.ts';

afterEach(async () => {
  await setClock(0);
});

describe('access and refresh tokens', () => {
  test('the access token lasts one hour', async () => {
    const session = await registerAccount();
    expect((await api('/mypage', { token: session.access_token })).status).toBe(200);
    await setClock(59 * 60_000);
    expect((await api('/mypage', { token: session.access_token })).status).toBe(200);
    await setClock(60 * 60_000 + 1000);
    const expired = await api('/mypage', { token: session.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('token_expired');
    // The client refreshes and retries transparently.
    const refreshed = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await api('/mypage', { token: refreshed.body.access_token })).status).toBe(200);
  });

  test('rotation: each refresh gives a new pair and the old refresh token dies', async () => {
    const session = await registerAccount();
    const first = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(session.refresh_token);
    expect(new Date(first.body.refresh_token_expires_at).getTime()).toBeGreaterThan(
      Date.now() + 29 * 86_400_000,
    );
    const second = await api('/auth/update_token', { body: { refresh_token: first.body.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.body.profile_id).toBe(session.profile_id);
  });

  test('a replayed refresh token revokes the whole family', async () => {
    const session = await registerAccount();
    const rotated = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(rotated.status).toBe(200);
    const replay = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('refresh_reused');
    // The thief's replay also kills the legitimate holder's newer token.
    const victim = await api('/auth/update_token', { body: { refresh_token: rotated.body.refresh_token } });
    expect(victim.status).toBe(401);
    // Other sessions of the same account are untouched.
    const other = await api('/auth/login', { body: { email: session.email, password: 'Kinoko#2026' } });
    expect(
      (await api('/auth/update_token', { body: { refresh_token: other.body.refresh_token } })).status,
    ).toBe(200);
  });

  test('concurrent use of one refresh token succeeds at most once', async () => {
    const session = await registerAccount();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api('/auth/update_token', { body: { refresh_token: session.refresh_token } }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(4);
  });

  test('the refresh token expires after 30 days', async () => {
    const session = await registerAccount();
    await setClock(30 * 86_400_000 + 60_000);
    const res = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('refresh_invalid');
  });

  test('unknown, empty and tampered tokens', async () => {
    expect((await api('/auth/update_token', { body: { refresh_token: 'nope' } })).body.code).toBe(
      'refresh_invalid',
    );
    const empty = await api('/auth/update_token', { body: { refresh_token: '' } });
    expect(empty.status).toBe(422);
    const session = await registerAccount();
    const [h, p] = session.access_token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    const res = await api('/mypage', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
    expect((await api('/mypage')).body).toEqual({ code: 'no_token', message: 'errors.noToken' });
  });

  test('logout ends the session', async () => {
    const session = await registerAccount();
    expect((await api('/auth/logout', { body: { refresh_token: session.refresh_token } })).status).toBe(200);
    const res = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(res.status).toBe(401);
  });
});
