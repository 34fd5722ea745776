import { describe, expect, test } from 'vitest';
import {
  codeIn,
  lineAuthorizeAs,
  REDIRECT_URI,
  setProfileField,
  signInFan,
  uniqueEmail,
  validProfile,
} from './helpers/accounts.ts';
import { api, issuePaths, latestMail, mailsTo } from './helpers/cloud.ts';
import { guessStorm, wrongCode } from './helpers/codes.ts';

describe('LINE Login', () => {
  test('a new LINE user becomes a fan at step 1; the next login finds the same fan', async () => {
    const first = await signInFan({ displayName: 'はじめてのファン' });
    expect(first).toMatchObject({ role_id: 4, is_new: true });
    const me = await api('/mypage', { token: first.access_token });
    expect(me.body).toMatchObject({ step: 1, final_step: 0, setup_complete: false, email: null });
    expect(me.body.profile.nickname).toBe('はじめてのファン');
    const again = await signInFan({ userId: first.lineUserId });
    expect(again).toMatchObject({ profile_id: first.profile_id, is_new: false });
  });

  test('the authorize URL carries LINE parameters and a signed state', async () => {
    const res = await api('/auth/line/authorize', { body: { redirect_uri: REDIRECT_URI } });
    const url = new URL(res.body.url);
    expect(url.pathname).toBe('/_local/line/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'profile openid',
      state: res.body.state,
    });
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const bad = await api('/auth/line/authorize', { body: { redirect_uri: 'not a url' } });
    expect(bad.status).toBe(422);
  });

  test("only the site's own /line-callback, in its three language forms, is signed", async () => {
    const site = new URL(REDIRECT_URI).origin;
    for (const prefix of ['', '/en', '/ja']) {
      const ok = await api('/auth/line/authorize', {
        body: { redirect_uri: `${site}${prefix}/line-callback` },
      });
      expect(ok.status, prefix).toBe(200);
    }
    const refused = [
      'javascript:alert(1)//line-callback',
      'data:text/html,<script>alert(1)</script>',
      'https://evil.example/line-callback',
      `${site.replace('localhost', '127.0.0.1')}/line-callback`,
      `${site}/mypage`,
      `${site}/fr/line-callback`,
      `${site}/line-callback/x`,
      `${site}/line-callback?next=https://evil.example`,
      `${site}/line-callback#x`,
      `${site.replace('http:', 'https:')}/line-callback`,
    ];
    for (const redirect_uri of refused) {
      const res = await api('/auth/line/authorize', { body: { redirect_uri } });
      expect(res.status, redirect_uri).toBeGreaterThanOrEqual(400);
      expect(res.status, redirect_uri).toBeLessThan(500);
      expect(res.body.url, redirect_uri).toBeUndefined();
    }
  });

  test('a forged state, a different redirect and a reused code are refused', async () => {
    const start = await api('/auth/line/authorize', { body: { redirect_uri: REDIRECT_URI } });
    const back = await lineAuthorizeAs(start.body.url, { displayName: 'state-check' });
    const code = back.searchParams.get('code');
    const forged = await api('/auth/line/callback', {
      body: { code, state: `${start.body.state}x`, redirect_uri: REDIRECT_URI },
    });
    expect(forged.body).toEqual({ code: 'line_state_invalid', message: 'errors.lineStateInvalid' });
    const otherRedirect = await api('/auth/line/callback', {
      body: { code, state: start.body.state, redirect_uri: 'http://evil.example/line-callback' },
    });
    expect(otherRedirect.body.code).toBe('bad_request');
    // Another of the site's own forms is still not the one the state was signed for.
    const otherForm = await api('/auth/line/callback', {
      body: {
        code,
        state: start.body.state,
        redirect_uri: REDIRECT_URI.replace('/line-callback', '/en/line-callback'),
      },
    });
    expect(otherForm.body.code).toBe('line_state_invalid');
    const ok = await api('/auth/line/callback', {
      body: { code, state: start.body.state, redirect_uri: REDIRECT_URI },
    });
    expect(ok.status).toBe(200);
    const reused = await api('/auth/line/callback', {
      body: { code, state: start.body.state, redirect_uri: REDIRECT_URI },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('line_login_failed');
  });

  test('a fan completes setup in two steps and has no bank step', async () => {
    const fan = await signInFan({ displayName: 'ステップ' });
    const token = fan.access_token;
    await api('/mypage/profile/update', { body: validProfile(), token });
    const step2 = await api('/mypage/user', {
      body: {
        full_name: '佐藤 花子',
        notification_email: uniqueEmail('fan'),
        gender: 'female',
        birth_date: '2000-01-01',
      },
      token,
    });
    expect(step2.body).toMatchObject({ final_step: 2, setup_complete: true });
    expect((await api('/mypage/skip-step', { body: { step: 3 }, token })).status).toBe(403);
  });

  test('a suspended fan cannot sign in', async () => {
    const fan = await signInFan({ displayName: 'とめられた' });
    await setProfileField(fan.profile_id, 'status', 'suspended');
    const start = await api('/auth/line/authorize', { body: { redirect_uri: REDIRECT_URI } });
    const back = await lineAuthorizeAs(start.body.url, { userId: fan.lineUserId });
    const res = await api('/auth/line/callback', {
      body: {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        redirect_uri: REDIRECT_URI,
      },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('account_suspended');
  });
});

/** A fan with a notification e-mail saved (and confirmed with its code unless `confirm` is false). */
async function fanWithAddress(name: string, notify: string, confirm = true) {
  const fan = await signInFan({ displayName: name });
  await api('/mypage/profile/update', { body: validProfile(), token: fan.access_token });
  const saved = await api('/mypage/user', {
    body: { full_name: '田中 一郎', notification_email: notify, gender: 'male', birth_date: '1999-09-09' },
    token: fan.access_token,
  });
  expect(saved.body.user).toMatchObject({ notification_email: notify, notification_email_verified: false });
  if (confirm) {
    const confirmed = await confirmAddress(fan.access_token, notify);
    expect(confirmed.status).toBe(200);
  }
  return fan;
}

async function confirmAddress(token: string, notify: string) {
  expect((await api('/mypage/notification-email/code', { body: {}, token })).body).toEqual({ ok: true });
  return api('/mypage/notification-email/verify', {
    body: { code: codeIn((await latestMail(notify))?.text) },
    token,
  });
}

describe('notification e-mail confirmation', () => {
  test('a code confirms the address; changing it gives the confirmation up', async () => {
    const notify = uniqueEmail('confirm');
    const fan = await fanWithAddress('確認する', notify, false);
    const token = fan.access_token;
    expect((await api('/mypage/notification-email/code', { body: {}, token })).status).toBe(200);
    const mail = await latestMail(notify);
    expect(mail?.subject).toContain('通知用メールアドレス');
    const wrong = await api('/mypage/notification-email/verify', {
      body: { code: wrongCode(codeIn(mail?.text)) },
      token,
    });
    expect(wrong.body.code).toBe('code_invalid');
    const ok = await api('/mypage/notification-email/verify', { body: { code: codeIn(mail?.text) }, token });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ notification_email: notify, notification_email_verified: true });
    // Saving the same address keeps it confirmed; another address is unconfirmed and frees the old one.
    const same = await api('/mypage/user', {
      body: { full_name: '田中 二郎', notification_email: notify, gender: 'male', birth_date: '1999-09-09' },
      token,
    });
    expect(same.body.user.notification_email_verified).toBe(true);
    const other = uniqueEmail('other');
    const moved = await api('/mypage/user', {
      body: { full_name: '田中 二郎', notification_email: other, gender: 'male', birth_date: '1999-09-09' },
      token,
    });
    expect(moved.body.user).toMatchObject({ notification_email: other, notification_email_verified: false });
    await api('/auth/line-recovery', { body: { email: notify } });
    expect((await mailsTo(notify)).filter((m) => m.subject.includes('LINE'))).toHaveLength(0);
  });

  test('a confirmed address belongs to one fan', async () => {
    const notify = uniqueEmail('shared');
    const first = await fanWithAddress('さきに確認', notify);
    const second = await fanWithAddress('あとで確認', notify, false);
    const taken = await confirmAddress(second.access_token, notify);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      code: 'notification_email_taken',
      message: 'errors.notificationEmailTaken',
    });
    // Recovery by that address can only move the fan who confirmed it.
    await api('/auth/line-recovery', { body: { email: notify } });
    const verified = await api('/auth/line-recovery/verify', {
      body: { email: notify, code: codeIn((await latestMail(notify))?.text) },
    });
    const moved = await signInFan({ displayName: '新しいLINE' }, verified.body.recovery_token);
    expect(moved.profile_id).toBe(first.profile_id);
  });

  test('only fans, and only once an address is saved', async () => {
    const fan = await signInFan({ displayName: 'まだ登録なし' });
    const none = await api('/mypage/notification-email/code', { body: {}, token: fan.access_token });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('notification_email_missing');
    const bad = await api('/mypage/notification-email/verify', {
      body: { code: 'abc' },
      token: fan.access_token,
    });
    expect(issuePaths(bad.body)).toEqual({ code: 'validation.code' });
  });
});

