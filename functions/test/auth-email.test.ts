import { afterEach, describe, expect, test } from 'vitest';
import {
  codeIn,
  PASSWORD,
  registerAccount,
  setProfileField,
  uniqueEmail,
  uniqueUsername,
  validProfile,
} from './helpers/accounts.ts';
import { api, issuePaths, latestMail, mailsTo, setClock } from './helpers/cloud.ts';

afterEach(async () => {
  await setClock(0);
});

describe('POST /auth/register', () => {
  test('sends a 6-digit code in the language asked for', async () => {
    const email = uniqueEmail();
    const ja = await api('/auth/register', { body: { email } });
    expect(ja.status).toBe(200);
    const jaMail = await latestMail(email);
    expect(jaMail?.subject).toContain('確認コード');
    expect(jaMail?.text).toMatch(/\n\d{6}\n/);
    expect(jaMail?.text).toContain('15分');

    await api('/auth/register', { body: { email }, headers: { 'x-lang': 'en' } });
    const enMail = await latestMail(email);
    expect(enMail?.subject).toContain('verification code');
    expect(enMail?.text).toContain('15 minutes');
    expect(codeIn(enMail?.text)).not.toBeUndefined();
  });

  test('refuses a malformed address and an unknown role with field messages', async () => {
    const res = await api('/auth/register', { body: { email: 'not-an-email', role_id: 4 } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation');
    expect(issuePaths(res.body)).toEqual({ email: 'validation.email', role_id: expect.any(String) });
    const empty = await api('/auth/register', { body: {} });
    expect(issuePaths(empty.body)).toEqual({ email: 'validation.required' });
  });

  test('refuses an address that already has an account', async () => {
    const { email } = await registerAccount();
    const res = await api('/auth/register', { body: { email: email?.toUpperCase() } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'email_taken', message: 'errors.emailTaken' });
  });
});

describe('POST /auth/register/verify', () => {
  test('creates the account once, logged in, at sign-up step 1', async () => {
    const session = await registerAccount({ roleId: 1 });
    expect(session.role_id).toBe(1);
    const me = await api('/mypage', { token: session.access_token });
    expect(me.body).toMatchObject({ step: 1, final_step: 0, setup_complete: false, email: session.email });
    // The code was consumed.
    const again = await api('/auth/register/verify', {
      body: { email: session.email, code: '000000', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('code_invalid');
  });

  test('password rules: length, spaces, confirmation', async () => {
    const email = uniqueEmail();
    const cases = [
      [{ password: 'short1!', password_confirmation: 'short1!' }, { password: 'validation.password' }],
      [
        { password: 'has space 123', password_confirmation: 'has space 123' },
        { password: 'validation.password' },
      ],
      [
        { password: 'a'.repeat(21), password_confirmation: 'a'.repeat(21) },
        { password: 'validation.password' },
      ],
      [
        { password: PASSWORD, password_confirmation: `${PASSWORD}x` },
        { password_confirmation: 'validation.passwordMismatch' },
      ],
      [
        { password: 'パスワードです12', password_confirmation: 'パスワードです12' },
        { password: 'validation.password' },
      ],
    ] as const;
    for (const [pw, expected] of cases) {
      const res = await api('/auth/register/verify', { body: { email, code: '123456', ...pw } });
      expect(res.status).toBe(422);
      expect(issuePaths(res.body)).toEqual(expected);
    }
    const badCode = await api('/auth/register/verify', {
      body: { email, code: '12ab', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(issuePaths(badCode.body)).toEqual({ code: 'validation.code' });
  });

  test('a wrong code counts; five wrong codes lock the code', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { body: { email } });
    const code = codeIn((await latestMail(email))?.text);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email, code: wrong, password: PASSWORD, password_confirmation: PASSWORD };
    for (let i = 0; i < 4; i++) {
      const res = await api('/auth/register/verify', { body });
      expect(res.body.code).toBe('code_invalid');
    }
    const fifth = await api('/auth/register/verify', { body });
    expect(fifth.body.code).toBe('code_attempts');
    const right = await api('/auth/register/verify', { body: { ...body, code } });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('code_attempts');
  });

  test('the code expires after 15 minutes', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { body: { email } });
    const code = codeIn((await latestMail(email))?.text);
    await setClock(15 * 60_000 + 1000);
    const res = await api('/auth/register/verify', {
      body: { email, code, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'code_expired', message: 'errors.codeExpired' });
  });

  test('a new code replaces the previous one', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { body: { email } });
    const first = codeIn((await latestMail(email))?.text);
    await api('/auth/register', { body: { email } });
    const second = codeIn((await latestMail(email))?.text);
    expect(await mailsTo(email)).toHaveLength(2);
    if (first !== second) {
      const old = await api('/auth/register/verify', {
        body: { email, code: first, password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect(old.body.code).toBe('code_invalid');
    }
    const ok = await api('/auth/register/verify', {
      body: { email, code: second, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(ok.status).toBe(200);
  });
});

describe('POST /auth/login', () => {
  test('logs in with the right password only, case-insensitive e-mail', async () => {
    const { email } = await registerAccount();
    const ok = await api('/auth/login', { body: { email: email?.toUpperCase(), password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      role_id: 2,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const wrong = await api('/auth/login', { body: { email, password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'invalid_credentials', message: 'errors.invalidCredentials' });
    const unknown = await api('/auth/login', { body: { email: uniqueEmail(), password: PASSWORD } });
    expect(unknown.body.code).toBe('invalid_credentials');
    const missing = await api('/auth/login', { body: { email: '', password: '' } });
    expect(missing.status).toBe(422);
    expect(issuePaths(missing.body)).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
  });

  test('a suspended account is told so, and its tokens stop working', async () => {
    const session = await registerAccount();
    await setProfileField(session.profile_id, 'status', 'suspended');
    const res = await api('/auth/login', { body: { email: session.email, password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'account_suspended', message: 'errors.accountSuspended' });
    const me = await api('/mypage', { token: session.access_token });
    expect(me.body.code).toBe('account_suspended');
    const refresh = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(refresh.body.code).toBe('account_suspended');
  });
});

describe('POST /auth/login-profile', () => {
  test('username and password log in once the username is set', async () => {
    const session = await registerAccount();
    const profile = validProfile(uniqueUsername('Cast'));
    await api('/mypage/profile/update', { body: profile, token: session.access_token });
    const ok = await api('/auth/login-profile', {
      body: { username: profile.username.toLowerCase(), password: PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.profile_id).toBe(session.profile_id);
    const wrong = await api('/auth/login-profile', {
      body: { username: profile.username, password: 'nope-nope' },
    });
    expect(wrong.body.code).toBe('invalid_credentials');
    const bad = await api('/auth/login-profile', { body: { username: 'a!', password: PASSWORD } });
    expect(issuePaths(bad.body)).toEqual({ username: 'validation.username' });
  });
});

describe('forgot password', () => {
  test('a code resets the password and ends every session', async () => {
    const session = await registerAccount();
    const email = session.email as string;
    expect((await api('/auth/forgot-password', { body: { email } })).status).toBe(200);
    const mail = await latestMail(email);
    expect(mail?.subject).toContain('パスワード再設定');
    const code = codeIn(mail?.text);
    const newPassword = 'N3w-password';
    const mismatch = await api('/auth/forgot-password/verify', {
      body: { email, code, password: newPassword, password_confirmation: 'other-one1' },
    });
    expect(issuePaths(mismatch.body)).toEqual({ password_confirmation: 'validation.passwordMismatch' });
    const done = await api('/auth/forgot-password/verify', {
      body: { email, code, password: newPassword, password_confirmation: newPassword },
    });
    expect(done.body).toEqual({ ok: true });
    expect((await api('/auth/login', { body: { email, password: PASSWORD } })).body.code).toBe(
      'invalid_credentials',
    );
    expect((await api('/auth/login', { body: { email, password: newPassword } })).status).toBe(200);
    const oldRefresh = await api('/auth/update_token', { body: { refresh_token: session.refresh_token } });
    expect(oldRefresh.status).toBe(401);
    const reuse = await api('/auth/forgot-password/verify', {
      body: { email, code, password: newPassword, password_confirmation: newPassword },
    });
    expect(reuse.body.code).toBe('code_invalid');
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const email = uniqueEmail('nobody');
    const res = await api('/auth/forgot-password', { body: { email } });
    expect(res.body).toEqual({ ok: true });
    expect(await mailsTo(email)).toHaveLength(0);
  });
});
