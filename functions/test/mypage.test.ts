import { describe, expect, test } from 'vitest';
import { registerAccount, uniqueUsername, validBank, validProfile, validUser } from './helpers/accounts.ts';
import { api, issuePaths } from './helpers/cloud.ts';

describe('sign-up steps', () => {
  test('profile → user info → bank completes setup for a creator', async () => {
    const { access_token: token } = await registerAccount();
    const step1 = await api('/mypage/profile/update', { body: validProfile(), token });
    expect(step1.status).toBe(200);
    expect(step1.body).toMatchObject({ step: 2, final_step: 1, setup_complete: false });
    expect(step1.body.profile).toMatchObject({ nickname: 'きのこ太郎', area: 13, genre: 'music' });
    const step2 = await api('/mypage/user', { body: validUser, token });
    expect(step2.body).toMatchObject({ step: 3, final_step: 2, setup_complete: false, user: validUser });
    const step3 = await api('/mypage/bank', { body: validBank, token });
    expect(step3.status).toBe(200);
    expect(step3.body).toMatchObject({ final_step: 3, setup_complete: true, bank_skipped: false });
    expect(step3.body.bank).toMatchObject({
      bank_name: 'みずほ',
      branch_name: '東京営業部',
      account_owner: 'ヤマダ　タロウ',
    });
    const me = await api('/mypage', { token });
    expect(me.body).toEqual(step3.body);
  });

  test('the bank step can be skipped once and filled later', async () => {
    const { access_token: token } = await registerAccount();
    expect((await api('/mypage/skip-step', { body: { step: 3 }, token })).body.code).toBe(
      'step_not_skippable',
    );
    await api('/mypage/profile/update', { body: validProfile(), token });
    await api('/mypage/user', { body: validUser, token });
    const skipped = await api('/mypage/skip-step', { body: { step: 3 }, token });
    expect(skipped.body).toMatchObject({
      final_step: 3,
      setup_complete: true,
      bank_skipped: true,
      bank: null,
    });
    const filled = await api('/mypage/bank', { body: validBank, token });
    expect(filled.body).toMatchObject({ final_step: 3, setup_complete: true, bank_skipped: false });
    expect((await api('/mypage/skip-step', { body: { step: 2 }, token })).status).toBe(422);
  });

  test('steps cannot be taken out of order', async () => {
    const { access_token: token } = await registerAccount();
    const early = await api('/mypage/user', { body: validUser, token });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ code: 'registration_incomplete', message: 'errors.registrationIncomplete' });
    await api('/mypage/profile/update', { body: validProfile(), token });
    expect((await api('/mypage/bank', { body: validBank, token })).body.code).toBe('registration_incomplete');
  });

  test('updating an earlier step keeps the progress', async () => {
    const { access_token: token } = await registerAccount();
    await api('/mypage/profile/update', { body: validProfile(), token });
    await api('/mypage/user', { body: validUser, token });
    const again = await api('/mypage/profile/update', {
      body: { ...validProfile(), bio: '更新しました' },
      token,
    });
    expect(again.body).toMatchObject({ final_step: 2, step: 3 });
    expect(again.body.profile.bio).toBe('更新しました');
  });
});

