import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
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

/** `SHOTS_DIR=/tmp/shots/library npx playwright test … shop-library` saves the screens at 390×844. */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, lang: Lang, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });
}

/** The return gift's photo: a small PNG. */
const giftPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#d9822b' } })
    .png()
    .toBuffer();

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`[${lang}] a fan opens a bought item in the library and downloads a file; the creator hands over a physical order and sends a photo return gift, which the fan sees`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const creatorName = lang === 'ja' ? 'まいたけ工房' : 'Maitake';
    const fanName = `lib-${lang}-${Date.now().toString(36)}`;
    const creator = await phonePage(browser);
    const fan = await phonePage(browser);
    try {
      const made = await creatorThroughApi(request, { nickname: creatorName }, 'lib');
      const photoName = lang === 'ja' ? '夏のフォトセット' : 'Summer photo set';
      const goodsName = lang === 'ja' ? 'サイン入りチェキ' : 'Signed instant photo';
      const itemOf = async (body: Record<string, unknown>) => {
        const res = await request.post('/_local/demo/item', { data: { username: made.username, ...body } });
        expect(res.ok(), await res.text()).toBe(true);
        return ((await res.json()) as { id: string }).id;
      };
      const photoId = await itemOf({ name: photoName, price: 300, images: 2 });
      const goodsId = await itemOf({ name: goodsName, item_type: 'physical', price: 200 });

      // The fan signs up, buys mushrooms, and buys both items (the purchase itself is the shop's
      // item page, built elsewhere: here through the local cloud's purchase on the same service).
      await fanWithMushrooms(fan, lang, t, fanName, 100);
      const fanId = (await authHeaders(fan))['X-Profile-Id'];
      for (const itemId of [photoId, goodsId]) {
        const bought = await request.post('/_local/demo/purchase', {
          data: { profile_id: fanId, item_id: itemId },
        });
        expect(bought.ok(), await bought.text()).toBe(true);
      }

      // The library: both purchases, newest first; the photo set opens with its images.
      await fan.goto(pathIn(lang, '/mypage/account'));
      await fan.getByRole('link', { name: t('common', 'titles.library') }).click();
      await expectPath(fan, lang, '/library');
      const list = fan.getByRole('list', { name: t('library', 'listLabel') });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByRole('listitem').first()).toContainText(goodsName);
      await expect(list.getByRole('listitem').first()).toContainText(t('library', 'notProvided'));
      await shot(fan, lang, 'library');
      // The filter's state follows the URL, which the click changes a moment later: click, then wait
      // for the radio to show it (check() would read the state at once and call it unchanged).
      const photos = fan.getByRole('radio', { name: t('library', 'filter.photo') });
      await photos.click();
      await expect(photos).toBeChecked();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await list.getByRole('link', { name: new RegExp(photoName) }).click();
      await expect(fan.getByRole('heading', { level: 1, name: photoName })).toBeVisible();
      const gallery = fan.getByRole('list', { name: t('library', 'detail.images') });
      await expect(gallery.getByRole('img')).toHaveCount(2);
      await expect
        .poll(() =>
          gallery
            .getByRole('img')
            .first()
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
      await shot(fan, lang, 'library-detail');
      // In the page's image viewer.
      await gallery.getByRole('button').first().click();
      await expect(fan.getByRole('dialog')).toBeVisible();
      await fan.keyboard.press('Escape');
      await expect(fan.getByRole('dialog')).toBeHidden();
      // A download: the file comes with its name.
      const [download] = await Promise.all([
        fan.waitForEvent('download'),
        gallery
          .getByRole('link', { name: new RegExp(t('library', 'detail.download')) })
          .first()
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.webp$/);
      const saved = await download.path();
      expect(readFileSync(saved).subarray(8, 12).toString()).toBe('WEBP');

      // The creator: sales status, the physical order handed over, a photo return gift.
      await creator.goto(pathIn(lang, '/creator/login'));
      await field(creator, lang, t('auth', 'fields.email')).fill(made.email);
      await field(creator, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
      await creator.getByRole('button', { name: t('auth', 'creatorLogin.submit'), exact: true }).click();
      await expectPath(creator, lang, '/home');
      await creator.goto(pathIn(lang, '/home/shop/sales-status'));
      const orders = creator.getByRole('list', { name: t('library', 'sales.listLabel') });
      await expect(orders.getByRole('listitem')).toHaveCount(2);
      await expect(creator.getByText(t('library', 'sales.pending', { count: 1 }))).toBeVisible();
      const goods = orders.getByRole('listitem').filter({ hasText: goodsName });
      await goods
        .getByRole('checkbox', { name: t('library', 'sales.providedToggle', { item: goodsName }) })
        .check();
      await expect(creator.getByText(t('library', 'sales.nonePending'))).toBeVisible();
      await goods.getByRole('button', { name: t('library', 'sales.giftOpen') }).click();
      const message = lang === 'ja' ? 'ご購入ありがとうございました！' : 'Thank you for your order!';
      await goods.getByLabel(t('library', 'sales.giftMessage')).fill(message);
      await goods
        .getByLabel(t('library', 'sales.giftFile'))
        .setInputFiles({ name: 'thanks.png', mimeType: 'image/png', buffer: await giftPng() });
      await goods.getByRole('button', { name: t('library', 'sales.giftSend') }).click();
      await expect(goods.getByText(t('library', 'sales.giftSent'))).toBeVisible();
      await expect(goods.getByRole('img', { name: t('library', 'detail.giftPhoto') })).toBeVisible();
      await shot(creator, lang, 'sales-status');

      // The fan sees the gift (and the handed-over state) in the library, and its notice.
      const giftNotice = fan.getByRole('button', {
        name: new RegExp(t('notices', 'kinds.return_gift_received', { item_name: goodsName })),
      });
      // The notice is written by a stream consumer just after the gift's commit.
      await expect(async () => {
        await fan.goto(pathIn(lang, '/notice'));
        await expect(giftNotice).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await giftNotice.click();
      await expect(fan.getByRole('heading', { level: 1, name: goodsName })).toBeVisible();
      await expect(fan.getByRole('heading', { name: t('library', 'provided') })).toBeVisible();
      await expect(fan.getByText(message)).toBeVisible();
      const photo = fan.getByRole('img', { name: t('library', 'detail.giftPhoto') });
      await expect
        .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await shot(fan, lang, 'library-gift');
    } finally {
      await creator.context().close();
      await fan.context().close();
    }
  });
}
