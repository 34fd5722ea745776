import { expect, test } from '@playwright/test';
import {
  creatorThroughApi,
  expectPath,
  fanSignUpSteps,
  field,
  LANGS,
  latestCode,
  lineStandInNewUser,
  pathIn,
  setClock,
  text,
  uniqueEmail,
  uniqueUsername,
} from './support.ts';

for (const lang of LANGS) {
  test(`[${lang}] a shared chatroom link survives the login: LINE's round trip, the sign-up steps, and a second login`, async ({
    page,
    request,
  }) => {
    const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
      text(lang, ns, key, vars);
    const { username: creator } = await creatorThroughApi(request, { nickname: 'さくら' }, 'shared');
    const room = `/chatroom/${creator}`;

    // Signed out: the link goes to the login page, which keeps the way back.
    await page.goto(pathIn(lang, room));
    await expectPath(page, lang, '/user/login');
    await expect(page).toHaveURL((url) => url.searchParams.get('next') === room);
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    const line = `share-${lang}-${Date.now().toString(36)}`; // the stand-in keeps 20 characters
    await lineStandInNewUser(page, line);
    // A new fan does the sign-up steps first; the last one opens the shared room.
    await fanSignUpSteps(page, lang, room);
    await expect(page.getByText('さくら').first()).toBeVisible();

    // Signed in, the top page and the login page (both pre-rendered) lead home; so does the logo.
    await page.goto(pathIn(lang, '/'));
    await expectPath(page, lang, '/home');
    await page.goto(pathIn(lang, '/user/login'));
    await expectPath(page, lang, '/home');
    await page.goto(pathIn(lang, '/notice'));
    await expect(page.locator('.header__logo')).toHaveAttribute('href', `/${lang}/home`);

    // Logged out (the session cookies gone), the same link comes back after LINE's round trip; an
    // address on another site in ?next= is ignored.
    await page.context().clearCookies();
    await page.goto(pathIn(lang, room));
    await expectPath(page, lang, '/user/login');
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    await page.getByRole('link', { name: line }).click();
    await expectPath(page, lang, room);

    // The same through the pre-rendered login page (a fresh load of the shared login link).
    await page.context().clearCookies();
    await page.goto(`${pathIn(lang, '/user/login')}?next=${encodeURIComponent(room)}`);
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    await page.getByRole('link', { name: line }).click();
    await expectPath(page, lang, room);

    await page.context().clearCookies();
    await page.goto(`${pathIn(lang, '/user/login')}?next=${encodeURIComponent('//example.com/x')}`);
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    await page.getByRole('link', { name: line }).click();
    await expectPath(page, lang, '/home');
  });

  test(`[${lang}] a fan signs in through the LINE stand-in, completes two steps and confirms the notification e-mail`, async ({
    page,
    request,
  }) => {
    const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
      text(lang, ns, key, vars);
    await page.goto(pathIn(lang, '/user/login'));
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();

    // The LINE stand-in: make a new test user.
    await expect(page).toHaveURL(/\/_local\/line\/authorize/);
    const name = `e2e-fan-${lang}-${Date.now().toString(36)}`;
    await page.getByLabel(/表示名|Display name/).fill(name);
    await page.getByRole('button', { name: /作成してログイン/ }).click();

    // Back through /line-callback to the first sign-up step, in the language we started in.
    await expectPath(page, lang, '/mypage/signup/1');
    await expect(field(page, lang, t('mypage', 'profile.nickname'))).toHaveValue(name.slice(0, 50));
    await field(page, lang, t('mypage', 'profile.username')).fill(uniqueUsername('fan'));
    await expect(page.getByText(t('mypage', 'profile.available'))).toBeVisible();
    await page.getByRole('button', { name: t('mypage', 'signup.next') }).click();
    await expectPath(page, lang, '/mypage/signup/2');
    await field(page, lang, t('mypage', 'user.fullName')).fill('佐藤 花子');
    const notify = uniqueEmail('fan');
    await field(page, lang, t('mypage', 'user.email')).fill(notify);
    await page.getByLabel(t('mypage', 'user.female')).check();
    await field(page, lang, t('mypage', 'user.birthDate')).fill('2001-02-14');
    // Fans have two steps: the second one finishes sign-up.
    await page.getByRole('button', { name: t('mypage', 'signup.finish') }).click();
    await expectPath(page, lang, '/home');
    await expect(page.getByText(t('home', 'greeting', { name: name.slice(0, 50) }))).toBeVisible();

    // The notification e-mail is confirmed with a mailed code (LINE recovery goes by it).
    await page.goto(pathIn(lang, '/mypage/account/user'));
    await expect(page.getByText(t('mypage', 'notifyEmail.unverified', { email: notify }))).toBeVisible();
    await page.getByRole('button', { name: t('mypage', 'notifyEmail.send') }).click();
    await expect(page.getByText(t('mypage', 'notifyEmail.sent', { email: notify }))).toBeVisible();
    await field(page, lang, t('auth', 'fields.code')).fill(await latestCode(request, notify));
    await page.getByRole('button', { name: t('mypage', 'notifyEmail.submit') }).click();
    await expect(page.getByText(t('mypage', 'notifyEmail.verified', { email: notify }))).toBeVisible();
  });

  test(`[${lang}] an unknown path shows the not-found page with status 404`, async ({ page }) => {
    const path = pathIn(lang, '/no/such/page');
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(text(lang, 'common', 'notFound.path', { path }))).toBeVisible();
  });

  test(`[${lang}] a signed-out visit to the store goes to the login page without loading the store, in the page's language only`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(pathIn(lang, '/store'));
    await expectPath(page, lang, '/user/login');
    await expect(page.getByText(text(lang, 'common', 'notices.needLogin'))).toBeVisible();
    expect(scripts.filter((s) => /\/StorePage-/.test(s))).toEqual([]);
    // Neither the query cache nor the contracts (zod) come with the login page: the LINE button loads them.
    expect(scripts.filter((s) => /\/(query-client|validation)-/.test(s))).toEqual([]);
    const other = lang === 'ja' ? 'en' : 'ja';
    expect(scripts.filter((s) => new RegExp(`/assets/${other}-[\\w-]+\\.js$`).test(s))).toEqual([]);
    expect(scripts.filter((s) => new RegExp(`/assets/${lang}-[\\w-]+\\.js$`).test(s))).toHaveLength(1);
  });

  test(`[${lang}] an expired access token is refreshed transparently`, async ({ page, request }) => {
    const t = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) =>
      text(lang, ns, key, vars);
    await page.goto(pathIn(lang, '/user/login'));
    await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
    await page.getByLabel(/表示名|Display name/).fill(`e2e-refresh-${lang}`);
    await page.getByRole('button', { name: /作成してログイン/ }).click();
    await expectPath(page, lang, '/mypage/signup/1');
    const before = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value;
    expect(before).toBeTruthy();

    try {
      // 61 minutes later the access token is expired: the first call gets a 401.
      await setClock(request, 61 * 60_000);
      const statuses: number[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/')) statuses.push(r.status());
      });
      const refreshed = page.waitForResponse(
        (r) => r.url().endsWith('/api/auth/update_token') && r.status() === 200,
      );
      await page.goto(pathIn(lang, '/mypage/account'));
      await refreshed;
      await expect(page.getByRole('heading', { name: t('mypage', 'account.heading') })).toBeVisible();
      await expect(field(page, lang, t('mypage', 'profile.nickname'))).toHaveValue(`e2e-refresh-${lang}`);
      expect(statuses).toContain(401);
      const after = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value;
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);
      await expect(page).toHaveURL((url) => url.pathname.endsWith('/mypage/account'));
    } finally {
      await setClock(request, 0);
    }
  });
}