describe('profile (step 1)', () => {
  test('username availability and uniqueness, case-insensitive', async () => {
    const a = await registerAccount();
    const b = await registerAccount();
    const name = uniqueUsername('Kino');
    expect(
      (await api('/mypage/check-username', { body: { username: name }, token: a.access_token })).body,
    ).toEqual({
      available: true,
    });
    await api('/mypage/profile/update', { body: validProfile(name), token: a.access_token });
    const own = await api('/mypage/check-username', { body: { username: name }, token: a.access_token });
    expect(own.body.available).toBe(true);
    const other = await api('/mypage/check-username', {
      body: { username: name.toUpperCase() },
      token: b.access_token,
    });
    expect(other.body.available).toBe(false);
    const taken = await api('/mypage/profile/update', {
      body: validProfile(name.toLowerCase()),
      token: b.access_token,
    });
    expect(taken.status).toBe(422);
    expect(issuePaths(taken.body)).toEqual({ username: 'errors.usernameTaken' });
    // Renaming frees the old name.
    await api('/mypage/profile/update', {
      body: validProfile(`${name}x`.slice(0, 20)),
      token: a.access_token,
    });
    const freed = await api('/mypage/profile/update', { body: validProfile(name), token: b.access_token });
    expect(freed.status).toBe(200);
    const bad = await api('/mypage/check-username', { body: { username: 'ab' }, token: a.access_token });
    expect(issuePaths(bad.body)).toEqual({ username: 'validation.username' });
  });

  test('concurrent username changes answer 200 or their 4xx, never 500, and leave one claim', async () => {
    const a = await registerAccount();
    const b = await registerAccount();
    await api('/mypage/profile/update', {
      body: validProfile(uniqueUsername('Start')),
      token: a.access_token,
    });
    // One account changes its name 10 ways at once; two accounts race for one name.
    const names = Array.from({ length: 10 }, () => uniqueUsername('Race'));
    const contested = uniqueUsername('Both');
    const answers = await Promise.all([
      ...names.map((n) => api('/mypage/profile/update', { body: validProfile(n), token: a.access_token })),
      api('/mypage/profile/update', { body: validProfile(contested), token: b.access_token }),
      api('/mypage/profile/update', { body: validProfile(contested), token: a.access_token }),
    ]);
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status !== 200) {
        const code = res.body.code === 'validation' ? issuePaths(res.body).username : res.body.code;
        expect(['username_taken', 'errors.usernameTaken']).toContain(code);
      }
    }
    // Exactly the current name of each account is claimed by it; the other names are free.
    const [meA, meB] = await Promise.all([
      api('/mypage', { token: a.access_token }),
      api('/mypage', { token: b.access_token }),
    ]);
    for (const n of [...names, contested]) {
      const free = await api('/mypage/check-username', { body: { username: n }, token: b.access_token });
      const heldByOther = meA.body.profile.username === n;
      expect(free.body.available, n).toBe(!heldByOther);
    }
    expect([meA.body.profile.username, meB.body.profile.username]).not.toEqual([contested, contested]);
  });

  test('field rules of spec section 5', async () => {
    const { access_token: token } = await registerAccount();
    const res = await api('/mypage/profile/update', {
      body: { username: 'bad name!', nickname: '', genre: 'g'.repeat(21), bio: 'b'.repeat(201), area: 48 },
      token,
    });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual({
      username: 'validation.username',
      nickname: 'validation.nicknameRequired',
      genre: 'validation.genreMax',
      bio: 'validation.bioMax',
      area: 'validation.area',
    });
    for (const area of [0, 1, 47, 999]) {
      const ok = await api('/mypage/profile/update', { body: { ...validProfile(), area }, token });
      expect(ok.status).toBe(200);
    }
    const long = await api('/mypage/profile/update', {
      body: { ...validProfile(), username: 'a'.repeat(21), genre: 'g'.repeat(20), bio: 'b'.repeat(200) },
      token,
    });
    expect(issuePaths(long.body)).toEqual({ username: 'validation.username' });
  });
});

describe('user info (step 2)', () => {
  test('required fields and gender', async () => {
    const { access_token: token } = await registerAccount();
    await api('/mypage/profile/update', { body: validProfile(), token });
    const res = await api('/mypage/user', {
      body: { full_name: '', notification_email: 'x', birth_date: '2001-02-30' },
      token,
    });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual({
      full_name: 'validation.fullName',
      notification_email: 'validation.email',
      gender: 'validation.gender',
      birth_date: 'validation.birthDate',
    });
    const empty = await api('/mypage/user', { body: { ...validUser, birth_date: '' }, token });
    expect(issuePaths(empty.body)).toEqual({ birth_date: 'validation.required' });
  });

  test('the date of birth cannot change after it is saved', async () => {
    const { access_token: token } = await registerAccount();
    await api('/mypage/profile/update', { body: validProfile(), token });
    await api('/mypage/user', { body: validUser, token });
    const change = await api('/mypage/user', { body: { ...validUser, birth_date: '1990-01-01' }, token });
    expect(change.status).toBe(409);
    expect(change.body).toEqual({ code: 'birth_date_immutable', message: 'errors.birthDateImmutable' });
    const rename = await api('/mypage/user', {
      body: { ...validUser, full_name: '山田 花子', gender: 'female' },
      token,
    });
    expect(rename.body.user).toMatchObject({
      full_name: '山田 花子',
      gender: 'female',
      birth_date: '1995-04-01',
    });
  });
});

