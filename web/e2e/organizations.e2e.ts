/**
 * Organizations and their casts (issue 16), in ja and en: an owner applies on /organization, the
 * operators approve (the local review route), the owner creates a cast and hands over its login,
 * the cast logs in and must choose its own password, a fan pays the cast for a message, and the
 * owner sees the sale under that cast (its casts and the organization's sales).
 */
import { expect, type Page, test } from '@playwright/test';
import {
  creatorLogin,
  creatorThroughApi,
  expectPath,
  fanWithMushrooms,
  field,
  LANGS,
  type Lang,
  pathIn,
  phonePage,
  type T,
  text,
  uniqueUsername,
} from './support.ts';

/** `SHOTS_DIR=/tmp/shots/org npx playwright test … organizations` saves the screens at 390×844. */
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, lang: Lang, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });
}

const TEMPORARY = 'Temp#2026';
const CHOSEN = 'Mine#2026x';

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`[${lang}] an owner's organization is approved, its new cast chooses a password, a fan pays the cast, the owner sees the sale`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await phonePage(browser);
    const cast = await phonePage(browser);
    const fan = await phonePage(browser);
    try {
      // The owner (a set-up role-1 account) applies on /organization; the operators approve.
      const account = await creatorThroughApi(request, { nickname: 'オーナー' }, `own${lang}`, 1);
      await creatorLogin(owner, lang, t, account);
      await owner.goto(pathIn(lang, '/organization'));
      const orgName = lang === 'ja' ? 'ラウンジ 月灯り' : 'Moonlight Lounge';
      await field(owner, lang, t('organizations', 'form.name')).fill(orgName);
      await field(owner, lang, t('organizations', 'form.category')).selectOption('1');
      await owner.getByRole('radio', { name: t('organizations', 'form.public') }).check();
      await owner.getByRole('button', { name: t('organizations', 'form.apply') }).click();
      await expect(owner.getByTestId('org-status')).toHaveText(t('organizations', 'status.review'));
      // Not approved yet: the casts' screen says so.
      await owner.goto(pathIn(lang, '/organization/casts'));
      await expect(owner.getByTestId('casts-not-approved')).toBeVisible();
      const review = await request.post('/_local/demo/organization-review', {
        data: { email: account.email, approve: true },
      });
      expect(review.ok(), await review.text()).toBe(true);

      // The owner creates a cast and reads the login details to hand over.
      await owner.reload();
      const empty = owner.getByTestId('casts-empty');
      await expect(empty).toBeVisible();
      await shot(owner, lang, 'casts-empty');
      await empty.getByRole('link', { name: t('casts', 'create') }).click();
      await expectPath(owner, lang, '/organization/casts/new');
      const castName = lang === 'ja' ? 'みお' : 'Mio';
      const castUsername = uniqueUsername(`cast${lang}`);
      await field(owner, lang, t('casts', 'form.nickname')).fill(castName);
      await field(owner, lang, t('casts', 'form.username')).fill(castUsername);
      await field(owner, lang, t('casts', 'form.password')).fill(TEMPORARY);
      await field(owner, lang, t('casts', 'form.passwordConfirmation')).fill(TEMPORARY);
      await shot(owner, lang, 'cast-create');
      await owner.getByRole('button', { name: t('casts', 'form.submit') }).click();
      await expect(owner.getByRole('heading', { name: t('casts', 'created.title') })).toBeVisible();
      await expect(owner.getByTestId('created-username')).toHaveText(castUsername);
      const loginUrl = await owner.getByTestId('created-login-url').textContent();
      expect(new URL(loginUrl ?? '').pathname).toBe(pathIn(lang, '/creator/login/cast'));
      await shot(owner, lang, 'cast-created');
      await owner.getByRole('link', { name: t('casts', 'created.list') }).click();
      const row = owner.getByTestId('cast-row').filter({ hasText: `@${castUsername}` });
      await expect(row.getByTestId('cast-password-pending')).toBeVisible();
      await expect(row.getByTestId('cast-this-count')).toHaveText(t('casts', 'list.countValue', { n: 0 }));

      // The cast logs in with the handed-over details and must choose its own password first.
      await cast.goto(loginUrl ?? '');
      await field(cast, lang, t('auth', 'fields.username')).fill(castUsername);
      await field(cast, lang, t('auth', 'fields.password')).fill(TEMPORARY);
      await cast.getByRole('button', { name: t('auth', 'castLogin.submit'), exact: true }).click();
      await expectPath(cast, lang, '/creator/login/cast/password');
      // Any other screen sends it back here.
      await cast.goto(pathIn(lang, '/mypage/points'));
      await expectPath(cast, lang, '/creator/login/cast/password');
      const newPassword = field(cast, lang, t('auth', 'fields.newPassword'));
      const confirmation = field(cast, lang, t('auth', 'fields.newPasswordConfirmation'));
      await newPassword.fill(TEMPORARY);
      await confirmation.fill(TEMPORARY);
      await cast.getByRole('button', { name: t('auth', 'castPassword.submit') }).click();
      await expect(cast.getByText(t('validation', 'passwordUnchanged'))).toBeVisible();
      await shot(cast, lang, 'cast-password');
      await newPassword.fill(CHOSEN);
      await confirmation.fill(CHOSEN);
      await cast.getByRole('button', { name: t('auth', 'castPassword.submit') }).click();
      // Back to where it was going.
      await expectPath(cast, lang, '/mypage/points');
      await owner.reload();
      await expect(row.getByTestId('cast-status')).toHaveText(t('casts', 'list.status.active'));
      await expect(row.getByTestId('cast-password-pending')).toHaveCount(0);

      // A fan pays the cast for a message (the default price).
      await fanWithMushrooms(fan, lang, t, `fan-${lang}-${Date.now().toString(36)}`);
      await fan.goto(pathIn(lang, `/chatroom/${castUsername}`));
      await expect(fan.getByRole('heading', { name: castName })).toBeVisible();
      await fan.getByRole('textbox', { name: t('chat', 'composer.label') }).fill('はじめまして！');
      await fan.getByRole('button', { name: new RegExp(`^${t('chat', 'composer.send')}`) }).click();
      await expect(fan.getByTestId('chat-balance')).toHaveText('99');

      // The owner sees the sale under that cast: on its casts, and in the organization's sales.
      await expect(async () => {
        await owner.reload();
        await expect(row.getByTestId('cast-this-count')).toHaveText(t('casts', 'list.countValue', { n: 1 }), {
          timeout: 2000,
        });
      }).toPass({ timeout: 20_000 });
      await expect(row.getByTestId('cast-this-revenue')).not.toHaveText(t('incomes', 'yen', { yen: 0 }));
      await shot(owner, lang, 'casts-sale');
      await owner.goto(pathIn(lang, '/organization/sales'));
      const sales = owner.locator('.org-sales__row').filter({ hasText: `@${castUsername}` });
      await expect(sales).toContainText(castName);
      await expect(sales).toContainText(t('organizations', 'sales.countValue', { n: 1 }));
    } finally {
      await owner.context().close();
      await cast.context().close();
      await fan.context().close();
    }
  });
}
