import { businessConfig } from '@app/shared/config';
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
import { guessStorm, wrongCode } from './helpers/codes.ts';

afterEach(async () => {
  await setClock(0);
});

describe('POST /auth/register', () => {
  test('sends a 6-digit code in the language asked for', async () => {
    const email = uniqueEmail();
    const ja = await api('/auth/register', { body: { email } });
    expect(ja.status).toBe(200);
    const jaMail = await latestMail(email);
    expect(jaMail?.subject).toBe('【kinoko】メールアドレスの確認コード');
    expect(jaMail?.text).toMatch(/\n\d{6}\n/);
    expect(jaMail?.text).toContain('15分');

    await api('/auth/register', { body: { email }, headers: { 'x-lang': 'en' } });
    const enMail = await latestMail(email);
    expect(enMail?.subject).toBe('[kinoko] Your verification code');
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

  test('answers an address that already has an account the same way; its owner is told by mail', async () => {
    const { email } = await registerAccount();
    const address = email as string;
    const before = (await mailsTo(address)).length;
    const res = await api('/auth/register', { body: { email: address.toUpperCase() } });
    const fresh = await api('/auth/register', { body: { email: uniqueEmail() } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(fresh.body);
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toContain('登録済み');
    expect(mails[0]?.text).toContain('/creator/forgot-password');
    expect(mails[0]?.text).not.toMatch(/\n\d{6}\n/);
    await api('/auth/register', { body: { email: address }, headers: { 'x-lang': 'en' } });
    expect((await latestMail(address))?.subject).toContain('already have an account');
    // No code was issued: nothing to verify.
    const verify = await api('/auth/register/verify', {
      body: {
        email: address,
        code: '123456',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree_creator_terms: true,
      },
    });
    expect(verify.body.code).toBe('code_invalid');
  });

  test('codes per address are limited per hour: a new code does not renew the guessing budget', async () => {
    const email = uniqueEmail('budget');
    const limit = businessConfig.auth.throttle.codeMails.limit;
    for (let i = 0; i < limit; i++)
      expect((await api('/auth/register', { body: { email } })).status).toBe(200);
    const refused = await api('/auth/register', { body: { email } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: 'errors.rateLimited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body.retry_after).toBe(retryAfter);
    expect(refused.body.params).toEqual({ minutes: Math.ceil(retryAfter / 60) });
    expect(await mailsTo(email)).toHaveLength(limit);
    // Once the window has passed, a new code can be sent.
    await setClock(retryAfter * 1000 + 1000);
    expect((await api('/auth/register', { body: { email } })).status).toBe(200);
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
      body: {
        email: session.email,
        code: '000000',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree_creator_terms: true,
      },
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
      const res = await api('/auth/register/verify', {
        body: { email, code: '123456', agree_creator_terms: true, ...pw },
      });
      expect(res.status).toBe(422);
      expect(issuePaths(res.body)).toEqual(expected);
    }
    const badCode = await api('/auth/register/verify', {
      body: {
        email,
        code: '12ab',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree_creator_terms: true,
      },
    });
    expect(issuePaths(badCode.body)).toEqual({ code: 'validation.code' });
  });

  test('a wrong code counts; five wrong codes lock the code', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { body: { email } });
    const code = codeIn((await latestMail(email))?.text);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = {
      email,
      code: wrong,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree_creator_terms: true,
    };
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

  test('100+ guesses at once are compared at most 5 times; the right code after them is refused', async () => {
    const email = uniqueEmail('storm');
    await api('/auth/register', { body: { email } });
    const code = codeIn((await latestMail(email))?.text);
    await guessStorm(
      '/auth/register/verify',
      (c) => ({
        email,
        code: c,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree_creator_terms: true,
      }),
      code,
      { purpose: 'register', key: email },
    );
    expect((await api('/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
  });

  test('concurrent right answers create one account; the others and later guesses are code_invalid', async () => {
    const email = uniqueEmail('twice');
    await api('/auth/register', { body: { email } });
    const code = codeIn((await latestMail(email))?.text);
    const body = {
      email,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agree_creator_terms: true,
    };
    // Four, within the attempt limit: each is compared and one wins.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api('/auth/register/verify', { body })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.code).toBe('code_invalid');
    const late = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api('/auth/register/verify', { body: { ...body, code: wrongCode(code, i) } }),
      ),
    );
    for (const a of late) expect(a.body.code).toBe('code_invalid');
  });

  test('the code expires after 15 minutes', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { body: { email } });
    const code = codeIn((await latestMail(email))?.text);
    await setClock(15 * 60_000 + 1000);
    const res = await api('/auth/register/verify', {
      body: { email, code, password: PASSWORD, password_confirmation: PASSWORD, agree_creator_terms: true },
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
        body: {
          email,
          code: first,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          agree_creator_terms: true,
        },
      });
      expect(old.body.code).toBe('code_invalid');
    }
    const ok = await api('/auth/register/verify', {
      body: {
        email,
        code: second,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agree_creator_terms: true,
      },
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

describe('login throttling', () => {
  test('50 wrong passwords at once, then the right one: refused until the window has passed', async () => {
    const { email } = await registerAccount();
    const limit = businessConfig.auth.throttle.loginFailures.limit;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api('/auth/login', { body: { email, password: `wrong-pass-${i}` } }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    // At most `limit` passwords were checked, however many came at once.
    expect(codes.filter((c) => c === 'invalid_credentials').length).toBeLessThanOrEqual(limit);
    expect(codes.filter((c) => c !== 'invalid_credentials').every((c) => c === 'rate_limited')).toBe(true);
    const right = await api('/auth/login', { body: { email, password: PASSWORD } });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
    expect(right.headers.get('retry-after')).toBe(String(right.body.retry_after));
    // The same limit holds for an address without an account (no probing by the answer).
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < limit; i++)
      await api('/auth/login', { body: { email: nobody, password: 'wrong-pass' } });
    expect((await api('/auth/login', { body: { email: nobody, password: 'wrong-pass' } })).body.code).toBe(
      'rate_limited',
    );
    await setClock(right.body.retry_after * 1000 + 1000);
    expect((await api('/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  test('right passwords do not use up the limit', async () => {
    const { email } = await registerAccount();
    const limit = businessConfig.auth.throttle.loginFailures.limit;
    for (let i = 0; i < limit + 2; i++) {
      expect((await api('/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
    }
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

  test('100+ guesses at once are compared at most 5 times; the right code after them is refused', async () => {
    const { email } = await registerAccount();
    const address = email as string;
    await api('/auth/forgot-password', { body: { email: address } });
    const code = codeIn((await latestMail(address))?.text);
    const newPassword = 'N3w-password';
    await guessStorm(
      '/auth/forgot-password/verify',
      (c) => ({ email: address, code: c, password: newPassword, password_confirmation: newPassword }),
      code,
      { purpose: 'reset', key: address },
      { count: 150 },
    );
    expect((await api('/auth/login', { body: { email: address, password: newPassword } })).status).toBe(401);
    expect((await api('/auth/login', { body: { email: address, password: PASSWORD } })).status).toBe(200);
  });

  test('concurrent right answers reset once; the others are code_invalid', async () => {
    const { email } = await registerAccount();
    const address = email as string;
    await api('/auth/forgot-password', { body: { email: address } });
    const code = codeIn((await latestMail(address))?.text);
    const answers = await Promise.all(
      ['Pass-one-1', 'Pass-two-2', 'Pass-three-3', 'Pass-four-4'].map((password) =>
        api('/auth/forgot-password/verify', {
          body: { email: address, code, password, password_confirmation: password },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.code).toBe('code_invalid');
  });

  test('reset mails per address are limited, the same for an address without an account', async () => {
    const { email } = await registerAccount();
    const limit = businessConfig.auth.throttle.codeMails.limit;
    for (const address of [email as string, uniqueEmail('nobody')]) {
      for (let i = 0; i < limit; i++) {
        expect((await api('/auth/forgot-password', { body: { email: address } })).status).toBe(200);
      }
      const refused = await api('/auth/forgot-password', { body: { email: address } });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
    }
    expect((await mailsTo(email as string)).filter((m) => m.subject.includes('パスワード'))).toHaveLength(
      limit,
    );
  });

  test('mails to one address are limited across purposes', async () => {
    const { email } = await registerAccount();
    const address = email as string;
    const { codeMails, addressMails } = businessConfig.auth.throttle;
    // Registration mails (one was the sign-up code) and reset mails up to the address's total.
    let sent = 1;
    for (const path of ['/auth/register', '/auth/forgot-password', '/auth/line-recovery']) {
      for (let i = path === '/auth/register' ? 1 : 0; i < codeMails.limit && sent < addressMails.limit; i++) {
        expect((await api(path, { body: { email: address } })).status).toBe(200);
        sent++;
      }
    }
    expect(sent).toBe(addressMails.limit);
    expect((await api('/auth/line-recovery', { body: { email: address } })).body.code).toBe('rate_limited');
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const email = uniqueEmail('nobody');
    const res = await api('/auth/forgot-password', { body: { email } });
    expect(res.body).toEqual({ ok: true });
    expect(await mailsTo(email)).toHaveLength(0);
  });
});
