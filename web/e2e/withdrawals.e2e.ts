import { expect, type Page, test } from '@playwright/test';
import {
  buyMushrooms,
  creatorThroughApi,
  DEMO_PASSWORD,
  fanSignUpSteps,
  field,
  LANGS,
  type Lang,
  latestCode,
  lineStandInNewUser,
  pathIn,
  phonePage,
  search,
  setClock,
  type T,
  text,
} from './support.ts';

/** Two crowns (1,000 points each, a gift at 50 %): 1,000 yen of income, the minimum. */
const CROWN = { id: 'crown', cost: 1000, name: { ja: '王冠', en: 'Crown' } };
const INCOME = 1000;
/** `SHOTS_DIR=/tmp/shots/withdrawals` saves the screens at 390×844. */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, lang: Lang, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });
}

/** A fan (LINE stand-in) buys 3,000 mushrooms and sends the creator two crowns. */
async function fanSendsCrowns(page: Page, lang: Lang, t: T, username: string, creatorName: string) {
  await page.goto(pathIn(lang, '/user/login'));
  await page.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
  await lineStandInNewUser(page, `fan-${lang}-${Date.now().toString(36)}`);
  await fanSignUpSteps(page, lang, '/home', 'wdfan');
  await buyMushrooms(page, lang, t, 3000);

  await page.goto(pathIn(lang, `/chatroom/${username}`));
  await expect(page.getByRole('heading', { name: creatorName })).toBeVisible();
  for (const left of [2000, 1000]) {
    await page.getByRole('button', { name: t('chat', 'stamps.open') }).click();
    const picker = page.getByRole('dialog', { name: t('chat', 'stamps.heading') });
    await picker.getByText(CROWN.name[lang], { exact: true }).click();
    await picker
      .getByRole('button', {
        name: t('chat', 'stamps.send', { name: CROWN.name[lang], cost: CROWN.cost.toLocaleString('en-US') }),
      })
      .click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('chat-balance')).toHaveText(
      new RegExp(`^${left.toLocaleString('en-US')}$|^${left}$`),
    );
  }
}

/** Milliseconds from the cloud's now to noon JST on the 2nd of the next month: this month closes. */
async function toNextMonth(page: Page): Promise<number> {
  const { now } = (await (await page.request.get('/_local/clock')).json()) as {
    now: string;
    offsetMs: number;
  };
  const jst = new Date(Date.parse(now) + 9 * 3600_000);
  const target = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() + 1, 2, 3);
  return target - Date.parse(now);
}

