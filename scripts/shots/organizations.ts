/**
 * Screenshots of the owner's organization screens (issue 16, orgweb) at 390x844, ja and en, against
 * a running `npm start` (LOCAL_DATA=memory is fine, seeded): a new owner registers through the API
 * and applies through the screen (with a logo), is rejected and approved through the local review
 * route; an owner with steps left and a creator meet the screen's gates; owner@example.com's sales
 * get a month of figures written to the local table (a cast of its own and a removed one), and its
 * cast's profile and withdrawal screens are shot.
 *
 *   PORT=3311 DYNAMO=<url> npx tsx scripts/shots/organizations.ts [outdir]
 */
import { mkdirSync } from 'node:fs';
import { jstMonth } from '@app/shared/time';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type BrowserContext, chromium, type Page } from 'playwright';
import sharp from 'sharp';
import { createDb } from '../../functions/src/db/service.ts';
import { authed, post, registerByMail } from '../local/actors.ts';
import { LOCAL_ACCESS_KEY_ID, LOCAL_REGION, LOCAL_SECRET_ACCESS_KEY } from '../local/env.ts';
import { DEMO_PASSWORD } from '../seed.ts';

const port = Number(process.env.PORT ?? 3311);
const origin = `http://localhost:${port}`;
const out = process.argv[2] ?? '.local/shots/organizations';
const dynamo = process.env.DYNAMO ?? `http://127.0.0.1:${port + 1}`;
const credentials = { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: LOCAL_SECRET_ACCESS_KEY };
const db = createDb(
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo, region: LOCAL_REGION, credentials }), {
    marshallOptions: { removeUndefinedValues: true },
  }),
  'kinoko-local',
);
const run = Date.now().toString(36);

type Session = {
  access_token: string;
  refresh_token: string;
  refresh_token_expires_at: string;
  profile_id: string;
  role_id: number;
};

async function login(email: string): Promise<Session> {
  return (await post(`${origin}/api/auth/login`, { email, password: DEMO_PASSWORD })) as unknown as Session;
}

