/** The operators' console (issue 17): an operator enrols the authenticator and reaches the console. */
import { expect, test } from '@playwright/test';
import { adminLogin, LANGS, type T, text } from './support.ts';

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);
  test(`${lang}: an operator logs in with an authenticator code`, async ({ page }) => {
    await adminLogin(page, lang, t);
    await expect(page.getByRole('navigation', { name: t('admin', 'access.nav.menu') })).toBeVisible();
  });
}
