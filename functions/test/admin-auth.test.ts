/**
 * The operators' sign-in (issue 17): password, then an RFC 6238 code used once; the first login
 * enrols the authenticator (recovery codes); short sessions; the operations script.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { businessConfig } from '@app/shared/config';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { LOCAL_AUTH_SECRET } from '../../scripts/local/env.ts';
import { signToken } from '../src/lib/tokens.ts';
import { createAdmin, resetAdmin } from '../src/services/admin/auth.ts';
import { totpCode } from '../src/services/admin/totp.ts';
import { PASSWORD, registerAccount, setProfileField, uniqueEmail } from './helpers/accounts.ts';
import { codeFor, newAdmin, signInAdmin } from './helpers/admin.ts';
import { api, issuePaths, mailsTo, manualClock, setClock, testDb } from './helpers/cloud.ts';

const AD = businessConfig.admin;
const MINUTE = 60_000;

afterEach(() => setClock(0));

const login = (email: string, code?: string, password = PASSWORD) =>
  api('/admin/auth/login', { body: { email, password, ...(code === undefined ? {} : { code }) } });

/** The first login: the enrolment (secret, QR URL, token). */
async function startEnrolment(email: string) {
  const res = await login(email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.enrolment as { enrolment_token: string; secret: string; otpauth_url: string };
}

const enrol = (enrolment_token: string, code: string) =>
  api('/admin/auth/enrol', { body: { enrolment_token, code } });

/** A well-formed code that is none of the secret's codes within the accepted window around `at`. */
function wrongCode(secret: string, at = new Date()): string {
  const near = new Set([-1, 0, 1].map((s) => codeFor(secret, s, at)));
  let n = Number(codeFor(secret, 0, at));
  for (;;) {
    n = (n + 1) % 1_000_000;
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

const auditOf = async (token: string, targetId: string) => {
  const res = await api(`/admin/audit?target_id=${encodeURIComponent(targetId)}`, { token });
  expect(res.status).toBe(200);
  return res.body.entries as {
    action: string;
    actor_id: string;
    actor_name: string;
    before: unknown;
    after: unknown;
  }[];
};

/**
 * Waits until the current 30-s step has 8 s left at least, so that a test's "this step's code" and
 * "the next step's code" do not change meaning halfway.
 */
async function awayFromStepEdge() {
  const left = AD.totp.periodSeconds * 1000 - (Date.now() % (AD.totp.periodSeconds * 1000));
  if (left < 8000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

const jwtPayload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
    iat: number;
    exp: number;
  };

describe('enrolment', () => {
  test('the first login answers the secret, its QR URL and a token; the first right code enrols', async () => {
    const { email, profile_id } = await newAdmin();
    const enrolment = await startEnrolment(email);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(enrolment.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(enrolment.secret);
    expect(url.searchParams.get('issuer')).toBe(AD.totp.issuer);
    expect(url.searchParams.get('digits')).toBe(String(AD.totp.digits));
    expect(decodeURIComponent(url.pathname)).toContain(email);
    // A second login before the enrolment answers the same secret (concurrent logins share it).
    const again = await Promise.all([startEnrolment(email), startEnrolment(email)]);
    expect(again.map((e) => e.secret)).toEqual([enrolment.secret, enrolment.secret]);

    const malformed = await enrol(enrolment.enrolment_token, '12ab');
    expect(malformed.status).toBe(422);
    expect(issuePaths(malformed.body)).toEqual({ code: 'validation.totpCode' });
    const wrong = await enrol(enrolment.enrolment_token, wrongCode(enrolment.secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('totp_invalid');

    const done = await enrol(enrolment.enrolment_token, codeFor(enrolment.secret));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.role_id).toBe(3);
    expect(done.body.profile_id).toBe(profile_id);
    expect(done.body.recovery_codes).toHaveLength(AD.recoveryCodes);
    expect(new Set(done.body.recovery_codes).size).toBe(AD.recoveryCodes);
    for (const c of done.body.recovery_codes) expect(c).toMatch(/^[A-Z2-9]{10}$/);
    expect((await api('/admin/audit', { token: done.body.access_token })).status).toBe(200);

    const entries = await auditOf(done.body.access_token, profile_id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'admin.enrol',
        actor_id: profile_id,
        after: { totp_confirmed: true },
      }),
      expect.objectContaining({ action: 'admin.create', actor_id: 'system:cli' }),
    ]);
    // Enrolled: the token is spent, and the next login asks for a code.
    const reused = await enrol(enrolment.enrolment_token, codeFor(enrolment.secret, 1));
    expect(reused.body.code).toBe('enrolment_invalid');
    expect((await login(email)).body.code).toBe('totp_required');
  });

  test(`the enrolment token lives ${AD.enrolmentMinutes} minutes`, async () => {
    const [late, inTime] = await Promise.all([newAdmin(), newAdmin()]);
    const [lateEnrolment, inTimeEnrolment] = await Promise.all([
      startEnrolment(late.email),
      startEnrolment(inTime.email),
    ]);
    let now = await setClock((AD.enrolmentMinutes - 1) * MINUTE);
    const ok = await enrol(inTimeEnrolment.enrolment_token, codeFor(inTimeEnrolment.secret, 0, now));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    now = await setClock(AD.enrolmentMinutes * MINUTE + 1000);
    const expired = await enrol(lateEnrolment.enrolment_token, codeFor(lateEnrolment.secret, 0, now));
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('enrolment_invalid');
    // A new login gives a new token for the same secret.
    const fresh = await startEnrolment(late.email);
    expect(fresh.secret).toBe(lateEnrolment.secret);
    expect((await enrol(fresh.enrolment_token, codeFor(fresh.secret, 0, now))).status).toBe(200);
  });

  test('a token of a replaced secret, or naming another admin, is refused', async () => {
    const { email } = await newAdmin();
    const first = await startEnrolment(email);
    // A lost phone before enrolling: the operations script resets the enrolment.
    await resetAdmin({ db: testDb(), clock: manualClock() }, email, { resetTotp: true, by: 'test' });
    const second = await startEnrolment(email);
    expect(second.secret).not.toBe(first.secret);
    expect((await enrol(first.enrolment_token, codeFor(first.secret))).body.code).toBe('enrolment_invalid');
    expect((await enrol(first.enrolment_token, codeFor(second.secret))).body.code).toBe('enrolment_invalid');

    // A token signed for another admin (the right key, the first admin's secret): refused.
    const other = await newAdmin();
    const { h } = jwtPayload(second.enrolment_token) as unknown as { h: string };
    const forged = await signToken(
      LOCAL_AUTH_SECRET,
      'admin-enrol',
      { h },
      other.profile_id,
      new Date(),
      AD.enrolmentMinutes * 60,
    );
    expect((await enrol(forged, codeFor(second.secret))).body.code).toBe('enrolment_invalid');
    // And a token of another admin does not take this admin's code.
    const otherEnrolment = await startEnrolment(other.email);
    const crossed = await enrol(otherEnrolment.enrolment_token, codeFor(second.secret));
    expect(crossed.status).toBe(401);
    // The right pairs still work.
    expect((await enrol(second.enrolment_token, codeFor(second.secret))).status).toBe(200);
    expect((await enrol(otherEnrolment.enrolment_token, codeFor(otherEnrolment.secret))).status).toBe(200);
  });

  test('concurrent enrolments with one code make one session', async () => {
    const { email, profile_id } = await newAdmin();
    const enrolment = await startEnrolment(email);
    const code = codeFor(enrolment.secret);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => enrol(enrolment.enrolment_token, code)),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.code).toBe('enrolment_invalid');
    const entries = await auditOf(ok[0]?.body.access_token, profile_id);
    expect(entries.map((e) => e.action)).toEqual(['admin.enrol', 'admin.create']);
  });
});

describe('login', () => {
  test('asks for the code, refuses a wrong one and a replayed one', async () => {
    await awayFromStepEdge();
    const admin = await signInAdmin();
    const noCode = await login(admin.email);
    expect(noCode.status).toBe(401);
    expect(noCode.body.code).toBe('totp_required');
    const malformed = await login(admin.email, '12345');
    expect(issuePaths(malformed.body)).toEqual({ code: 'validation.totpCode' });
    const wrong = await login(admin.email, wrongCode(admin.secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('totp_invalid');
    const badPassword = await login(admin.email, codeFor(admin.secret, 1), 'Wrong#password1');
    expect(badPassword.body.code).toBe('invalid_credentials');
    // The enrolment used this step's code: the same code again is a replay.
    const replay = await login(admin.email, codeFor(admin.secret));
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('totp_replayed');
    // Spaces as the app shows them are fine.
    const next = codeFor(admin.secret, 1);
    const ok = await login(admin.email, `${next.slice(0, 3)} ${next.slice(3)}`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.role_id).toBe(3);
    expect((await login(admin.email, next)).body.code).toBe('totp_replayed');
  });

  test('concurrent logins with one code: exactly one session', async () => {
    await awayFromStepEdge();
    const admin = await signInAdmin();
    const code = codeFor(admin.secret, 1);
    const results = await Promise.all(Array.from({ length: 8 }, () => login(admin.email, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.code).toBe('totp_replayed');
  });

  test('a code two steps old is refused; one step of drift is accepted', async () => {
    const admin = await signInAdmin();
    const now = await setClock(3 * 30_000);
    // Newer than the enrolment's step, but two steps behind the clock.
    const stale = await login(admin.email, codeFor(admin.secret, -2, now));
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('totp_invalid');
    expect((await login(admin.email, codeFor(admin.secret, -1, now))).status).toBe(200);
  });

  test('a recovery code works once, and is written to the audit log', async () => {
    const admin = await signInAdmin();
    const [first, second] = admin.recovery_codes as [string, string];
    const ok = await login(admin.email, first);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const again = await login(admin.email, first);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('totp_invalid');
    // Typed loosely (lower case, a hyphen in the middle): still the code.
    const loose = `${second.slice(0, 5).toLowerCase()}-${second.slice(5)}`;
    expect((await login(admin.email, loose)).status).toBe(200);
    expect((await login(admin.email, 'ABCDEFGHJK')).body.code).toBe('totp_invalid');
    const entries = await auditOf(ok.body.access_token, admin.profile_id);
    expect(entries.filter((e) => e.action === 'admin.recovery_code_used')).toHaveLength(2);
    // Concurrent use of one code: once.
    const third = admin.recovery_codes[2] as string;
    const results = await Promise.all(Array.from({ length: 5 }, () => login(admin.email, third)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // Its creation, its enrolment and three recovery codes.
    expect((await auditOf(ok.body.access_token, admin.profile_id)).length).toBe(2 + 3);
  });

  test('wrong passwords and wrong codes count against the login limit', async () => {
    const limit = businessConfig.auth.throttle.loginFailures.limit;
    const admin = await signInAdmin();
    for (let i = 0; i < limit; i += 1) {
      const res =
        i % 2 === 0
          ? await login(admin.email, wrongCode(admin.secret))
          : await login(admin.email, codeFor(admin.secret, 1), 'Wrong#password1');
      expect(res.status).toBe(401);
    }
    const right = await login(admin.email, codeFor(admin.secret, 1));
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('rate_limited');
    expect(right.body.retry_after).toBeGreaterThan(0);
    // Another operator is not affected.
    const other = await signInAdmin();
    expect((await login(other.email, codeFor(other.secret, 1))).status).toBe(200);
  });

  test('a suspended operator is refused', async () => {
    const admin = await signInAdmin();
    await setProfileField(admin.profile_id, 'status', 'suspended');
    const res = await login(admin.email, codeFor(admin.secret, 1));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('account_suspended');
    expect((await api('/admin/audit', { token: admin.access_token })).status).toBe(403);
    const fresh = await newAdmin();
    await setProfileField(fresh.profile_id, 'status', 'suspended');
    expect((await login(fresh.email)).body.code).toBe('account_suspended');
  });

  test('the regular login and password reset give an operator nothing', async () => {
    const { email } = await newAdmin();
    const res = await api('/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
    const creator = await registerAccount();
    for (const address of [email, creator.email as string]) {
      const reset = await api('/auth/forgot-password', { body: { email: address } });
      expect(reset.status).toBe(200);
    }
    expect(await mailsTo(email)).toEqual([]);
    expect((await mailsTo(creator.email as string)).length).toBeGreaterThan(0);
    // And a fan's or creator's token is refused by the console.
    const audit = await api('/admin/audit', { token: creator.access_token });
    expect(audit.status).toBe(403);
  });
});

describe('sessions', () => {
  test('the access token lives 15 minutes; the session ends 8 hours after login', async () => {
    const admin = await signInAdmin();
    const { iat, exp } = jwtPayload(admin.access_token);
    expect(exp - iat).toBe(AD.accessTokenSeconds);
    const loginAt = iat * 1000;
    const sessionEnd = Date.parse(admin.refresh_token_expires_at);
    expect(sessionEnd - (loginAt + AD.sessionHours * 3600_000)).toBeGreaterThanOrEqual(0);
    expect(sessionEnd - (loginAt + AD.sessionHours * 3600_000)).toBeLessThan(1000);

    await setClock(AD.accessTokenSeconds * 1000 - 60_000);
    expect((await api('/admin/audit', { token: admin.access_token })).status).toBe(200);
    await setClock(AD.accessTokenSeconds * 1000 + 60_000);
    const expired = await api('/admin/audit', { token: admin.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('token_expired');

    await setClock((AD.sessionHours - 1) * 3600_000);
    const refreshed = await api('/auth/update_token', { body: { refresh_token: admin.refresh_token } });
    expect(refreshed.status).toBe(200);
    // Refreshing does not move the session's end.
    expect(Date.parse(refreshed.body.refresh_token_expires_at)).toBe(sessionEnd);
    expect(jwtPayload(refreshed.body.access_token).exp - jwtPayload(refreshed.body.access_token).iat).toBe(
      AD.accessTokenSeconds,
    );
    await setClock(AD.sessionHours * 3600_000 + 60_000);
    const late = await api('/auth/update_token', { body: { refresh_token: refreshed.body.refresh_token } });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('refresh_invalid');
  });

  test('resetting the password or the authenticator ends the sessions', async () => {
    const admin = await signInAdmin();
    const deps = { db: testDb(), clock: { now: () => new Date() } };
    const newPassword = 'Another#Passw0rd';
    await resetAdmin(deps, admin.email, { password: newPassword, by: 'test' });
    expect((await api('/admin/audit', { token: admin.access_token })).status).toBe(401);
    expect((await api('/auth/update_token', { body: { refresh_token: admin.refresh_token } })).status).toBe(
      401,
    );
    expect((await login(admin.email, codeFor(admin.secret, 1))).body.code).toBe('invalid_credentials');
    const renewed = await login(admin.email, codeFor(admin.secret, 1), newPassword);
    expect(renewed.status).toBe(200);

    await resetAdmin(deps, admin.email, { resetTotp: true, by: 'test' });
    expect((await api('/admin/audit', { token: renewed.body.access_token })).status).toBe(401);
    // The next login enrols again; the old recovery codes are void.
    expect((await login(admin.email, admin.recovery_codes[0], newPassword)).body.enrolment).toBeDefined();
    const enrolment = await startEnrolmentWith(admin.email, newPassword);
    expect(enrolment.secret).not.toBe(admin.secret);

    await expect(resetAdmin(deps, uniqueEmail('nobody'), { resetTotp: true, by: 'test' })).rejects.toThrow();
  });
});

describe('the operations script’s audit entries (actor system:cli)', () => {
  const deps = () => ({ db: testDb(), clock: manualClock() });

  test('creating an operator writes one entry, seen in GET /admin/audit', async () => {
    const viewer = await signInAdmin();
    const email = uniqueEmail('created');
    const { profileId } = await createAdmin(deps(), {
      email,
      nickname: '運営 さぶろう',
      password: PASSWORD,
      by: 'ops-alice',
    });
    const entries = await auditOf(viewer.access_token, profileId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'admin.create',
      actor_id: 'system:cli',
      actor_name: 'ops-alice',
      before: null,
      after: { email, nickname: '運営 さぶろう' },
    });
    // A second creation with the e-mail is refused and writes nothing.
    await expect(
      createAdmin(deps(), { email, nickname: 'x', password: PASSWORD, by: 'ops-alice' }),
    ).rejects.toThrow();
    expect(await auditOf(viewer.access_token, profileId)).toHaveLength(1);
    // The script's entries are found by their actor too.
    const byScript = await api('/admin/audit?actor_id=system:cli&action=admin.create', {
      token: viewer.access_token,
    });
    expect(byScript.status).toBe(200);
    expect(byScript.body.entries.map((e: { target_id: string }) => e.target_id)).toContain(profileId);
  });

  test('resetting the password writes one entry; the password is nowhere in it', async () => {
    const [viewer, target] = await Promise.all([signInAdmin(), signInAdmin()]);
    const before = await auditOf(viewer.access_token, target.profile_id);
    await resetAdmin(deps(), target.email, { password: 'Another#Passw0rd', by: 'ops-bob' });
    const entries = await auditOf(viewer.access_token, target.profile_id);
    expect(entries).toHaveLength(before.length + 1);
    const entry = entries[0] as (typeof entries)[number];
    expect(entry).toMatchObject({
      action: 'admin.reset_password',
      actor_id: 'system:cli',
      actor_name: 'ops-bob',
    });
    expect(JSON.stringify(entry)).not.toMatch(/Another#Passw0rd|passwordHash|scrypt|argon/i);
  });

  test('resetting the authenticator writes one entry (before: enrolled)', async () => {
    const [viewer, target] = await Promise.all([signInAdmin(), signInAdmin()]);
    const before = await auditOf(viewer.access_token, target.profile_id);
    await resetAdmin(deps(), target.email, { resetTotp: true, by: 'ops-carol' });
    const entries = await auditOf(viewer.access_token, target.profile_id);
    expect(entries).toHaveLength(before.length + 1);
    expect(entries[0]).toMatchObject({
      action: 'admin.reset_totp',
      actor_id: 'system:cli',
      actor_name: 'ops-carol',
      before: { totp_confirmed: true },
      after: { totp_confirmed: false },
    });
  });

  test('an unknown e-mail writes nothing', async () => {
    const viewer = await signInAdmin();
    const since = await api('/admin/audit?actor_id=system:cli&action=admin.reset_totp', {
      token: viewer.access_token,
    });
    await expect(resetAdmin(deps(), uniqueEmail('nobody'), { resetTotp: true, by: 'x' })).rejects.toThrow();
    const after = await api('/admin/audit?actor_id=system:cli&action=admin.reset_totp', {
      token: viewer.access_token,
    });
    expect(after.body.entries.filter((e: { actor_name: string }) => e.actor_name === 'x')).toEqual(
      since.body.entries.filter((e: { actor_name: string }) => e.actor_name === 'x'),
    );
  });
});

describe('GET /admin/me', () => {
  test('names the signed-in operator', async () => {
    const admin = await signInAdmin('運営 しろう');
    const me = await api('/admin/me', { token: admin.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: admin.profile_id, name: '運営 しろう', email: admin.email });
  });
});

async function startEnrolmentWith(email: string, password: string) {
  const res = await login(email, undefined, password);
  return res.body.enrolment as { secret: string };
}

describe('npm run admin:create', () => {
  const run = async (args: string[], password: string) => {
    try {
      const out = await promisify(execFile)('node_modules/.bin/tsx', ['scripts/admin-create.ts', ...args], {
        cwd: `${import.meta.dirname}/../..`,
        env: { ...process.env, ...inject('localEnv'), ADMIN_PASSWORD: password },
      });
      return { code: 0, out: out.stdout, err: out.stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout, err: e.stderr };
    }
  };
  const strong = 'Kinoko#Operator2026';

  // Nine runs of the script (tsx starts each): longer than the default 30 s on a busy machine.
  test('creates an operator who enrols at the first login; refuses weak passwords and a used e-mail', async () => {
    const email = uniqueEmail('ops');
    for (const weak of ['short#A1', 'alllowercaseletters', `${email.split('@')[0]}#A1x`]) {
      const res = await run(['--email', email, '--name', '運営'], weak);
      expect(res.code, weak).toBe(1);
      expect(res.err).toMatch(/password/);
    }
    expect((await login(email)).body.code).toBe('invalid_credentials');

    const made = await run(['--email', email.toUpperCase(), '--name', '運営 はなこ'], strong);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain(email);
    const first = await login(email, undefined, strong);
    expect(first.status).toBe(200);
    expect(first.body.enrolment.secret).toMatch(/^[A-Z2-7]+$/);

    const twice = await run(['--email', email, '--name', 'もう一人'], strong);
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(/already/);
    expect((await run(['--name', '運営'], strong)).code).toBe(1);
    expect((await run(['--email', email], strong)).code).toBe(1);

    // --reset-totp on an enrolled operator: the next login enrols again.
    const enrolment = first.body.enrolment as { enrolment_token: string; secret: string };
    expect((await enrol(enrolment.enrolment_token, codeFor(enrolment.secret))).status).toBe(200);
    expect((await login(email, undefined, strong)).body.code).toBe('totp_required');
    const reset = await run(['--email', email, '--reset-totp'], strong);
    expect(reset.code, reset.err).toBe(0);
    expect((await login(email, undefined, strong)).body.enrolment).toBeDefined();
    expect((await run(['--email', uniqueEmail('nobody'), '--reset-totp'], strong)).code).toBe(1);

    // One entry per run that changed something: the creation and the reset, by the script.
    const viewer = await signInAdmin();
    const entries = await auditOf(viewer.access_token, made.out.match(/\(([^)]+)\)/)?.[1] ?? '');
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ['admin.reset_totp', 'system:cli'],
      ['admin.enrol', expect.any(String)],
      ['admin.create', 'system:cli'],
    ]);
  }, 120_000);
});

test('totpCode is the RFC 6238 code (the RFC test vector, SHA-1, 6 digits)', () => {
  // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits) → 287082.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  expect(totpCode(secret, new Date(59_000))).toBe('287082');
  expect(totpCode(secret, new Date(1_111_111_109_000))).toBe('081804');
});