/** Picks a bank and branch and fills the account in the bank form. */
async function fillBank(page: Page, lang: Lang, t: T, accountNumber: string) {
  await search(page, t('mypage', 'bank.bankSearch')).fill('みずほ');
  await page.getByRole('button', { name: 'みずほ (0001)' }).click();
  await search(page, t('mypage', 'bank.branchSearch')).fill('東京営業部');
  await page.getByRole('button', { name: '東京営業部 (001)' }).click();
  await field(page, lang, t('mypage', 'bank.accountNumber', { accountNumberLength: 7 })).fill(accountNumber);
  await field(page, lang, t('mypage', 'bank.accountOwner')).fill('ヤマダ　ハナコ');
}

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);
  const w = (key: string, vars?: Record<string, unknown>) => t('withdrawals', key, vars);
  const yen = (n: number) =>
    lang === 'ja'
      ? `${n.toLocaleString('ja-JP')}円`
      : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(n);

  test(`[${lang}] a creator requests a closed month, sees it sent back with the reason, changes the bank account with the e-mailed code and reapplies`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const creatorName = lang === 'ja' ? '出金テスト花子' : 'Payout Hanako';
    const creator = await creatorThroughApi(request, { nickname: creatorName }, 'wd');
    const fan = await phonePage(browser);
    const page = await phonePage(browser);
    try {
      await fanSendsCrowns(fan, lang, t, creator.username, creatorName);

      // The month ends: the clock moves to the 2nd of the next month (JST).
      await setClock(request, await toNextMonth(page));
      await page.goto(pathIn(lang, '/creator/login'));
      await field(page, lang, t('auth', 'fields.email')).fill(creator.email);
      await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'creatorLogin.submit') }).click();
      await expect(page).not.toHaveURL(/\/creator\/login/);
      await page.goto(pathIn(lang, '/mypage/account/withdraw'));

      // The closed month, its amounts and transfer date before applying; no bank account yet.
      const months = page.getByRole('group', { name: w('request.months') });
      await expect(months.getByRole('radio')).toBeChecked();
      await expect(months).toContainText(yen(INCOME));
      const summary = page.getByRole('region', { name: w('request.summary'), exact: true });
      await expect(summary).toContainText(w('fields.net'));
      await expect(summary).toContainText(w('fields.scheduledDate'));
      await expect(summary).toContainText(
        w('request.rules', { minimum: yen(1000), cutoff: 25, transfer: 10 }),
      );
      await expect(page.getByText(w('request.bankNeeded'))).toBeVisible();
      await expect(page.getByRole('button', { name: w('request.submit') })).toHaveCount(0);
      await shot(page, lang, 'no-bank');

      // The way to the bank form, then the account.
      await page.getByRole('button', { name: w('request.toBank') }).click();
      await expect(page.getByRole('region', { name: w('bank.title'), exact: true })).toBeFocused();
      await fillBank(page, lang, t, '1234567');
      await page.getByRole('button', { name: t('mypage', 'bank.submit') }).click();
      await expect(page.getByText(t('mypage', 'bank.saved'))).toBeVisible();

      // Review, confirm, request.
      await page.getByRole('button', { name: w('request.submit') }).click();
      await expect(page.getByText(w('request.confirmTitle'))).toBeVisible();
      await shot(page, lang, 'confirm');
      await page.getByRole('button', { name: w('request.confirm'), exact: true }).click();
      await expect(page.getByText(w('done.requested'))).toBeVisible();
      await expect(page.getByText(w('request.none'))).toBeVisible();
      const history = page.getByRole('list').filter({ has: page.getByText(w('fields.requestedAt')) });
      const item = history.getByRole('listitem');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(w('status.unconfirmed'));
      await expect(item).toContainText(yen(INCOME));

      // The operators review and send it back (the console issue's screens; here the local route).
      const cookies = await page.context().cookies();
      const cookie = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
      const state = await request.get('/api/mypage/withdraw-request-histories', {
        headers: { Authorization: `Bearer ${cookie('access_token')}`, 'X-Profile-Id': cookie('profile_id') },
      });
      const id = (await state.json()).withdrawals[0].id as string;
      for (const data of [
        { id, action: 'review' },
        { id, action: 'reject', reason: '口座番号が通帳と一致しません。', fields: ['account_number'] },
      ])
        expect((await request.post('/_local/demo/withdrawal', { data })).ok()).toBe(true);

      await page.reload();
      await expect(item).toContainText(w('status.rejected'));
      await expect(item).toContainText('口座番号が通帳と一致しません。');
      await expect(item).toContainText(w('fault.account_number'));
      await shot(page, lang, 'rejected');

      // The account number is at fault: the link leads to the bank form; fixed, then reapplied.
      await item.getByRole('button', { name: w('history.toBank') }).click();
      await expect(page.getByRole('region', { name: w('bank.title'), exact: true })).toBeFocused();
      await field(page, lang, t('mypage', 'bank.accountNumber', { accountNumberLength: 7 })).fill('7654321');
      await page.getByRole('button', { name: t('mypage', 'bank.submit') }).click();
      // A change of stored details asks for the code mailed to the account's e-mail.
      await expect(page.getByText(t('mypage', 'bankChange.sent', { email: creator.email }))).toBeVisible();
      await field(page, lang, t('auth', 'fields.code')).fill(await latestCode(request, creator.email));
      await shot(page, lang, 'bank-code');
      await page.getByRole('button', { name: t('mypage', 'bankChange.submit') }).click();
      await expect(page.getByText(t('mypage', 'bank.saved'))).toBeVisible();

      await item.getByRole('button', { name: w('history.reapply') }).click();
      await expect(page.getByText(w('done.reapplied'))).toBeVisible();
      await expect(item).toContainText(w('status.reapplying'));
      await expect(item).toContainText(w('fields.reappliedAt'));
      await expect(item.getByRole('button', { name: w('history.reapply') })).toHaveCount(0);
      await shot(page, lang, 'reapplied');
    } finally {
      await setClock(request, 0);
      await fan.context().close();
      await page.context().close();
    }
  });
}
