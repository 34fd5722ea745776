/**
 * Fan club posts, the creator's side (issue 14): a creator with a fan club (made through the local
 * demo route) writes a members-only photo post from real PNG files (uploaded with progress,
 * reordered), publishes it, schedules another for later, sees the scheduled one first with its
 * time, and deletes it after the confirmation.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { creatorThroughApi, DEMO_PASSWORD, expectPath, field, LANGS, pathIn, text } from './support.ts';

const png = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** A datetime-local value in Japan time, `ms` from now. */
const jstInput = (ms: number) => new Date(Date.now() + ms + 9 * 3600_000).toISOString().slice(0, 16);

for (const lang of LANGS) {
  test(`[${lang}] a creator posts a members-only photo post, schedules another and deletes it`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
      text(lang, ns, key, vars);
    const creator = await creatorThroughApi(request, {
      nickname: lang === 'ja' ? 'きのこ日記' : 'Mushroom Diary',
    });
    const club = await request.post('/_local/demo/fanclub', {
      data: { username: creator.username, name: 'Club', price: 500, is_open: true },
    });
    expect(club.ok()).toBe(true);
    await page.goto(pathIn(lang, '/creator/login'));
    await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
    await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
    await expectPath(page, lang, '/home');

    await page.goto(pathIn(lang, '/home/fanclub/posts'));
    await expect(page.getByText(t('fanclubPosts', 'list.empty'))).toBeVisible();
    await page.getByRole('link', { name: t('fanclubPosts', 'list.create') }).click();
    await expectPath(page, lang, '/home/fanclub/posts/create');

    const body = lang === 'ja' ? '会員のみなさんへ、今月の写真です。' : 'This month’s photos, for members.';
    await page.getByRole('textbox', { name: t('fanclubPosts', 'form.text') }).fill(body);
    await page
      .getByTestId('file-images')
      .setInputFiles([await png('first.png', '#e57'), await png('second.png', '#57e')]);
    await expect(page.getByTestId('file-slot')).toHaveCount(2);
    await expect(page.locator('.file-slot__progress')).toHaveCount(0);
    await page.getByRole('button', { name: t('items', 'form.moveDownFile', { name: 'first.png' }) }).click();
    await page
      .getByRole('radio', { name: new RegExp(`^${t('fanclubPosts', 'form.visibilities.members')}`) })
      .check();
    await page.getByRole('button', { name: t('fanclubPosts', 'form.submitNow') }).click();
    await expectPath(page, lang, '/home/fanclub/posts');
    await expect(page.getByText(t('fanclubPosts', 'form.posted'))).toBeVisible();
    const rows = page.getByTestId('post-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(t('fanclubPosts', 'list.visibility.members'));
    await expect(rows.first()).toContainText(t('fanclubPosts', 'list.images', { count: 2 }));

    // A scheduled post: a time too soon is refused on its field, a later one goes first in the list.
    await page.getByRole('link', { name: t('fanclubPosts', 'list.create') }).click();
    await page
      .getByRole('textbox', { name: t('fanclubPosts', 'form.text') })
      .fill(lang === 'ja' ? '来週のお知らせ' : 'Next week');
    await page.getByRole('radio', { name: t('fanclubPosts', 'form.whens.later') }).check();
    const at = page.getByLabel(t('fanclubPosts', 'form.publishAt'));
    await at.fill(jstInput(60_000));
    await page.getByRole('button', { name: t('fanclubPosts', 'form.submitLater') }).click();
    await expect(page.getByText(t('validation', 'postPublishAt', { post_schedule_min: 5 }))).toBeVisible();
    await at.fill(jstInput(3 * 86_400_000));
    await page.getByRole('button', { name: t('fanclubPosts', 'form.submitLater') }).click();
    await expect(page.getByText(t('fanclubPosts', 'form.scheduled'))).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(t('fanclubPosts', 'list.status.scheduled'));

    await rows
      .first()
      .getByRole('button', { name: t('fanclubPosts', 'list.delete') })
      .click();
    const dialog = page.getByRole('dialog', { name: t('fanclubPosts', 'list.deleteTitle') });
    await expect(dialog).toContainText(t('fanclubPosts', 'list.deleteScheduled'));
    await dialog.getByRole('button', { name: t('fanclubPosts', 'list.delete') }).click();
    await expect(page.getByText(t('fanclubPosts', 'list.deleted'))).toBeVisible();
    await expect(rows).toHaveCount(1);
  });
}
