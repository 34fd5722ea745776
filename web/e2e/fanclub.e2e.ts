/**
 * The fan club's journey (issue 14), in ja and en: a creator sets up the fan club and posts a
 * members-only photo; a fan sees the teaser, joins through the final confirmation, sees the post,
 * stops auto-renewal; once the clock has passed the renewal the fan has lapsed and sees the teaser
 * again, buys that month's back number and sees the post again.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  fanWithMushrooms,
  field,
  LANGS,
  type Lang,
  pathIn,
  setClock,
  setClockParked,
  type T,
  text,
} from './support.ts';

const DAY_MS = 86_400_000;
/** Past any paid period (the longest ends 32 days after the join) and past the refresh token's 30 days. */
const LAPSE_MS = 33 * DAY_MS;

const png = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 160, height: 120, channels: 3, background } })
    .png()
    .toBuffer(),
});

async function fanPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: lang === 'ja' ? 'ja-JP' : 'en-US',
  });
  return context.newPage();
}

/** The LINE stand-in's existing test user `nickname` logs in again (the session ended meanwhile). */
async function fanLogsInAgain(page: Page, lang: Lang, t: T, nickname: string) {
  await page.goto(pathIn(lang, '/user/login'));
  await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
  await expect(page).toHaveURL(/\/_local\/line\/authorize/);
  await page.getByRole('link', { name: nickname }).click();
  await expectPath(page, lang, '/home');
}

for (const lang of LANGS) {
  test(`[${lang}] a fan joins a fan club, sees a members-only post, lapses and buys its back number`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const t: T = (ns, key, vars) => text(lang, ns, key, vars);
    const creator = await creatorThroughApi(
      request,
      { nickname: lang === 'ja' ? '月見さくら' : 'Sakura Moon' },
      'fcc',
    );
    const clubName = lang === 'ja' ? 'さくらの月見会' : 'Moon club';
    const body = lang === 'ja' ? '会員のみなさんへ、今月の写真です。' : 'This month’s photo, for members.';

    try {
      // The creator sets up the fan club at 100 mushrooms a month.
      await page.goto(pathIn(lang, '/creator/login'));
      await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
      await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
      await expectPath(page, lang, '/home');
      await page.goto(pathIn(lang, '/home/fanclub'));
      await expect(page.getByRole('heading', { name: t('fanclub', 'empty.heading') })).toBeVisible();
      await field(page, lang, t('fanclub', 'form.name')).fill(clubName);
      await field(page, lang, t('fanclub', 'form.benefits')).fill(
        lang === 'ja' ? '毎月の限定写真' : 'A photo a month',
      );
      await field(page, lang, t('fanclub', 'form.price')).fill('100');
      await page.getByRole('button', { name: t('fanclub', 'form.create') }).click();
      await expect(page.getByText(t('fanclub', 'form.created'))).toBeVisible();

      // …and posts a members-only photo.
      await page.getByRole('link', { name: t('fanclub', 'posts.link') }).click();
      await expectPath(page, lang, '/home/fanclub/posts');
      await page.getByRole('link', { name: t('fanclubPosts', 'list.create') }).click();
      await page.getByRole('textbox', { name: t('fanclubPosts', 'form.text') }).fill(body);
      await page.getByTestId('file-images').setInputFiles([await png('moon.png', '#e8b')]);
      await expect(page.getByTestId('file-slot')).toHaveCount(1);
      await expect(page.locator('.file-slot__progress')).toHaveCount(0);
      await page
        .getByRole('radio', { name: new RegExp(`^${t('fanclubPosts', 'form.visibilities.members')}`) })
        .check();
      await page.getByRole('button', { name: t('fanclubPosts', 'form.submitNow') }).click();
      await expect(page.getByText(t('fanclubPosts', 'form.posted'))).toBeVisible();

      // A fan with 300 mushrooms sees the teaser, and joins from it.
      const fan = await fanPage(browser, lang);
      const nickname = `e2e-fc-${lang}-${Date.now().toString(36)}`;
      await fanWithMushrooms(fan, lang, t, nickname, 300);
      await fan.goto(pathIn(lang, `/@${creator.username}/posts`));
      await expect(
        fan.getByText(t('fanclubView', 'teaser.images', { count: 1 }), { exact: false }),
      ).toBeVisible();
      await expect(fan.getByText(body)).toHaveCount(0);
      await fan.getByRole('link', { name: t('fanclubView', 'teaser.join') }).click();
      await expectPath(fan, lang, `/@${creator.username}/fanclub`);
      await expect(fan.getByTestId('fanclub-card')).toContainText(clubName);
      await fan.getByRole('checkbox', { name: t('shop', 'flow.agree') }).check();
      await fan.getByRole('button', { name: t('membership', 'flow.next') }).click();
      await expect(fan.getByRole('heading', { name: t('membership', 'confirm.heading') })).toBeVisible();
      await fan
        .getByRole('button', { name: t('membership', 'confirm.submitJoin', { points: '100' }) })
        .click();
      await expect(fan.getByRole('heading', { name: t('membership', 'done.joined') })).toBeVisible();

      // The member sees the post and its photo.
      await fan.getByRole('link', { name: t('membership', 'done.toPosts') }).click();
      await expect(fan.getByText(body)).toBeVisible();
      await expect(fan.getByRole('img', { name: t('fanclubView', 'imageAlt', { n: 1 }) })).toBeVisible();

      // The fan stops auto-renewal on /home/fanclub.
      await fan.goto(pathIn(lang, '/home/fanclub'));
      await expect(fan.getByTestId('stop-deadline')).toBeVisible();
      await fan.getByRole('button', { name: t('membership', 'page.stop') }).click();
      await expect(fan.getByRole('button', { name: t('membership', 'page.resume') })).toBeVisible();

      // The clock passes the renewal: the membership has lapsed and the post is a teaser again,
      // which offers that month's back number.
      await setClockParked(request, LAPSE_MS, [fan, page]);
      await fanLogsInAgain(fan, lang, t, nickname);
      await fan.goto(pathIn(lang, `/@${creator.username}/posts`));
      await expect(fan.getByText(body)).toHaveCount(0);
      const pass = fan.locator(`a[href*="/@${creator.username}/fanclub?pass="]`);
      await expect(pass).toBeVisible();
      await pass.click();
      await fan.getByRole('checkbox', { name: t('shop', 'flow.agree') }).check();
      await fan.getByRole('button', { name: t('membership', 'flow.next') }).click();
      await fan
        .getByRole('button', { name: t('membership', 'confirm.submitPass', { points: '100' }) })
        .click();
      await expect(fan.getByRole('heading', { name: t('membership', 'done.passBought') })).toBeVisible();
      await fan.getByRole('link', { name: t('membership', 'done.toPosts') }).click();
      await expect(fan.getByText(body)).toBeVisible();

      // The fan's memberships list the ended membership and the pass.
      await fan.goto(pathIn(lang, '/home/fanclub'));
      await expect(fan.getByText(t('membership', 'page.passes'))).toBeVisible();
      await expect(fan.getByText(clubName).first()).toBeVisible();
      await fan.context().close();
    } finally {
      await setClock(request, 0);
    }
  });
}
