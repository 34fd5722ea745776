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
import { api, latestMail, mailsTo } from './helpers/cloud.ts';

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
    expect(otherRedirect.body.code).toBe('line_state_invalid');
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

describe('LINE recovery', () => {
  test('a code to the notification e-mail moves the fan to a new LINE account', async () => {
    const fan = await signInFan({ displayName: '引き継ぎ前' });
    const notify = uniqueEmail('recover');
    await api('/mypage/profile/update', { body: validProfile(), token: fan.access_token });
    await api('/mypage/user', {
      body: { full_name: '田中 一郎', notification_email: notify, gender: 'male', birth_date: '1999-09-09' },
      token: fan.access_token,
    });
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
