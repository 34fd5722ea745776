/**
 * Issue 11 (search branch) in the browser, ja and en: a fan finds a creator by keyword, then by
 * area, on /home/search; a new fan brought by a creator's invitation link signs up, and the creator
 * sees it as a notice.
 */
import { type Browser, expect, test } from '@playwright/test';
import {
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  fanSignUpSteps,
  field,
  LANGS,
  lineStandInNewUser,
  pathIn,
  text,
} from './support.ts';

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
  return context.newPage();
}

for (const lang of LANGS) {
  const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
    text(lang, ns, key, vars);

  test(`[${lang}] a fan finds a creator by keyword, then by area`, async ({ page, request }) => {
    // A keyword only these creators carry (in katakana; typed in hiragana below).
    const tag = `キノコ${Date.now().toString(36).toUpperCase()}`;
    const area = lang === 'ja' ? 41 : 42;
    const nickname = `検索${lang}${Date.now().toString(36)}`;
    await creatorThroughApi(request, { nickname, genre: 'イラスト', area, bio: `${tag}が好きです` });

    await page.goto(pathIn(lang, '/user/login'));
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    await lineStandInNewUser(page, `find-${lang}-${Date.now().toString(36)}`);
    await fanSignUpSteps(page, lang, '/home');

    await page.goto(pathIn(lang, '/home/search'));
    await expect(page.getByRole('heading', { name: t('search', 'heading') })).toBeVisible();
    // No condition: told so, nothing searched.
    await page.getByRole('button', { name: t('search', 'submit') }).click();
    await expect(page.getByText(t('validation', 'searchConditions'))).toBeVisible();

    const hiragana = [...tag]
      .map((ch) => (/[\u30a1-\u30f6]/.test(ch) ? String.fromCharCode(ch.charCodeAt(0) - 0x60) : ch))
      .join('');
    await page.getByRole('searchbox', { name: t('search', 'keyword') }).fill(hiragana.toLowerCase());
    await page.getByRole('button', { name: t('search', 'submit') }).click();
    const card = page.getByRole('link', { name: new RegExp(nickname) });
    await expect(card).toBeVisible();

    // Then by area alone.
    await page.getByRole('searchbox', { name: t('search', 'keyword') }).fill('');
    await page.getByLabel(t('search', 'area')).selectOption(String(area));
    await page.getByRole('button', { name: t('search', 'submit') }).click();
    // The card shows the area.
    await expect(page.getByRole('link', { name: new RegExp(nickname) })).toContainText(
      t('areas', String(area)),
    );

    // An area with no creators says so.
    await page.getByLabel(t('search', 'area')).selectOption('999');
    await page.getByRole('searchbox', { name: t('search', 'keyword') }).fill(`none${Date.now()}`);
    await page.getByRole('button', { name: t('search', 'submit') }).click();
    await expect(page.getByText(t('search', 'empty'))).toBeVisible();
  });

  test(`[${lang}] the invitation link brings a new fan, and the creator sees the sign-up as a notice`, async ({
    page,
    request,
    browser,
  }) => {
    const { email, username } = await creatorThroughApi(request, {
      nickname: '招待する人',
      genre: 'ダンス',
      area: 13,
      bio: '招待リンクから来てね',
    });

    // The fan opens the creator's invitation link, then signs up with LINE.
    await page.goto(`${pathIn(lang, `/@${username}`)}?invite=1`);
    await page.goto(pathIn(lang, '/user/login'));
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    await lineStandInNewUser(page, `inv-${lang}-${Date.now().toString(36)}`);
    await expectPath(page, lang, '/mypage/signup/1');
    const fanNickname = lang === 'ja' ? 'みどり' : 'Midori';
    await field(page, lang, t('mypage', 'profile.nickname')).fill(fanNickname);
    await fanSignUpSteps(page, lang, '/home', 'invited');

    // The creator logs in and finds the notice.
    const creatorPage = await freshPage(browser);
    await creatorPage.goto(pathIn(lang, '/creator/login'));
    await field(creatorPage, lang, t('auth', 'fields.email')).fill(email);
    await field(creatorPage, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
    await creatorPage.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
    await expectPath(creatorPage, lang, '/home');
    const notice = t('notices', 'kinds.invitation_registration', { nickname: fanNickname });
    await expect
      .poll(
        async () => {
          await creatorPage.goto(pathIn(lang, '/notice'));
          return creatorPage.getByText(notice).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await creatorPage.context().close();
  });
}
