/**
 * Issue 13, the buyer's side: a fan buys an item with points on its page, through the final
 * confirmation; once with a short balance, through the store for the shortfall and back to the
 * item with the flow restored. Items come from the local cloud's demo route (real files).
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  creatorThroughApi,
  expectPath,
  fanWithMushrooms,
  LANGS,
  type Lang,
  pathIn,
  type T,
  text,
} from './support.ts';

/** A published item of the creator, with its files (`POST /_local/demo/item`). */
async function demoItem(
  request: APIRequestContext,
  username: string,
  item: { item_type: 'photo' | 'physical'; name: string; price: number },
): Promise<string> {
  const res = await request.post('/_local/demo/item', { data: { username, ...item } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/** From the item page's purchase flow (terms agreed) to the done screen. */
async function confirmAndBuy(page: Page, t: T, points: number) {
  await page.getByRole('button', { name: t('shop', 'flow.next') }).click();
  const confirm = page.getByRole('region', { name: t('shop', 'confirm.heading') });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('confirm-total')).toContainText(
    t('shop', 'item.points', { points: points.toLocaleString('en-US') }),
  );
  await confirm.getByRole('button', { name: t('shop', 'confirm.submit') }).click();
  await expect(page.getByRole('heading', { name: t('shop', 'done.heading') })).toBeVisible();
}

for (const lang of LANGS) {
  test(`a fan buys items with points, once through the store for the shortfall [${lang}]`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const t: T = (ns, key, vars) => text(lang as Lang, ns, key, vars);
    const c = await creatorThroughApi(
      request,
      { nickname: lang === 'ja' ? '桜井さくら' : 'Sakura' },
      'shopc',
    );
    const cheap = await demoItem(request, c.username, { item_type: 'physical', name: 'チェキ', price: 500 });
    const photo = await demoItem(request, c.username, { item_type: 'photo', name: '写真集', price: 1500 });

    // A guest is asked to log in, and comes back to the item.
    await page.goto(pathIn(lang, `/shop/item/${cheap}`));
    await expect(page.getByRole('heading', { name: 'チェキ' })).toBeVisible();
    await expect(page.getByText(t('shop', 'item.guest.prompt'))).toBeVisible();

    await fanWithMushrooms(page, lang, t, `e2e-shop-${lang}`, 100);

    // 50 points of 100: bought at once.
    await page.goto(pathIn(lang, `/shop/item/${cheap}`));
    await page.getByRole('button', { name: t('shop', 'item.buy') }).click();
    await page.getByRole('checkbox', { name: t('shop', 'flow.agree') }).check();
    await confirmAndBuy(page, t, 50);
    await expect(page.getByTestId('done-balance')).toHaveText('50');
    await expect(page.getByRole('link', { name: t('shop', 'done.library') })).toHaveAttribute(
      'href',
      new RegExp(`${pathIn(lang, '/library/')}[0-9A-Z]{26}$`),
    );

    // 150 points with 50: the shortfall (100) at the store, then back to the item.
    await page.goto(pathIn(lang, `/shop/item/${photo}`));
    await page.getByRole('button', { name: t('shop', 'item.buy') }).click();
    await expect(page.getByText(t('shop', 'flow.short', { shortfall: '100' }))).toBeVisible();
    await page.getByRole('button', { name: t('shop', 'flow.buyShortfall', { shortfall: '100' }) }).click();
    await expectPath(page, lang, '/store');
    // The card from the first purchase is chosen; the shortfall is preselected.
    await expect(
      page.getByRole('radio', { name: new RegExp(t('store', 'packs.count', { count: 100 })) }),
    ).toBeChecked();
    await page.getByRole('checkbox', { name: t('store', 'terms.agree') }).check();
    await page.getByRole('button', { name: t('store', 'next') }).click();
    await page.getByRole('button', { name: t('store', 'confirm.submit') }).click();
    await expect(page.getByTestId('mushroom-balance')).toHaveText('150');
    await page.getByRole('link', { name: t('store', 'done.backToPage') }).click();
    await expectPath(page, lang, `/shop/item/${photo}`);
    await expect(page.getByText(t('shop', 'flow.restored'))).toBeVisible();
    await page.getByRole('checkbox', { name: t('shop', 'flow.agree') }).check();
    await confirmAndBuy(page, t, 150);
    await expect(page.getByTestId('done-balance')).toHaveText('0');

    // The item is now in the library: the page says so.
    await page.goto(pathIn(lang, `/shop/item/${photo}`));
    await expect(page.getByText(t('shop', 'item.owned'))).toBeVisible();
  });
}
