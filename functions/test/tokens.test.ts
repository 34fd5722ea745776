import { businessConfig } from '@app/shared/config';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, test } from 'vitest';
import { LOCAL_AUTH_SECRET } from '../../scripts/local/env.ts';
import { newId, randomToken, sha256 } from '../src/lib/crypto.ts';
import { signToken } from '../src/lib/tokens.ts';
import { resumeAccount, suspendAccount } from '../src/services/account-status.ts';
import { sessionFamiliesOf } from '../src/services/sessions.ts';
import { registerAccount } from './helpers/accounts.ts';
import { api, db, setClock, tableName, testDb } from './helpers/cloud.ts';
import { endSessionDeps, loginAgain, resetPassword } from './helpers/sessions.ts';

const GRACE_SECONDS = businessConfig.auth.refreshReuseGraceSeconds;

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
    // Past the grace after its use (see the next test).
    await setClock((GRACE_SECONDS + 1) * 1000);
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

  test('a refresh token used again within the grace (a page left mid-refresh) gets a new pair; the session lives on', async () => {
    const session = await registerAccount();
    const first = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(first.status).toBe(200);
    // The page navigated before it stored `first`: the next page sends the old token.
    await setClock((GRACE_SECONDS - 2) * 1000);
    const again = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await api('/mypage', { token: again.body.access_token })).status).toBe(200);
    // Both answers stay good (the one the page lost is never sent), each rotating once.
    for (const pair of [again, first]) {
      const next = await api('/auth/update_token', { body: { refresh_token: pair.body.refresh_token } });
      expect(next.status).toBe(200);
    }
    // The grace counts from the first use, not from the last: later the old token is a theft.
    await setClock((GRACE_SECONDS + 1) * 1000);
    const late = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect([late.status, late.body.code]).toEqual([401, 'refresh_reused']);
    expect((await api('/mypage', { token: again.body.access_token })).status).toBe(401);
  });

  test('concurrent uses of one refresh token all get pairs of the same session, and no session ends', async () => {
    const session = await registerAccount();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api('/auth/update_token', { body: { refresh_token: session.refresh_token } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(5);
    for (const r of results) expect((await api('/mypage', { token: r.body.access_token })).status).toBe(200);
    expect(await sessionFamiliesOf(testDb(), session.profile_id)).toHaveLength(1);
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

describe('ending a session ends its access tokens at once', () => {
  const works = async (token: string) => (await api('/mypage', { token })).status;

  test('logout ends that device’s session only', async () => {
    const phone = await registerAccount();
    const laptop = await loginAgain(phone.email as string);
    expect(await works(phone.access_token)).toBe(200);
    await api('/auth/logout', { body: { refresh_token: phone.refresh_token } });
    const refused = await api('/mypage', { token: phone.access_token });
    expect([refused.status, refused.body.code]).toEqual([401, 'invalid_token']);
    expect(await works(laptop.access_token)).toBe(200);
  });

  test('a password reset ends every session', async () => {
    const phone = await registerAccount();
    const laptop = await loginAgain(phone.email as string);
    const password = await resetPassword(phone.email as string);
    expect(await works(phone.access_token)).toBe(401);
    expect(await works(laptop.access_token)).toBe(401);
    expect((await api('/auth/update_token', { body: { refresh_token: laptop.refresh_token } })).status).toBe(
      401,
    );
    const after = await api('/auth/login', { body: { email: phone.email, password } });
    expect(await works(after.body.access_token)).toBe(200);
  });

  test('a reused refresh token ends its session: the access tokens of both holders die', async () => {
    const session = await registerAccount();
    const other = await loginAgain(session.email as string);
    const rotated = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(await works(rotated.body.access_token)).toBe(200);
    await setClock((GRACE_SECONDS + 1) * 1000);
    const replay = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(replay.body.code).toBe('refresh_reused');
    expect(await works(session.access_token)).toBe(401);
    expect(await works(rotated.body.access_token)).toBe(401);
    expect(await works(other.access_token)).toBe(200);
  });

  test('suspension ends every session; they stay ended when the account is resumed', async () => {
    const session = await registerAccount();
    const other = await loginAgain(session.email as string);
    await suspendAccount(endSessionDeps(), session.profile_id);
    const suspended = await api('/mypage', { token: session.access_token });
    expect([suspended.status, suspended.body.code]).toEqual([403, 'account_suspended']);
    await resumeAccount(endSessionDeps(), session.profile_id);
    expect(await works(session.access_token)).toBe(401);
    expect(await works(other.access_token)).toBe(401);
    expect((await api('/auth/update_token', { body: { refresh_token: other.refresh_token } })).status).toBe(
      401,
    );
    expect(await works((await loginAgain(session.email as string)).access_token)).toBe(200);
  });

  test('leaving ends every session', async () => {
    const session = await registerAccount();
    const other = await loginAgain(session.email as string);
    expect((await api('/auth/leave', { body: {}, token: session.access_token })).status).toBe(200);
    expect(await works(session.access_token)).toBe(401);
    expect(await works(other.access_token)).toBe(401);
  });

  test('an access token without a session (issued before sessions were named) is refused', async () => {
    const session = await registerAccount();
    const bare = await signToken(
      LOCAL_AUTH_SECRET,
      'access',
      { role_id: 2 },
      session.profile_id,
      new Date(),
      3600,
    );
    expect(await works(bare)).toBe(401);
  });
});

describe('sessions are listed by family', () => {
  test('a refresh token names only its family; the family lists the session under its profile', async () => {
    const session = await registerAccount();
    const rotated = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    const { data: token } = await testDb()
      .entities.refreshToken.get({ tokenHash: sha256(rotated.body.refresh_token) })
      .go();
    expect(token?.familyId).toBeTruthy();
    expect(token?.profileId).toBeUndefined();
    const { data: listed } = await testDb()
      .entities.tokenFamily.query.byProfile({ profileId: session.profile_id })
      .go({ pages: 'all' });
    expect(listed.map((f) => f.familyId)).toEqual([token?.familyId]);
  });

  test('a session begun before (a token in the legacy list, its family unlisted) still rotates and ends', async () => {
    const session = await registerAccount();
    const familyId = newId();
    const token = randomToken();
    const now = new Date();
    const expires = new Date(now.getTime() + 86_400_000);
    // The items as the previous code wrote them: the family without gsi1 keys, the token with them.
    const family = testDb()
      .entities.tokenFamily.create({
        familyId,
        profileId: session.profile_id,
        revoked: false,
        createdAt: now.toISOString(),
        ttl: Math.floor(expires.getTime() / 1000),
      })
      .params() as { Item: Record<string, unknown> };
    const { gsi1pk: _pk, gsi1sk: _sk, ...unlisted } = family.Item;
    await db().send(new PutCommand({ TableName: tableName(), Item: unlisted }));
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: `refresh#${sha256(token)}`,
          sk: 'refresh',
          gsi1pk: `refreshes#${session.profile_id}`,
          gsi1sk: `${familyId}#${now.toISOString()}`,
          tokenHash: sha256(token),
          profileId: session.profile_id,
          familyId,
          createdAt: now.toISOString(),
          expiresAt: expires.toISOString(),
          ttl: Math.floor(expires.getTime() / 1000),
          __edb_e__: 'refreshToken',
          __edb_v__: '1',
        },
      }),
    );
    expect(await sessionFamiliesOf(testDb(), session.profile_id)).toContain(familyId);
    const rotated = await api('/auth/update_token', { body: { refresh_token: token } });
    expect(rotated.status).toBe(200);
    expect((await api('/mypage', { token: rotated.body.access_token })).status).toBe(200);
    await resetPassword(session.email as string);
    expect((await api('/mypage', { token: rotated.body.access_token })).status).toBe(401);
    expect((await testDb().entities.tokenFamily.get({ familyId }).go()).data?.revoked).toBe(true);
  });
});
