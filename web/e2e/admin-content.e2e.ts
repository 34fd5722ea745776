/**
 * The operators' console, news (issue 17): an operator publishes a news for fans; a fan (another
 * browser, signed in through the LINE stand-in) sees it on home and opens it.
 */
import { expect, test } from '@playwright/test';
import {
  adminLogin,
  expectPath,
  fanSignUpSteps,
  field,
  LANGS,
  lineStandInNewUser,
  pathIn,
  type T,
  text,
} from './support.ts';

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);
  test(`${lang}: an operator publishes a news for fans and a fan opens it from home`, async ({
    page,
    browser,
  }) => {
    // Two sign-ins (the operator's enrolment, a fan's sign-up) in one journey.
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = { ja: `メンテナンスのお知らせ ${stamp}`, en: `Maintenance notice ${stamp}` };
    await adminLogin(page, lang, t);
    await page.goto(pathIn(lang, '/admin/news'));
    await page.getByRole('button', { name: t('admin', 'content.news.create') }).click();
    const form = page.getByRole('form', { name: t('admin', 'content.news.form.createHeading') });
    // An empty form: each field says what is missing.
    await form.getByRole('button', { name: t('admin', 'content.news.form.create') }).click();
    await expect(form.getByText(t('validation', 'newsTitle')).first()).toBeVisible();
    await expect(form.getByText(t('validation', 'newsAudiences'))).toBeVisible();
    await field(page, lang, t('admin', 'content.news.form.titleJa')).fill(title.ja);
    await field(page, lang, t('admin', 'content.news.form.titleEn')).fill(title.en);
    await field(page, lang, t('admin', 'content.news.form.bodyJa')).fill(
      '11月30日 2:00〜4:00 にメンテナンスを行います。',
    );
    await field(page, lang, t('admin', 'content.news.form.bodyEn')).fill(
      'Maintenance on 30 November, 2:00-4:00 JST.',
    );
    await form.getByRole('checkbox', { name: t('admin', 'content.roles.4') }).check();
    await form.getByRole('radio', { name: t('admin', 'content.news.form.publishNow') }).check();
    await form.getByRole('button', { name: t('admin', 'content.news.form.create') }).click();
    await expect(
      page.getByRole('status').filter({ hasText: t('admin', 'content.news.created') }),
    ).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title[lang] });
    await expect(row.getByText(t('admin', 'content.news.status.published'))).toBeVisible();

    // A fan, in a browser of their own.
    const fanContext = await browser.newContext();
    const fan = await fanContext.newPage();
    await fan.goto(pathIn(lang, '/user/login'));
    await fan.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    await lineStandInNewUser(fan, `news-${lang}-${stamp}`);
    await fanSignUpSteps(fan, lang, '/home');
    const help = fan.getByRole('dialog', { name: t('home', 'help.likeFavorite.title') });
    await help.getByRole('button', { name: t('home', 'help.close') }).click();
    const news = fan.getByRole('list', { name: t('home', 'news.listLabel') });
    const link = news.getByRole('link').filter({ hasText: title[lang] });
    await expect(link).toBeVisible();
    await link.click();
    await expect(fan).toHaveURL(new RegExp(`${pathIn(lang, '/home/news/')}[^/]+$`));
    await expect(fan.getByRole('heading', { name: title[lang] })).toBeVisible();
    await fan.getByRole('link', { name: t('home', 'news.back') }).click();
    await expectPath(fan, lang, '/home');
    await fanContext.close();
  });
}