describe('bank (step 3)', () => {
  const ready = async () => {
    const { access_token: token } = await registerAccount();
    await api('/mypage/profile/update', { body: validProfile(), token });
    await api('/mypage/user', { body: validUser, token });
    return token;
  };

  test('required fields and formats', async () => {
    const token = await ready();
    const empty = await api('/mypage/bank', { body: {}, token });
    expect(issuePaths(empty.body)).toEqual({
      bank_code: 'validation.bank',
      branch_code: 'validation.branch',
      account_type: 'validation.accountType',
      account_number: 'validation.accountNumber',
      account_owner: 'validation.accountOwner',
    });
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ account_owner: 'ﾔﾏﾀﾞ ﾀﾛｳ' }, { account_owner: 'validation.accountOwnerKana' }],
      [{ account_owner: 'やまだ　たろう' }, { account_owner: 'validation.accountOwnerKana' }],
      [{ account_owner: 'ヤマダ タロウ' }, { account_owner: 'validation.accountOwnerKana' }],
      [{ account_number: '123456' }, { account_number: 'validation.accountNumber' }],
      [{ account_type: 'current' }, { account_type: 'validation.accountType' }],
    ];
    for (const [change, expected] of cases) {
      const res = await api('/mypage/bank', { body: { ...validBank, ...change }, token });
      expect(res.status).toBe(422);
      expect(issuePaths(res.body)).toEqual(expected);
    }
  });

  test('bank and branch must exist in the bank-code data', async () => {
    const token = await ready();
    const noBank = await api('/mypage/bank', { body: { ...validBank, bank_code: '0002' }, token });
    expect(issuePaths(noBank.body)).toEqual({ bank_code: 'validation.bank' });
    const noBranch = await api('/mypage/bank', { body: { ...validBank, branch_code: '999' }, token });
    expect(issuePaths(noBranch.body)).toEqual({ branch_code: 'validation.branch' });
    // Business accounts: the bank's abbreviation 'カ）' and full-width spaces between name parts.
    const company = await api('/mypage/bank', {
      body: { ...validBank, account_owner: 'カ）キノコ　ヤマダ　タロウ' },
      token,
    });
    expect(company.status).toBe(200);
    expect(company.body.bank.account_owner).toBe('カ）キノコ　ヤマダ　タロウ');
  });
});

describe('bank search', () => {
  test('banks by name, reading or code; branches of a bank', async () => {
    const { access_token: token } = await registerAccount();
    const byName = await api('/bank-branch/bank?q=みずほ', { token });
    expect(byName.status).toBe(200);
    expect(byName.body.banks[0]).toEqual({ code: '0001', name: 'みずほ', kana: 'ミズホ' });
    const byKana = await api(`/bank-branch/bank?q=${encodeURIComponent('ミツビシ')}`, { token });
    expect(byKana.body.banks.map((b: { code: string }) => b.code)).toContain('0005');
    const byCode = await api('/bank-branch/bank?q=0009', { token });
    expect(byCode.body.banks[0].code).toBe('0009');
    const all = await api('/bank-branch/bank', { token });
    expect(all.body.banks).toHaveLength(50);
    const branches = await api(`/bank-branch/branch/0001?q=${encodeURIComponent('東京')}`, { token });
    expect(branches.body.bank).toEqual({ code: '0001', name: 'みずほ' });
    expect(branches.body.branches.some((b: { code: string }) => b.code === '001')).toBe(true);
    const none = await api('/bank-branch/branch/0002', { token });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('bank_not_found');
  });
});
