import { expect, test } from '@playwright/test';
import { businessConfig } from '../../shared/src/config.ts';
import {
  expectPath,
  field,
  LANGS,
  latestCode,
  pathIn,
  search,
  text,
  uniqueEmail,
  uniqueUsername,
} from './support.ts';

const PASSWORD = 'Kinoko#2026';

for (const lang of LANGS) {
  test(`[${lang}] a creator registers with the mailed code, completes the steps, logs out and in`, async ({
    page,
    request,
  }) => {
    const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
      text(lang, ns, key, vars);
    const email = uniqueEmail(`e2e-${lang}`);

    await page.goto(pathIn(lang, '/creator/register'));
    await expect(page.getByRole('heading', { name: t('auth', 'register.heading') })).toBeVisible();
    await field(page, lang, t('auth', 'fields.email')).fill(email);
    await page.getByRole('button', { name: t('auth', 'register.submit') }).click();

    await expectPath(page, lang, '/creator/register/verify');
    const code = await latestCode(request, email);
    await field(page, lang, t('auth', 'fields.code')).fill(code);
    await field(page, lang, t('auth', 'fields.password')).fill(PASSWORD);
    await field(page, lang, t('auth', 'fields.passwordConfirmation')).fill(PASSWORD);
    await field(page, lang, t('auth', 'registerVerify.campaignCode')).fill(
      businessConfig.rewards.campaignCode.toLowerCase(),
    );
    // Without the consent to the creator terms nothing is created.
    await page.getByRole('button', { name: t('auth', 'registerVerify.submit') }).click();
    await expect(page.getByText(t('validation', 'creatorTerms'))).toBeVisible();
    // The terms open in a new tab; the form keeps what was typed.
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: new RegExp(t('auth', 'registerVerify.termsLink')) }).click(),
    ]);
    await expectPath(terms, lang, '/creator/terms');
    await expect(terms.getByRole('heading', { level: 1 })).toBeVisible();
    await terms.close();
    await expect(field(page, lang, t('auth', 'fields.code'))).toHaveValue(code);
    await page.getByRole('checkbox', { name: t('auth', 'registerVerify.agree') }).check();
    await page.getByRole('button', { name: t('auth', 'registerVerify.submit') }).click();

    // STEP.1 profile
    await expectPath(page, lang, '/mypage/signup/1');
    const username = uniqueUsername('e2e');
    await field(page, lang, t('mypage', 'profile.username')).fill(username);
    await expect(page.getByText(t('mypage', 'profile.available'))).toBeVisible();
    await field(page, lang, t('mypage', 'profile.nickname')).fill(lang === 'ja' ? 'きのこ花子' : 'Hanako');
    await field(page, lang, t('mypage', 'profile.area')).selectOption('13');
    await page.getByRole('button', { name: t('mypage', 'signup.next') }).click();

    // STEP.2 user info
    await expectPath(page, lang, '/mypage/signup/2');
    await field(page, lang, t('mypage', 'user.fullName')).fill('山田 花子');
    await field(page, lang, t('mypage', 'user.email')).fill(email);
    await field(page, lang, t('mypage', 'user.female')).check();
    await field(page, lang, t('mypage', 'user.birthDate')).fill('1996-05-20');
    await page.getByRole('button', { name: t('mypage', 'signup.next') }).click();

    // STEP.3 bank: skipped once…
    await expectPath(page, lang, '/mypage/signup/3');
    await page
      .getByRole('button', { name: t('mypage', 'signup.skip') })
      .or(page.getByRole('link', { name: t('mypage', 'signup.skip') }))
      .click();
    await expectPath(page, lang, '/home');

    // …then filled from the account screen.
    await page.goto(pathIn(lang, '/mypage/account/withdraw'));
    await search(page, t('mypage', 'bank.bankSearch')).fill('みずほ');
    await page.getByRole('button', { name: 'みずほ (0001)' }).click();
    await search(page, t('mypage', 'bank.branchSearch')).fill('東京営業部');
    await page.getByRole('button', { name: '東京営業部 (001)' }).click();
    await field(page, lang, t('mypage', 'bank.accountNumber', { accountNumberLength: 7 })).fill('1234567');
    const owner = field(page, lang, t('mypage', 'bank.accountOwner'));
    await owner.fill('やまだ　はなこ');
    await owner.blur();
    await expect(owner).toHaveValue('ヤマダ　ハナコ');
    await page.getByRole('button', { name: t('mypage', 'bank.submit') }).click();
    await expect(page.getByText(t('mypage', 'bank.saved'))).toBeVisible();

    // Log out, then in again.
    await page.getByRole('button', { name: t('mypage', 'account.logout') }).click();
    // The logout ends on the login page (a signed-in visit there would go home).
    await expectPath(page, lang, '/creator/login');
    await page.goto(pathIn(lang, '/creator/login'));
    await field(page, lang, t('auth', 'fields.email')).fill(email);
    await field(page, lang, t('auth', 'fields.password')).fill(PASSWORD);
    await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
    await expectPath(page, lang, '/home');
    await page.goto(pathIn(lang, '/mypage/account/withdraw'));
    await expect(page.getByText(/みずほ/).first()).toBeVisible();
  });
}
