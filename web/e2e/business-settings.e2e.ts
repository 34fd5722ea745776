/**
 * Business settings (issue 12): a creator sets tomorrow's chat price on /mypage/businessSetting,
 * sees today's and tomorrow's values, and once the clock passes 00:00 JST the new price is
 * today's, on the screen and on the public profile a fan sees.
 */
import { expect, type Page, test } from '@playwright/test';
import { businessConfig } from '../../shared/src/config.ts';
import {
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  field,
  LANGS,
  type Lang,
  pathIn,
  setClock,
  setClockParked,
  text,
} from './support.ts';

const PRICE = 7;
/** More than a day: whatever the hour, the clock passes the next 00:00 JST. */
const DAY_MS = 25 * 60 * 60 * 1000;
/** `SHOTS_DIR=/tmp/shots/business npx playwright test … business-settings` saves the screens at 390×844. */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, lang: Lang, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });
}

for (const lang of LANGS) {
  test(`[${lang}] a creator sets tomorrow's chat price, which is today's after 00:00 JST`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
      text(lang, ns, key, vars);
    const perMessage = (cost: number) => t('business', 'chat.perMessage', { cost, count: cost });
    const creator = await creatorThroughApi(request, {
      nickname: lang === 'ja' ? 'きのこ商店' : 'Mushroom Shop',
    });
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const fanView = await guest.newPage();
    const publicPrice = (cost: number) => t('social', 'profile.chatCost', { cost, count: cost });
    try {
      await page.goto(pathIn(lang, '/creator/login'));
      await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
      await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
      await expectPath(page, lang, '/home');

      // From the account screen's business links to the basic tab.
      await page.goto(pathIn(lang, '/mypage/account'));
      await page
        .getByRole('navigation', { name: t('business', 'menu.label') })
        .getByRole('link', { name: t('business', 'menu.settings') })
        .click();
      await expectPath(page, lang, '/mypage/businessSetting/base');
      const today = page.getByTestId('cost-today');
      const next = page.getByTestId('cost-next');
      await expect(today).toHaveText(perMessage(businessConfig.chat.defaultCostMushrooms));
      await expect(next).toHaveText(t('business', 'chat.noChange'));

      // Out of range: the range is said, nothing is saved.
      const cost = field(page, lang, t('business', 'chat.cost'));
      await cost.fill(String(businessConfig.chat.maximumCostMushrooms + 1));
      await page.getByRole('button', { name: t('business', 'submit') }).click();
      await expect(
        page.getByText(
          t('validation', 'chatCost', {
            min: businessConfig.chat.minimumCostMushrooms.toLocaleString('en-US'),
            max: businessConfig.chat.maximumCostMushrooms.toLocaleString('en-US'),
          }),
        ),
      ).toBeVisible();

      await cost.fill(String(PRICE));
      await page.getByRole('button', { name: t('business', 'submit') }).click();
      await expect(page.getByText(t('business', 'saved'))).toBeVisible();
      await expect(today).toHaveText(perMessage(businessConfig.chat.defaultCostMushrooms));
      await expect(next).toHaveText(perMessage(PRICE));
      // The date it applies from and the update time (00:00 JST).
      await expect(page.locator('.biz-price--next dt')).toContainText(businessConfig.chat.dailyUpdateTimeJst);
      await shot(page, lang, 'business-base');
      // Read again from the server: the same.
      await page.reload();
      await expect(next).toHaveText(perMessage(PRICE));

      // A fan (here a visitor) still sees today's price on the profile.
      await fanView.goto(pathIn(lang, `/@${creator.username}`));
      await expect(fanView.getByText(publicPrice(businessConfig.chat.defaultCostMushrooms))).toBeVisible();

      // The clock passes 00:00 JST: tomorrow's price is today's (the access token expired
      // meanwhile; the app refreshes it on its own).
      const settings = page.url();
      await setClockParked(request, DAY_MS, [page]);
      await page.goto(settings);
      // The moved clock fires the daily jobs at once: the local cloud is slow for a moment.
      await expect(today).toHaveText(perMessage(PRICE), { timeout: 30_000 });
      await expect(next).toHaveText(t('business', 'chat.noChange'));
      await fanView.reload();
      await expect(fanView.getByText(publicPrice(PRICE))).toBeVisible();

      await page.getByRole('link', { name: t('business', 'tabs.shop') }).click();
      await expectPath(page, lang, '/mypage/businessSetting/shop');
      await expect(page.getByRole('heading', { name: t('items', 'setting.heading') })).toBeVisible();
      await shot(page, lang, 'business-shop');
    } finally {
      await setClock(request, 0);
      await guest.close();
    }
  });
}