describe('LINE recovery', () => {
  test('a code to the confirmed notification e-mail moves the fan to a new LINE account', async () => {
    const notify = uniqueEmail('recover');
    const fan = await fanWithAddress('引き継ぎ前', notify);
    expect((await api('/auth/line-recovery', { body: { email: notify } })).body).toEqual({ ok: true });
    const mail = await latestMail(notify);
    expect(mail?.subject).toContain('LINE');
    const wrong = await api('/auth/line-recovery/verify', {
      body: { email: notify, code: '000000' === codeIn(mail?.text) ? '111111' : '000000' },
    });
    expect(wrong.body.code).toBe('code_invalid');
    const verified = await api('/auth/line-recovery/verify', {
      body: { email: notify, code: codeIn(mail?.text) },
    });
    expect(verified.status).toBe(200);
    const moved = await signInFan({ displayName: '新しいLINE' }, verified.body.recovery_token);
    expect(moved).toMatchObject({ profile_id: fan.profile_id, recovered: true });
    // The new LINE account now signs in to the old profile; the old one is a stranger.
    expect((await signInFan({ userId: moved.lineUserId })).profile_id).toBe(fan.profile_id);
    const oldLine = await signInFan({ userId: fan.lineUserId });
    expect(oldLine.profile_id).not.toBe(fan.profile_id);
    expect(oldLine.is_new).toBe(true);
    // Sessions of the lost account were ended.
    expect((await api('/auth/update_token', { body: { refresh_token: fan.refresh_token } })).status).toBe(
      401,
    );
  });

  test('an unconfirmed address moves nobody: no mail, the same answer', async () => {
    const notify = uniqueEmail('unconfirmed');
    await fanWithAddress('未確認', notify, false);
    await fanWithAddress('未確認2', notify, false);
    expect((await api('/auth/line-recovery', { body: { email: notify } })).body).toEqual({ ok: true });
    expect(await mailsTo(notify)).toHaveLength(0);
  });

  test('100+ guesses at once are compared at most 5 times; the right code after them is refused', async () => {
    const notify = uniqueEmail('storm');
    await fanWithAddress('総当たり', notify);
    await api('/auth/line-recovery', { body: { email: notify } });
    const code = codeIn((await latestMail(notify))?.text);
    await guessStorm('/auth/line-recovery/verify', (c) => ({ email: notify, code: c }), code, {
      purpose: 'line-recovery',
      key: notify,
    });
  });

  test('concurrent right answers give one ticket; the others are code_invalid', async () => {
    const notify = uniqueEmail('race');
    await fanWithAddress('同時', notify);
    await api('/auth/line-recovery', { body: { email: notify } });
    const code = codeIn((await latestMail(notify))?.text);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api('/auth/line-recovery/verify', { body: { email: notify, code } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.code).toBe('code_invalid');
  });

  test('unknown addresses get the same answer and no mail; a bad ticket is refused', async () => {
    const email = uniqueEmail('nofan');
    expect((await api('/auth/line-recovery', { body: { email } })).body).toEqual({ ok: true });
    expect(await mailsTo(email)).toHaveLength(0);
    const invalid = await api('/auth/line-recovery', { body: { email: 'x' } });
    expect(invalid.status).toBe(422);
    const badTicket = await api('/auth/line/authorize', {
      body: { redirect_uri: REDIRECT_URI, recovery_token: 'forged' },
    });
    expect(badTicket.body.code).toBe('line_state_invalid');
  });
});
