import { expect, type Page, test } from '@playwright/test';
import {
  type ApiCreator,
  buyMushrooms,
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  fanSignUpSteps,
  field,
  LANGS,
  type Lang,
  lineStandInNewUser,
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

  test(`[${lang}] a guest is asked to log in on a profile; the fan likes, favorites and chats; the creator likes back; discovery likes and skips`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const star = await creatorThroughApi(request, {
      nickname: lang === 'ja' ? 'さくら' : 'Sakura',
      genre: 'イラスト',
      bio: '猫と桜を描いています。',
    });
    // Two more creators for discovery (besides any made by earlier tests).
    await creatorThroughApi(request, { nickname: lang === 'ja' ? 'もみじ' : 'Momiji' });
    await creatorThroughApi(request, { nickname: lang === 'ja' ? 'つばき' : 'Tsubaki' });
    const fan = await phonePage(browser);
    const creator = await phonePage(browser);
    const profile = `/@${star.username}`;
    try {
      // A guest sees the profile; a like asks for the login, which returns to the profile.
      await fan.goto(pathIn(lang, profile));
      await expect(fan.getByRole('heading', { level: 1, name: star.nickname })).toBeVisible();
      await expect(fan).toHaveTitle(`${star.nickname} | kinoko`);
      await fan.getByRole('button', { name: t('social', 'profile.like'), exact: true }).click();
      await expect(fan.getByText(t('social', 'profile.login.like'))).toBeVisible();
      await fan.getByRole('link', { name: t('social', 'profile.login.action') }).click();
      await expectPath(fan, lang, '/user/login');
      await fan.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
      const fanName = `soc-${lang}-${Date.now().toString(36)}`; // the stand-in keeps 20 characters
      await lineStandInNewUser(fan, fanName);
      await fanSignUpSteps(fan, lang, profile);

      // Signed in: like (permanent) and favorite.
      await fan.getByRole('button', { name: t('social', 'profile.like'), exact: true }).click();
      await expect(fan.getByText(t('social', 'profile.likeDone', { nickname: star.nickname }))).toBeVisible();
      await expect(fan.getByRole('button', { name: t('social', 'profile.liked') })).toBeDisabled();
      await fan.getByRole('button', { name: t('social', 'profile.favorite') }).click();
      await expect(fan.getByText(t('social', 'profile.favoriteAdded'))).toBeVisible();

      // Under favorites and liked.
      await fan.goto(pathIn(lang, '/home/favorites'));
      await expect(
        fan.getByRole('list', { name: t('social', 'favorites.listLabel') }).getByText(star.nickname),
      ).toBeVisible();
      await fan.goto(pathIn(lang, '/home/liked'));
      await expect(
        fan.getByRole('list', { name: t('social', 'liked.listMine') }).getByText(star.nickname),
      ).toBeVisible();

      // The chat from the profile: a paid message (the default price, one mushroom).
      await buyMushrooms(fan, lang, t);
      await fan.goto(pathIn(lang, profile));
      await fan.getByRole('link', { name: new RegExp(t('social', 'profile.chat')) }).click();
      await expectPath(fan, lang, `/chatroom/${star.username}`);
      await fan.getByRole('textbox', { name: t('chat', 'composer.label') }).fill('はじめまして！');
      await fan.getByRole('button', { name: new RegExp(`^${t('chat', 'composer.send')}`) }).click();
      await expect(fan.getByTestId('chat-balance')).toHaveText('99');

      // The creator: the fan under "liked you" (no profile link), a like back, and the notice.
      await creatorLogin(creator, lang, t, star);
      await creator.goto(pathIn(lang, '/home/liked/you'));
      const row = creator
        .getByRole('list', { name: t('social', 'liked.listYou') })
        .getByRole('listitem')
        .filter({ hasText: fanName });
      await expect(row.getByRole('link')).toHaveCount(0);
      await row.getByRole('button', { name: t('social', 'liked.likeBack') }).click();
      await expect(row.getByText(t('social', 'liked.likedBack'))).toBeVisible();
      await creator.goto(pathIn(lang, '/notice'));
      await expect(creator.getByText(t('notices', 'kinds.liked', { nickname: fanName }))).toBeVisible();

      // Discovery: like the first creator shown, skip the next (told apart by their profile link:
      // other tests make creators with the same nicknames).
      await fan.goto(pathIn(lang, '/discovery'));
      const card = fan.getByTestId('discovery-card');
      const link = card.getByRole('link');
      const first = (await link.getAttribute('href')) ?? '';
      const firstName = (await card.locator('.creator-card__name').textContent()) ?? '';
      await fan.getByRole('button', { name: t('social', 'discovery.like'), exact: true }).click();
      await expect(fan.getByText(t('social', 'discovery.liked', { nickname: firstName }))).toBeVisible();
      await expect(link).not.toHaveAttribute('href', first);
      const second = (await link.getAttribute('href')) ?? '';
      const skipped = fan.waitForResponse(
        (r) => r.url().endsWith('/like/discovery') && r.request().method() === 'POST',
      );
      await fan.getByRole('button', { name: t('social', 'discovery.skip') }).click();
      expect((await skipped).ok()).toBe(true);
      await fan.goto(pathIn(lang, '/home/liked'));
      const liked = fan.getByRole('list', { name: t('social', 'liked.listMine') });
      await expect(liked.locator(`a[href="${first}"]`)).toBeVisible();
      await expect(liked.locator(`a[href="${second}"]`)).toHaveCount(0);
    } finally {
      await fan.context().close();
      await creator.context().close();
    }
  });
}