async function get(token: string, path: string) {
  const res = await fetch(`${origin}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Record<string, unknown>;
}

async function finishSignup(token: string, username: string) {
  await authed(origin, token, '/mypage/profile/update', { username, nickname: 'ショットオーナー', area: 13 });
  await authed(origin, token, '/mypage/user', {
    full_name: '山田 花子',
    notification_email: `${username}@example.com`,
    gender: 'female',
    birth_date: '1988-04-01',
  });
  await authed(origin, token, '/mypage/bank', {
    bank_code: '0001',
    branch_code: '001',
    account_type: 'ordinary',
    account_number: '1234567',
    account_owner: 'ヤマダ　ハナコ',
  });
}

async function signIn(context: BrowserContext, s: Session) {
  const cookies = [
    ['access_token', s.access_token],
    ['refresh_token', s.refresh_token],
    ['refresh_token_expires_at', s.refresh_token_expires_at],
    ['profile_id', s.profile_id],
    ['role_id', String(s.role_id)],
  ].map(([name, value]) => ({
    name: name as string,
    value: encodeURIComponent(value as string),
    url: origin,
  }));
  await context.clearCookies();
  await context.addCookies(cookies);
  await context.addInitScript((id) => localStorage.setItem('setup_complete', id), s.profile_id);
}

async function shot(page: Page, name: string, full = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: full });
  console.log(`${out}/${name}.png`);
}

async function main() {
  mkdirSync(out, { recursive: true });
  const logo = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="100%" height="100%" fill="#311b92"/><circle cx="330" cy="270" r="170" fill="#ffe082"/><circle cx="400" cy="220" r="150" fill="#311b92"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });

  for (const lang of ['ja', 'en'] as const) {
    const email = `shot-owner-${lang}-${run}@example.com`;
    const fresh = await registerByMail(origin, { email, password: DEMO_PASSWORD, roleId: 1 });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: lang });
    const page = await context.newPage();

    // An owner with sign-up steps left.
    await signIn(context, fresh as unknown as Session);
    await page.goto(`${origin}/${lang}/organization`);
    await page
      .getByRole('link', { name: lang === 'ja' ? '会員登録を続ける' : 'Complete your registration' })
      .waitFor();
    await shot(page, `${lang}-01-unfinished-signup`, false);

    // No organization yet: the form, its messages, a logo, then under review.
    await finishSignup(fresh.access_token, `shot${lang}${run}`.slice(0, 20));
    await page.goto(`${origin}/${lang}/organization`);
    const T =
      lang === 'ja'
        ? {
            name: /組織名/,
            category: /カテゴリー/,
            address: /住所/,
            logo: 'ロゴ画像',
            apply: '審査を申請する',
            reapply: '修正して再申請する',
            private: '公開しない',
          }
        : {
            name: /Organization name/,
            category: /Category/,
            address: /Address/,
            logo: 'Logo',
            apply: 'Apply for review',
            reapply: 'Apply again',
            private: 'Private',
          };
    await page.getByLabel(T.name).waitFor();
    await shot(page, `${lang}-02-none-form`);
    await page.getByRole('button', { name: T.apply }).click();
    await page.waitForSelector('.field__error');
    await shot(page, `${lang}-03-none-errors`);
    await page.getByLabel(T.name).fill(lang === 'ja' ? 'コンセプトカフェ 星見台' : 'Hoshimidai Concept Cafe');
    await page.getByLabel(T.category).selectOption('1');
    await page
      .getByLabel(T.address)
      .fill(lang === 'ja' ? '東京都千代田区外神田1-1-1\n星見台ビル3F' : '1-1-1 Sotokanda, Chiyoda, Tokyo');
    await page.getByLabel(T.logo).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.waitForSelector('.org-logo__img[src^="blob:"]');
    await page.locator('.org-logo__progress').waitFor({ state: 'detached' });
    await shot(page, `${lang}-04-none-filled-logo`);
    await page.getByRole('button', { name: T.apply }).click();
    await page.getByTestId('org-status').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `${lang}-05-review`);

    // Rejected with the operators' reason, then applied again and approved.
    await post(`${origin}/_local/demo/organization-review`, {
      email,
      approve: false,
      reason:
        lang === 'ja'
          ? '住所の建物名と階数を確認できませんでした。営業許可証に記載のとおりに入力してください。'
          : 'We could not confirm the building and floor of the address. Enter it as on your business licence.',
    });
    await page.reload();
    await page.getByTestId('org-reject-reason').waitFor();
    await shot(page, `${lang}-06-rejected`);
    await page.getByLabel(T.private).check();
    await page.getByRole('button', { name: T.reapply }).click();
    await page
      .getByText(lang === 'ja' ? '審査中' : 'Under review', { exact: true })
      .first()
      .waitFor();
    await post(`${origin}/_local/demo/organization-review`, { email, approve: true });
    await page.reload();
    await page.getByRole('link', { name: lang === 'ja' ? 'キャストを管理する' : 'Manage casts' }).waitFor();
    await shot(page, `${lang}-07-approved`);

    // The new owner's sales: an empty month.
    await page.goto(`${origin}/${lang}/organization/sales`);
    await page.getByTestId('org-sales-total').waitFor();
    await shot(page, `${lang}-08-sales-empty`);

    // Home and the account screen lead to it.
    await page.goto(`${origin}/${lang}/home`);
    await page.locator('.home-shortcuts').waitFor();
    // The first visit's help opens by itself: closed for the shot.
    await page
      .getByRole('button', { name: lang === 'ja' ? 'わかりました' : 'Got it' })
      .click({ timeout: 3000 })
      .catch(() => {});
    await shot(page, `${lang}-09-owner-home`, false);
    await page.goto(`${origin}/${lang}/mypage/account`);
    await page.locator('.account__more').first().waitFor();
    await page.locator('.account__more').first().scrollIntoViewIfNeeded();
    await shot(page, `${lang}-10-owner-account`, false);
    await context.close();
  }

  // owner@example.com's month: its casts' figures (written as the ledger would leave them).
  const owner = await login('owner@example.com');
  const org = (await get(owner.access_token, '/organizations')).organization as { id: string };
  const casts = ((await get(owner.access_token, '/organizations/casts')).casts ?? []) as { id: string }[];
  const ym = jstMonth(new Date());
  const figures = [
    [casts[0]?.id, 18_400, 9_200, 23],
    [casts[1]?.id, 6_300, 3_150, 9],
    ['01JREMOVEDCAST000000000000', 1_200, 600, 2],
  ] as const;
  for (const [castId, revenue, income, count] of figures)
    if (castId)
      await db.entities.castSalesMonth
        .upsert({ organizationId: org.id, ym, castId, shard: '0', revenue, income, count })
        .go();

  for (const lang of ['ja', 'en'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: lang });
    const page = await context.newPage();
    await signIn(context, owner);
    await page.goto(`${origin}/${lang}/organization/sales`);
    await page.locator('.org-sales__row').first().waitFor();
    await shot(page, `${lang}-11-sales`);

    // A creator meets the owners-only state.
    await signIn(context, await login('sakura@example.com'));
    await page.goto(`${origin}/${lang}/organization`);
    await page.getByTestId('org-owners-only').waitFor();
    await shot(page, `${lang}-12-not-owner`, false);

    // A cast: its organization on the profile, and no withdrawal of its own.
    await context.clearCookies();
    await page.goto(`${origin}/${lang}/@tsukino`);
    await page.getByTestId('profile-organization').waitFor();
    await shot(page, `${lang}-13-cast-profile`, false);
    const cast = (await post(`${origin}/api/auth/login-profile`, {
      username: 'tsukino',
      password: DEMO_PASSWORD,
    })) as unknown as Session;
    await signIn(context, cast);
    await page.goto(`${origin}/${lang}/mypage/account/withdraw`);
    await page.getByTestId('cast-rewards-note').first().waitFor();
    await shot(page, `${lang}-14-cast-withdraw`);
    await page.goto(`${origin}/${lang}/mypage/incomes`);
    await page.getByTestId('cast-rewards-note').scrollIntoViewIfNeeded();
    await shot(page, `${lang}-15-cast-incomes`, false);
    await context.close();
  }
  await browser.close();
}

await main();
