import { expect, test } from '@playwright/test';
import {
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  field,
  LANGS,
  latestCode,
  pathIn,
  text,
} from './support.ts';

/** Changing stored bank details asks for the code mailed to the account's e-mail (issue 12). */
for (const lang of LANGS) {
  test(`[${lang}] a creator changes the bank account with the e-mailed code`, async ({ page, request }) => {
    const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
      text(lang, ns, key, vars);
    const creator = await creatorThroughApi(
      request,
      { nickname: lang === 'ja' ? 'かえで' : 'Kaede' },
      'bank',
    );

    await page.goto(pathIn(lang, '/creator/login'));
    await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
    await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
    await expectPath(page, lang, '/home');

    // The first save needs no code.
    await page.goto(pathIn(lang, '/mypage/account/withdraw'));
    await page.getByRole('searchbox', { name: new RegExp(t('mypage', 'bank.bankSearch')) }).fill('みずほ');
    await page.getByRole('button', { name: 'みずほ (0001)' }).click();
    await page
      .getByRole('searchbox', { name: new RegExp(t('mypage', 'bank.branchSearch')) })
      .fill('東京営業部');
    await page.getByRole('button', { name: '東京営業部 (001)' }).click();
    const number = field(page, lang, t('mypage', 'bank.accountNumber', { accountNumberLength: 7 }));
    await number.fill('1234567');
    await field(page, lang, t('mypage', 'bank.accountOwner')).fill('ヤマダ　ハナコ');
    await page.getByRole('button', { name: t('mypage', 'bank.submit') }).click();
    await expect(page.getByText(t('mypage', 'bank.saved'))).toBeVisible();

    // A change asks for the code mailed to the login e-mail, then saves with it.
    await page.reload();
    await number.fill('7654321');
    await page.getByRole('button', { name: t('mypage', 'bank.submit') }).click();
    await expect(page.getByText(t('mypage', 'bankChange.sent', { email: creator.email }))).toBeVisible();
    const code = await latestCode(request, creator.email);
    await field(page, lang, t('auth', 'fields.code')).fill(code);
    await page.getByRole('button', { name: t('mypage', 'bankChange.submit') }).click();
    await expect(page.getByText(t('mypage', 'bank.saved'))).toBeVisible();
    await page.reload();
    await expect(number).toHaveValue('7654321');
  });
}
