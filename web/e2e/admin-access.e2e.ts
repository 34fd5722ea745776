/**
 * The operators' console (issue 17): a new operator enrols the authenticator (QR code, recovery
 * codes), logs out, logs in again with the next code and finds its enrolment in the audit log; a
 * fan opening /admin is refused.
 */
import { expect, test } from '@playwright/test';
import { totpCode } from '../../functions/src/services/admin/totp.ts';
import {
  adminLogin,
  DEMO_PASSWORD,
  expectPath,
  fanSignUpSteps,
  field,
  LANGS,
  lineStandInNewUser,
  pathIn,
  type T,
  text,
} from './support.ts';

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`${lang}: an operator enrols, logs in again with the next code and sees the enrolment logged`, async ({
    page,
  }) => {
    const { email, secret } = await adminLogin(page, lang, t);
    const menu = page.getByRole('navigation', { name: t('admin', 'access.nav.menu') });
    await expect(menu).toBeVisible();
    await page.getByRole('button', { name: t('admin', 'access.nav.logout') }).click();
    await expectPath(page, lang, '/admin/login');

    await field(page, lang, t('admin', 'access.login.email')).fill(email);
    await field(page, lang, t('admin', 'access.login.password')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('admin', 'access.login.submit') }).click();
    // The password was right: the code is asked for. The enrolment's code is spent: the next one.
    const code = field(page, lang, t('admin', 'access.login.code'));
    await expect(code).toBeVisible();
    await code.fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: t('admin', 'access.login.submit') }).click();
    await expectPath(page, lang, '/admin');

    await menu.getByRole('link', { name: t('admin', 'access.nav.audit') }).click();
    await expectPath(page, lang, '/admin/audit');
    await expect(page.getByRole('heading', { name: t('admin', 'access.audit.title') })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: t('admin', 'access.audit.actions.admin_enrol') });
    await expect(row.first()).toBeVisible();
    // Filtered by action: the URL keeps the filter.
    await page
      .getByRole('combobox', { name: t('admin', 'access.audit.filters.action'), exact: true })
      .selectOption(t('admin', 'access.audit.actions.admin_enrol'));
    await page.getByRole('button', { name: t('admin', 'access.audit.filters.apply') }).click();
    await expect(page).toHaveURL(/action=admin\.enrol/);
    await expect(row.first()).toBeVisible();
  });

  test(`${lang}: a fan opening the console is refused`, async ({ page }) => {
    await page.goto(pathIn(lang, '/user/login'));
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    await lineStandInNewUser(page, 'admin-walk');
    await fanSignUpSteps(page, lang, '/home');
    await page.goto(pathIn(lang, '/admin/audit'));
    await expect(page.getByRole('alert').filter({ hasText: t('admin', 'access.forbidden') })).toBeVisible();
    await expect(page.getByRole('navigation', { name: t('admin', 'access.nav.menu') })).toHaveCount(0);
  });
}
