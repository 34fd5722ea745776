import { expect, type Page, test } from '@playwright/test';
import { text } from './support.ts';

/** Console warnings and errors, and requests that failed, while `run` goes through some screens. */
async function noise(page: Page, run: () => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') found.push(`${m.type()}: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) found.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await run();
  return found;
}

test('a fresh load of the app and the LINE stand-in leave a clean console', async ({ page }) => {
  const found = await noise(page, async () => {
    // A fresh load of an app screen (signed out: the terms, then the login page it leads to).
    await page.goto('/terms');
    await expect(page.locator('h1')).toBeVisible();
    await page.goto('/en/creator/login');
    await expect(page.locator('h1')).toBeVisible();
    await page.goto('/ja/store');
    await expect(page).toHaveURL(/\/user\/login/);
    await page.goto('/user/login');
    await page.getByRole('button', { name: text('ja', 'auth', 'userLogin.lineButton') }).click();
    await expect(page).toHaveURL(/\/_local\/line\/authorize/);
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  expect(found).toEqual([]);
});
