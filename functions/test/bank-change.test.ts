/** Changing stored bank details needs a code mailed to the account's login e-mail (issue 12). */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, test } from 'vitest';
import {
  codeIn,
  registerAccount,
  type Session,
  signInFan,
  validBank,
  validProfile,
  validUser,
} from './helpers/accounts.ts';
import { api, db, latestMail, mailsTo, setClock, tableName } from './helpers/cloud.ts';
import { guessStorm, storedAttempts, wrongCode } from './helpers/codes.ts';

afterEach(async () => {
  await setClock(0);
});

const changed = { ...validBank, account_number: '7654321', account_owner: 'スズキ　ハナコ' };

/** A creator through sign-up step 3 (the first save needs no code). */
async function creatorWithBank(): Promise<Session & { email: string }> {
  const session = await registerAccount();
  const token = session.access_token;
  await api('/mypage/profile/update', { body: validProfile(), token });
  await api('/mypage/user', { body: validUser, token });
  const first = await api('/mypage/bank', { body: validBank, token });
  expect(first.status).toBe(200);
  return session as Session & { email: string };
}

async function mailedCode(s: Session & { email: string }): Promise<string> {
  const sent = await api('/mypage/bank/code', { method: 'POST', body: {}, token: s.access_token });
  expect(sent.status).toBe(200);
  expect(sent.body).toEqual({ email: s.email });
  const mail = await latestMail(s.email);
  return codeIn(mail?.text);
}

const storedBank = async (token: string) => (await api('/mypage', { token })).body.bank;

describe('POST /mypage/bank with stored details', () => {
  test('identical details need no code; changed ones need the mailed code, spent once', async () => {
    const s = await creatorWithBank();
    const token = s.access_token;
    const same = await api('/mypage/bank', { body: validBank, token });
    expect(same.status).toBe(200);

    const missing = await api('/mypage/bank', { body: changed, token });
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ code: 'bank_code_required', message: 'errors.bankCodeRequired' });

    const code = await mailedCode(s);
    const mail = await latestMail(s.email);
    expect(mail?.subject).toContain('振込先口座の変更');
    const wrong = await api('/mypage/bank', { body: { ...changed, code: wrongCode(code) }, token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'code_invalid' });
    expect((await storedBank(token)).account_number).toBe(validBank.account_number);

    const ok = await api('/mypage/bank', { body: { ...changed, code }, token });
    expect(ok.status).toBe(200);
    expect(ok.body.bank).toMatchObject({ account_number: '7654321', account_owner: 'スズキ　ハナコ' });

    // A replay of the same code cannot change the account a second time.
    const replay = await api('/mypage/bank', { body: { ...validBank, code }, token });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'code_invalid' });
    expect((await storedBank(token)).account_number).toBe('7654321');
  });

  test('the mail is in the language of the request', async () => {
    const s = await creatorWithBank();
    await api('/mypage/bank/code', {
      method: 'POST',
      body: {},
      token: s.access_token,
      headers: { 'x-lang': 'en' },
    });
    const mail = await latestMail(s.email);
    expect(mail?.subject).toContain('Code to change your bank details');
    expect(codeIn(mail?.text)).toMatch(/^\d{6}$/);
  });

  test("a code is tied to its account: another account's code does not change mine", async () => {
    const a = await creatorWithBank();
    const b = await creatorWithBank();
    const codeOfA = await mailedCode(a);
    // Stored under the profile and its address, never the address alone.
    expect(await storedAttempts('bank-change', `${a.profile_id}#${a.email}`)).toBe(0);
    const none = await api('/mypage/bank', { body: { ...changed, code: codeOfA }, token: b.access_token });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'code_invalid' });
    const codeOfB = await mailedCode(b);
    const crossed = await api('/mypage/bank', {
      body: { ...changed, code: codeOfA === codeOfB ? wrongCode(codeOfB) : codeOfA },
      token: b.access_token,
    });
    expect(crossed.body).toMatchObject({ code: 'code_invalid' });
    expect((await storedBank(b.access_token)).account_number).toBe(validBank.account_number);
    // Each code still works for its own account.
    expect(
      (await api('/mypage/bank', { body: { ...changed, code: codeOfB }, token: b.access_token })).status,
    ).toBe(200);
    expect(
      (await api('/mypage/bank', { body: { ...changed, code: codeOfA }, token: a.access_token })).status,
    ).toBe(200);
  });

  test('an expired code is refused', async () => {
    const s = await creatorWithBank();
    const code = await mailedCode(s);
    await setClock(15 * 60_000 + 1000);
    const res = await api('/mypage/bank', { body: { ...changed, code }, token: s.access_token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'code_expired', message: 'errors.codeExpired' });
  });

  test('guesses are limited per code, under concurrency', async () => {
    const s = await creatorWithBank();
    const code = await mailedCode(s);
    await guessStorm(
      '/mypage/bank',
      (c) => ({ ...changed, code: c }),
      code,
      { purpose: 'bank-change', key: `${s.profile_id}#${s.email}` },
      { count: 12, token: s.access_token },
    );
    expect((await storedBank(s.access_token)).account_number).toBe(validBank.account_number);
  });

  test('concurrent saves with one right code change the account once', async () => {
    const s = await creatorWithBank();
    const code = await mailedCode(s);
    const bodies = ['1111111', '2222222', '3333333', '4444444'].map((n) => ({
      ...validBank,
      account_number: n,
      code,
    }));
    const answers = await Promise.all(
      bodies.map((body) => api('/mypage/bank', { body, token: s.access_token })),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body).toMatchObject({ code: 'code_invalid' });
    expect((await storedBank(s.access_token)).account_number).toBe(won[0]?.body.bank.account_number);
  });

  test('code mails are limited per hour, with the time to wait', async () => {
    const s = await creatorWithBank();
    for (let i = 0; i < 3; i++) await mailedCode(s);
    const refused = await api('/mypage/bank/code', { method: 'POST', body: {}, token: s.access_token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect((await mailsTo(s.email)).filter((m) => m.subject.includes('振込先口座'))).toHaveLength(3);
  });

  test('an account without a login e-mail (a cast) is told it cannot receive the code', async () => {
    const s = await creatorWithBank();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `profile#${s.profile_id}`, sk: 'profile' },
        UpdateExpression: 'REMOVE email',
      }),
    );
    const res = await api('/mypage/bank/code', { method: 'POST', body: {}, token: s.access_token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'bank_email_missing', message: 'errors.bankEmailMissing' });
    const change = await api('/mypage/bank', { body: { ...changed, code: '123456' }, token: s.access_token });
    expect(change.body).toMatchObject({ code: 'bank_email_missing' });
    expect((await storedBank(s.access_token)).account_number).toBe(validBank.account_number);
  });

  test('fans have no bank details to change', async () => {
    const fan = await signInFan();
    const res = await api('/mypage/bank/code', { method: 'POST', body: {}, token: fan.access_token });
    expect(res.status).toBe(403);
  });
});
