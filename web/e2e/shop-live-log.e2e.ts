/**
 * Issue 13 (shelf): a fan's purchase shows live in the creator's profile purchase log opened in
 * another page (the page's socket watches the profile; the order line's stream consumer pushes the
 * entry), and the profile's shop section lists the item.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  type ApiCreator,
  authHeaders,
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  fanWithMushrooms,
  field,
  LANGS,
  type Lang,
  pathIn,
  phonePage,
  type T,
  text,
} from './support.ts';

async function creatorLogin(page: Page, lang: Lang, t: T, creator: ApiCreator) {
  await page.goto(pathIn(lang, '/creator/login'));
  await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
  await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth', 'creatorLogin.submit'), exact: true }).click();
  await expectPath(page, lang, '/home');
}

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`[${lang}] a fan's purchase shows live in the creator's profile purchase log`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const creator = await creatorThroughApi(request, { nickname: lang === 'ja' ? 'みお' : 'Mio' });
    const itemName = lang === 'ja' ? '春の写真集' : 'Spring photo book';
    const made = await request.post('/_local/demo/item', {
      data: { username: creator.username, name: itemName, item_type: 'photo', price: 500, images: 1 },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const { id } = (await made.json()) as { id: string };

    const fanName = lang === 'ja' ? 'ひなこ' : 'Hina';
    const fan = await phonePage(browser);
    await fanWithMushrooms(fan, lang, t, fanName, 100);

    // The creator's own profile in another page: the shop section, and the log still empty.
    const viewer = await phonePage(browser);
    await creatorLogin(viewer, lang, t, creator);
    const watching = new Promise<void>((resolve) => {
      viewer.on('websocket', (ws) =>
        ws.on('framesent', (frame) => {
          if (String(frame.payload).includes('"watch"')) resolve();
        }),
      );
    });
    await viewer.goto(pathIn(lang, `/@${creator.username}`));
    const shop = viewer.getByRole('list', { name: t('social', 'profile.shop.heading') });
    const card = shop.getByRole('link', { name: new RegExp(itemName) });
    await expect(card).toHaveAttribute('href', pathIn(lang, `/shop/item/${id}`));
    await expect(card).toContainText(t('social', 'profile.shop.labels.on_sale'));
    await expect(viewer.getByText(t('social', 'profile.purchaseLog.empty'))).toBeVisible();
    await watching;

    const bought = await fan.request.post('/api/shop/purchase/point', {
      headers: await authHeaders(fan),
      data: {
        item_id: id,
        amount: 1,
        payment_method: 'point',
        use_original_points: false,
        agree_terms: true,
        key: randomUUID(),
        expected_points: 50,
      },
    });
    expect(bought.ok(), await bought.text()).toBe(true);

    // No reload: the push brings it.
    const entry = viewer.getByTestId('purchase-log-entry');
    await expect(entry).toHaveCount(1, { timeout: 20_000 });
    await expect(entry).toContainText(itemName);
    await expect(entry).toContainText(t('social', 'profile.purchaseLog.bought', { nickname: fanName }));
    await expect(viewer.getByText(t('social', 'profile.purchaseLog.empty'))).toHaveCount(0);
    await viewer.context().close();
    await fan.context().close();
  });
}
