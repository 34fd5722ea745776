import { expect, test } from '@playwright/test';
import { LANGS, text } from './support.ts';

for (const lang of LANGS) {
  const other = lang === 'ja' ? 'en' : 'ja';
  test.describe(() => {
    test.use({ locale: lang === 'ja' ? 'ja-JP' : 'en-US' });

    test(`[${lang}] the landing pages are pre-rendered in the browser's language, without the app's code, and lead into the app`, async ({
      page,
    }) => {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      const titles = { '/': 'landing', '/creator': 'creatorLanding', '/user/login': 'userLogin' };
      for (const [path, title] of Object.entries(titles)) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        // The page is in the HTML itself, in the browser's language.
        const html = (await response?.text()) ?? '';
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain(`<title>${text(lang, 'common', `titles.${title}`)} | kinoko</title>`);
        await expect(page.locator('h1')).toBeVisible();
      }
      expect(scripts.filter((s) => /\/assets\/static-page-/.test(s))).toHaveLength(3);
      expect(scripts.filter((s) => /\/assets\/(index|react|ja|en)-/.test(s))).toEqual([]);

      // A link opens the app, in the same language.
      await page.goto('/');
      await page
        .getByRole('link', { name: text(lang, 'landing', 'fan.hero.cta') })
        .first()
        .click();
      await expect(page).toHaveURL((url) => url.pathname === '/user/login');
      await expect(
        page.getByRole('button', { name: text(lang, 'auth', 'userLogin.lineButton') }),
      ).toBeVisible();
    });

    test(`[${lang}] the pre-rendered login page's LINE button loads its code on the press and signs the fan in`, async ({
      page,
    }) => {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto('/user/login');
      expect(scripts.some((s) => /\/assets\/static-line-login-/.test(s))).toBe(false);
      await page.getByRole('button', { name: text(lang, 'auth', 'userLogin.lineButton') }).click();
      await expect(page).toHaveURL(/\/_local\/line\/authorize/);
      expect(scripts.some((s) => /\/assets\/static-line-login-/.test(s))).toBe(true);
      expect(scripts.filter((s) => /\/assets\/(index|react)-/.test(s))).toEqual([]);
      await page.getByLabel(/表示名|Display name/).fill(`e2e-static-${lang}`);
      await page.getByRole('button', { name: /作成してログイン/ }).click();
      // Back in the app, in the page's language.
      await expect(page).toHaveURL((url) => url.pathname === '/mypage/signup/1');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });

    test(`[${lang}] the switcher of a pre-rendered page stores the choice, which the unprefixed pages then follow`, async ({
      page,
    }) => {
      await page.goto('/creator');
      const name = text(lang, 'common', 'language.switchTo', {
        language: text(lang, 'common', `language.${other}`),
      });
      await page.getByRole('button', { name }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/${other}/creator`);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(
        page.getByRole('link', { name: text(other, 'landing', 'fan.hero.cta') }).first(),
      ).toBeVisible();
      // The app follows the same choice.
      await page.goto('/user/login');
      await expect(
        page.getByRole('button', { name: text(other, 'auth', 'userLogin.lineButton') }),
      ).toBeVisible();
    });
  });
}
