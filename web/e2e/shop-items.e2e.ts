/**
 * The creator's shop (issue 13, items): a creator opens shop management from the account screen,
 * is told what publishing needs, creates a photo item with a thumbnail, two images (reordered by
 * button and by drag) and a sample uploaded from real PNG files with progress, publishes it, sees
 * it on sale, pins it to the profile, finds the published item's content locked in the edit form,
 * and sets the shop's name and disclosure.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  field,
  LANGS,
  type Lang,
  pathIn,
  text,
} from './support.ts';

/** `SHOTS_DIR=/tmp/shots/items npx playwright test … shop-items` saves the screens at 390×844. */
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, lang: Lang, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });
}

const png = async (name: string, background: string, width = 120, height = 90) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** A datetime-local value in Japan time, `ms` from now. */
const jstInput = (ms: number) => new Date(Date.now() + ms + 9 * 3600_000).toISOString().slice(0, 16);

for (const lang of LANGS) {
  test(`[${lang}] a creator creates a photo item with images and samples, publishes it, pins it and sets the shop`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
      text(lang, ns, key, vars);
    const creator = await creatorThroughApi(request, {
      nickname: lang === 'ja' ? 'きのこ写真館' : 'Mushroom Photos',
    });
    await page.goto(pathIn(lang, '/creator/login'));
    await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
    await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
    await expectPath(page, lang, '/home');

    // Account → shop management (empty) → the form.
    await page.goto(pathIn(lang, '/mypage/account'));
    await page.getByRole('link', { name: t('common', 'titles.shopItems') }).click();
    await expectPath(page, lang, '/home/shop');
    await expect(page.getByText(t('items', 'list.empty'))).toBeVisible();
    await page.getByRole('link', { name: t('items', 'list.create') }).click();
    await expectPath(page, lang, '/home/shop/create');

    // Publishing an empty form says what each field needs, in the user's language.
    await page.getByRole('button', { name: t('items', 'form.publish') }).click();
    await expect(page.getByText(t('validation', 'itemName'))).toBeVisible();
    await expect(page.getByText(t('validation', 'itemDescription'))).toBeVisible();
    await expect(page.getByText(t('validation', 'itemThumbnail'))).toBeVisible();
    await expect(page.getByText(t('validation', 'itemPhotoContent'))).toBeVisible();
    await expect(page.getByText(t('validation', 'itemOpenAt'))).toBeVisible();

    const name = lang === 'ja' ? '夏の海の写真集' : 'Summer sea photos';
    await field(page, lang, t('items', 'form.name')).fill(name);
    await field(page, lang, t('items', 'form.description')).fill(
      lang === 'ja' ? '海辺で撮った写真です。' : 'Photos taken by the sea.',
    );
    await field(page, lang, t('items', 'form.price')).fill('1200');
    await page.getByTestId('file-thumbnail').setInputFiles(await png('cover.png', '#c96'));
    await page
      .getByTestId('file-images')
      .setInputFiles([await png('beach-1.png', '#36c'), await png('beach-2.png', '#3a6')]);
    await page.getByTestId('file-samples').setInputFiles(await png('sample.png', '#999'));
    // Every upload finishes (no progress bar left) and no file failed.
    await expect(page.locator('progress')).toHaveCount(0);
    await expect(page.getByTestId('file-slot')).toHaveCount(4);
    await expect(page.getByText(t('items', 'form.uploadFailed', { name: 'beach-1.png' }))).toHaveCount(0);
    // The images' order: the second moves up with its button.
    await page.getByRole('button', { name: t('items', 'form.moveUpFile', { name: 'beach-2.png' }) }).click();
    const images = page.getByRole('group', { name: t('items', 'form.images') }).getByTestId('file-slot');
    await expect(images.first()).toContainText('beach-2.png');
    // And back by dragging beach-1's handle above beach-2 (a pointer drag, as with a finger or mouse).
    const handle = page.getByRole('button', { name: t('items', 'form.dragFile', { name: 'beach-1.png' }) });
    const from = await handle.boundingBox();
    const to = await images.first().boundingBox();
    if (!from || !to) throw new Error('no boxes to drag between');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 10 });
    await page.mouse.up();
    await expect(images.first()).toContainText('beach-1.png');
    await field(page, lang, t('items', 'form.openAt')).fill(jstInput(-3600_000));
    await shot(page, lang, 'item-form');

    await page.getByRole('button', { name: t('items', 'form.publish') }).click();
    await expectPath(page, lang, '/home/shop');
    await expect(page.getByText(t('items', 'form.published'))).toBeVisible();
    const row = page.getByTestId('shop-item').filter({ hasText: name });
    await expect(row.getByText(t('items', 'labels.on_sale'))).toBeVisible();

    // Pin it to the profile.
    await row.getByRole('button', { name: t('items', 'list.pin') }).click();
    await expect(page.getByText(t('items', 'list.pinnedDone'))).toBeVisible();
    await expect(row.getByText(t('items', 'list.pinnedBadge'))).toBeVisible();
    await expect(row.getByRole('button', { name: t('items', 'list.unpin') })).toBeVisible();
    await expect(page.getByText(t('items', 'list.pinned', { count: 1, limit: 3 }))).toBeVisible();
    await shot(page, lang, 'shop-list');

    // The published item's content is locked in the edit form; the image order is kept.
    await row.getByRole('link', { name: t('items', 'list.edit') }).click();
    await expect(page.getByText(t('items', 'form.lockedNote'))).toBeVisible();
    await expect(field(page, lang, t('items', 'form.description'))).toBeDisabled();
    const editImages = page.getByRole('group', { name: t('items', 'form.images') }).getByTestId('file-slot');
    await expect(editImages.first()).toContainText('beach-1.png');
    await expect(editImages.nth(1)).toContainText('beach-2.png');
    await shot(page, lang, 'item-edit');

    // The shop's name and disclosure on the business settings' shop tab.
    await page.goto(pathIn(lang, '/mypage/businessSetting/shop'));
    await field(page, lang, t('items', 'setting.shopName')).fill(
      lang === 'ja' ? 'きのこ写真館' : 'Mushroom Photos',
    );
    await page.getByRole('radio', { name: t('items', 'setting.modeFull') }).check();
    await field(page, lang, t('items', 'setting.seller')).fill('山田 太郎');
    await field(page, lang, t('items', 'setting.address')).fill('東京都千代田区1-1');
    await page.getByRole('button', { name: t('items', 'setting.submit') }).click();
    await expect(page.getByText(t('items', 'setting.saved'))).toBeVisible();
    await page.reload();
    await expect(field(page, lang, t('items', 'setting.seller'))).toHaveValue('山田 太郎');
    await shot(page, lang, 'shop-setting');
  });
}
