import { expect, type Page, test } from '@playwright/test';
import { expectPath, fanSignUpSteps, field, LANGS, lineStandInNewUser, pathIn, text } from './support.ts';

type T = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) => string;

/** A new fan through the LINE stand-in, with both sign-up steps done (an adult's date of birth). */
async function signUpFan(page: Page, lang: 'ja' | 'en', t: T) {
  await page.goto(pathIn(lang, '/user/login'));
  await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
  await lineStandInNewUser(page, `e2e-buyer-${lang}-${Date.now().toString(36)}`);
  await fanSignUpSteps(page, lang, '/home', 'buyer');
}

/** The header's title is shown whole at 390 px (no ellipsis), and Japanese headlines break by phrase. */
async function expectWholeTitle(page: Page, lang: 'ja' | 'en') {
  const title = page.locator('.header__title');
  await expect(title).toBeVisible();
  const { scroll, client } = await title.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, (await title.textContent()) ?? '').toBeLessThanOrEqual(client);
  const wordBreak = await page
    .locator('h1')
    .first()
    .evaluate((el) => getComputedStyle(el).wordBreak);
  expect(wordBreak).toBe(lang === 'ja' ? 'auto-phrase' : 'normal');
}

/** Registers a local test card on the store screen. */
async function addTestCard(page: Page, lang: 'ja' | 'en', t: T, number: string) {
  await page.getByRole('button', { name: t('store', 'cards.add') }).click();
  await expect(page.getByText(t('store', 'cardForm.local.badge'), { exact: true })).toBeVisible();
  await field(page, lang, t('store', 'cardForm.number')).fill(number);
  await field(page, lang, t('store', 'cardForm.expiry')).fill('12/30');
  await field(page, lang, t('store', 'cardForm.cvc')).fill('123');
  await page.getByRole('button', { name: t('store', 'cardForm.submit') }).click();
  await expect(page.getByText(t('store', 'cards.registered'))).toBeVisible();
  const card = t('store', 'cards.name', { brand: 'Visa', last4: number.slice(-4) });
  await expect(page.getByRole('radio', { name: new RegExp(card) })).toBeChecked();
  return card;
}

/** Picks the 100-mushroom pack, agrees to the terms and opens the final confirmation screen. */
async function reviewPurchase(page: Page, t: T, card: string) {
  await page.getByRole('radio', { name: new RegExp(t('store', 'packs.count', { count: 100 })) }).check();
  await page.getByRole('checkbox', { name: t('store', 'terms.agree') }).check();
  await page.getByRole('button', { name: t('store', 'next') }).click();
  const confirm = page.getByRole('region', { name: t('store', 'confirm.heading') });
  await expect(confirm).toBeVisible();
  await expect(
    confirm.getByText(t('store', 'confirm.quantityValue', { count: 100 }), { exact: true }),
  ).toBeVisible();
  await expect(confirm.getByText(t('store', 'confirm.totalValue', { price: '1,000' }))).toBeVisible();
  await expect(confirm.getByText(card, { exact: true })).toBeVisible();
  await expect(confirm.getByText(t('store', 'confirm.cancelValue'))).toBeVisible();
  await expect(confirm.getByRole('link', { name: new RegExp(t('store', 'terms.commercial')) })).toBeVisible();
  return confirm;
}

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`[${lang}] a fan registers a test card, buys mushrooms and sees them in the point history`, async ({
    page,
  }) => {
    await signUpFan(page, lang, t);
    await page.goto(pathIn(lang, '/store'));
    await expect(page.getByRole('heading', { name: t('store', 'heading') })).toBeVisible();
    await expect(page.getByTestId('balance-mushroom')).toHaveText('0');
    await expectWholeTitle(page, lang);

    const card = await addTestCard(page, lang, t, '4111111111111111');
    const confirm = await reviewPurchase(page, t, card);
    await confirm.getByRole('button', { name: t('store', 'confirm.submit') }).click();

    await expect(page.getByRole('heading', { name: t('store', 'done.heading') })).toBeVisible();
    await expect(page.getByTestId('mushroom-balance')).toHaveText('100');

    await page.getByRole('link', { name: t('store', 'done.history') }).click();
    await expectPath(page, lang, '/mypage/points');
    await expect(page.getByTestId('balance-mushroom')).toHaveText('100');
    await expectWholeTitle(page, lang);
    const row = page.getByRole('listitem').filter({ hasText: t('points', 'history.details.purchased') });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('+100');
    await expect(row).toContainText(t('points', 'history.yen', { yen: '1,000' }));

    // The easy profile and the point history are reachable from home and from the account screens.
    await page.goto(pathIn(lang, '/home'));
    // Home shows a help it has not shown before once, by itself (web/e2e/home.e2e.ts): close it.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('home', 'help.close') })
      .click();
    await page.getByRole('link', { name: t('common', 'titles.easyProfile'), exact: true }).click();
    await expectPath(page, lang, '/mypage/easy-profile');
    await expect(page.getByRole('heading', { name: t('points', 'easyProfile.heading') })).toBeVisible();
    await expect(page.getByTestId('balance-mushroom')).toHaveText('100');
    await page.getByRole('link', { name: t('points', 'easyProfile.links.account'), exact: true }).click();
    await expectPath(page, lang, '/mypage/account');
    await page
      .getByRole('navigation', { name: t('points', 'menu.label') })
      .getByRole('link', { name: t('common', 'titles.points'), exact: true })
      .click();
    await expectPath(page, lang, '/mypage/points');
    await expect(page.getByRole('heading', { name: t('points', 'history.heading') })).toBeVisible();
  });

  test(`[${lang}] a declined card shows the declined message and the balance stays the same`, async ({
    page,
  }) => {
    await signUpFan(page, lang, t);
    await page.goto(pathIn(lang, '/store'));
    await expect(page.getByTestId('balance-mushroom')).toHaveText('0');

    // 4000000000000002 registers fine and is declined on payment.
    const card = await addTestCard(page, lang, t, '4000000000000002');
    const confirm = await reviewPurchase(page, t, card);
    await confirm.getByRole('button', { name: t('store', 'confirm.submit') }).click();

    await expect(page.getByText(t('errors', 'cardDeclined'))).toBeVisible();
    // A decline is definitive: no promise that pressing again is the same payment.
    await expect(page.getByText(t('store', 'confirm.retrySafe'))).toHaveCount(0);
    await expect(confirm).toBeVisible();
    await expect(page.getByRole('heading', { name: t('store', 'done.heading') })).toHaveCount(0);

    await page.getByRole('button', { name: t('store', 'confirm.back') }).click();
    await expect(page.getByTestId('balance-mushroom')).toHaveText('0');
    await page.goto(pathIn(lang, '/mypage/points'));
    await expect(page.getByTestId('balance-mushroom')).toHaveText('0');
    await expect(page.getByText(t('points', 'history.empty'))).toBeVisible();
  });
}
