/** Helpers for the browser tests: catalogue text by key (so ja and en run the same steps), the outbox, the clock. */
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { totpCode } from '../../functions/src/services/admin/totp.ts';
import { codeIn } from '../../scripts/local/actors.ts';
import { resources } from '../../shared/src/i18n/index.ts';

export type Lang = 'ja' | 'en';
export const LANGS: Lang[] = ['ja', 'en'];
/** A spec's catalogue lookup in its language: `t('store', 'next')`. */
export type T = (ns: Parameters<typeof text>[1], key: string, vars?: Record<string, unknown>) => string;

/** `text('en', 'auth', 'register.submit', { email })`: the catalogue string the user sees. */
export function text(
  lang: Lang,
  ns: keyof (typeof resources)['ja'],
  key: string,
  vars: Record<string, unknown> = {},
) {
  let parent: unknown = resources[lang][ns];
  const parts = key.split('.');
  const last = parts.pop() as string;
  for (const part of parts) parent = (parent as Record<string, unknown>)[part];
  const entries = parent as Record<string, unknown>;
  // Plural keys (`key_one`, `key_other`) are chosen by `count`, as i18next does.
  const plural =
    typeof vars.count === 'number' ? `${last}_${new Intl.PluralRules(lang).select(vars.count)}` : undefined;
  const node = (plural && entries[plural]) ?? entries[last] ?? entries[`${last}_other`];
  if (typeof node !== 'string') throw new Error(`no catalogue text ${lang}:${ns}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The app path in a language: '/en/creator/register' or '/creator/register' (Japanese is the default). */
export const pathIn = (lang: Lang, path: string) => (lang === 'en' ? `/en${path === '/' ? '' : path}` : path);

export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  await expect
    .poll(
      async () =>
        (await (await request.get(`/_local/outbox.json?to=${encodeURIComponent(email)}`)).json()).length,
    )
    .toBeGreaterThan(0);
  const mails = await (await request.get(`/_local/outbox.json?to=${encodeURIComponent(email)}`)).json();
  return codeIn(mails[0].text);
}

export async function setClock(request: APIRequestContext, offsetMs: number) {
  // A fresh connection: a kept-alive one the server closes meanwhile answers ECONNRESET.
  const res = await request.post('/_local/clock', { data: { offsetMs }, headers: { connection: 'close' } });
  expect(res.ok()).toBe(true);
}

/**
 * Moves the clock with the app's pages parked on a blank page first. An app page left open would
 * refresh its expired access token in the background, and a navigation during that refresh loses
 * the rotated token: the next page then sends the old one, which the server forgives only within
 * its grace (`auth.refreshReuseGraceSeconds`, tokens.test.ts) and otherwise takes for a replay. The pages go to their next screen afterwards.
 */
export async function setClockParked(request: APIRequestContext, offsetMs: number, pages: Page[]) {
  for (const page of pages) await page.goto('about:blank');
  await setClock(request, offsetMs);
}

let n = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${++n}@example.com`;
export const uniqueUsername = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}`.slice(0, 20);

export async function expectPath(page: Page, lang: Lang, path: string) {
  await expect(page).toHaveURL(
    (url) => url.pathname.replace(/\/$/, '') === pathIn(lang, path).replace(/\/$/, ''),
  );
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form control by its label, which may carry the "Required"/"Optional" badge. */
export function field(page: Page, lang: Lang, label: string) {
  const badge = `(\\s*(${escapeRe(text(lang, 'common', 'required'))}|${escapeRe(text(lang, 'common', 'optional'))}))?`;
  return page.getByLabel(new RegExp(`^${escapeRe(label)}${badge}$`));
}

/** A search box whose accessible name contains `label`. */
export const search = (page: Page, label: string) =>
  page.getByRole('searchbox', { name: new RegExp(escapeRe(label)) });

/** On the LINE stand-in's page: make a new test user with this display name and log in. */
export async function lineStandInNewUser(page: Page, displayName: string) {
  await expect(page).toHaveURL(/\/_local\/line\/authorize/);
  await page.getByLabel(/表示名|Display name/).fill(displayName);
  await page.getByRole('button', { name: /作成してログイン/ }).click();
}

/** A new fan's two sign-up steps (an adult's date of birth); the last one lands on `landing`. */
export async function fanSignUpSteps(page: Page, lang: Lang, landing: string, prefix = 'fan') {
  const t = (ns: Parameters<typeof text>[1], key: string) => text(lang, ns, key);
  await expectPath(page, lang, '/mypage/signup/1');
  await field(page, lang, t('mypage', 'profile.username')).fill(uniqueUsername(prefix));
  await expect(page.getByText(t('mypage', 'profile.available'))).toBeVisible();
  await page.getByRole('button', { name: t('mypage', 'signup.next') }).click();
  await expectPath(page, lang, '/mypage/signup/2');
  await field(page, lang, t('mypage', 'user.fullName')).fill('佐藤 花子');
  await field(page, lang, t('mypage', 'user.email')).fill(uniqueEmail(prefix));
  await page.getByLabel(t('mypage', 'user.female')).check();
  await field(page, lang, t('mypage', 'user.birthDate')).fill('1995-06-01');
  await page.getByRole('button', { name: t('mypage', 'signup.finish') }).click();
  await expectPath(page, lang, landing);
}

export const DEMO_PASSWORD = 'Kinoko#2026';

export interface ApiCreator {
  email: string;
  username: string;
  nickname: string;
}

/**
 * A set-up creator made through the API: register, the mailed code, the three sign-up steps.
 * `roleId` 1 makes a shop/organization owner instead.
 */
export async function creatorThroughApi(
  request: APIRequestContext,
  profile: { nickname: string; genre?: string; area?: number; bio?: string },
  prefix = 'cr',
  roleId: 1 | 2 = 2,
): Promise<ApiCreator> {
  const email = uniqueEmail(prefix);
  expect((await request.post('/api/auth/register', { data: { email, role_id: roleId } })).ok()).toBe(true);
  const code = await latestCode(request, email);
  const verified = await request.post('/api/auth/register/verify', {
    data: {
      email,
      code,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      agree_creator_terms: true,
    },
  });
  expect(verified.ok()).toBe(true);
  const token = await verified.json();
  const headers = { Authorization: `Bearer ${token.access_token}`, 'X-Profile-Id': token.profile_id };
  const username = uniqueUsername(prefix);
  const steps = [
    ['/api/mypage/profile/update', { username, ...profile }],
    [
      '/api/mypage/user',
      { full_name: '桜井 さくら', notification_email: email, gender: 'female', birth_date: '1997-04-01' },
    ],
    ['/api/mypage/skip-step', { step: 3 }],
  ] as const;
  for (const [path, data] of steps) {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), `${path} ${await res.text()}`).toBe(true);
  }
  return { email, username, nickname: profile.nickname };
}

/** A page of its own (cookies apart) at phone size. */
export async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
  return context.newPage();
}

/** The page's session, for a call the web client has no screen for yet. */
export async function authHeaders(page: Page) {
  const cookies = await page.context().cookies();
  const value = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
  return { Authorization: `Bearer ${value('access_token')}`, 'X-Profile-Id': value('profile_id') };
}

/** Buys a pack of `count` mushrooms at the store with the local test card (a fan with no balance yet). */
export async function buyMushrooms(page: Page, lang: Lang, t: T, count = 100) {
  await page.goto(pathIn(lang, '/store'));
  await page.getByRole('button', { name: t('store', 'cards.add') }).click();
  await field(page, lang, t('store', 'cardForm.number')).fill('4111111111111111');
  await field(page, lang, t('store', 'cardForm.expiry')).fill('12/30');
  await field(page, lang, t('store', 'cardForm.cvc')).fill('123');
  await page.getByRole('button', { name: t('store', 'cardForm.submit') }).click();
  // The card form's round trip (the first Square call starts its function) is the slowest step.
  await expect(page.getByText(t('store', 'cards.registered'))).toBeVisible({ timeout: 30_000 });
  const shown = count.toLocaleString('en-US');
  await page.getByRole('radio', { name: new RegExp(t('store', 'packs.count', { count: shown })) }).check();
  await page.getByRole('checkbox', { name: t('store', 'terms.agree') }).check();
  await page.getByRole('button', { name: t('store', 'next') }).click();
  await page.getByRole('button', { name: t('store', 'confirm.submit') }).click();
  await expect(page.getByTestId('mushroom-balance')).toHaveText(new RegExp(`^${shown.replace(',', ',?')}$`));
}

/** A fan through the LINE stand-in with both sign-up steps, who buys `count` mushrooms at the store. */
export async function fanWithMushrooms(page: Page, lang: Lang, t: T, nickname: string, count = 100) {
  await page.goto(pathIn(lang, '/user/login'));
  await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
  await lineStandInNewUser(page, nickname);
  await fanSignUpSteps(page, lang, '/home');
  await buyMushrooms(page, lang, t, count);
}

/** A creator made through the API logs in on the creator login page and lands home. */
export async function creatorLogin(page: Page, lang: Lang, t: T, creator: ApiCreator) {
  await page.goto(pathIn(lang, '/creator/login'));
  await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
  await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth', 'creatorLogin.submit'), exact: true }).click();
  await expectPath(page, lang, '/home');
}

/**
 * A new operator (the local cloud's /_local/demo/admin, as `npm run admin:create` makes one) logs
 * in at /admin/login: password, then the authenticator's enrolment (the secret read off the page,
 * its code computed as an app would), the recovery codes, and the console's dashboard.
 */
export async function adminLogin(page: Page, lang: Lang, t: T): Promise<{ email: string; secret: string }> {
  const made = await page.request.post('/_local/demo/admin', { data: {} });
  expect(made.ok()).toBe(true);
  const { email, password } = (await made.json()) as { email: string; password: string };
  await page.goto(pathIn(lang, '/admin/login'));
  await field(page, lang, t('admin', 'access.login.email')).fill(email);
  await field(page, lang, t('admin', 'access.login.password')).fill(password);
  await page.getByRole('button', { name: t('admin', 'access.login.submit') }).click();
  // Shown in groups of four for typing.
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await field(page, lang, t('admin', 'access.login.code')).fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: t('admin', 'access.enrol.submit') }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('checkbox', { name: t('admin', 'access.enrol.saved') }).check();
  await page.getByRole('button', { name: t('admin', 'access.enrol.continue') }).click();
  await expectPath(page, lang, '/admin');
  return { email, secret };
}
