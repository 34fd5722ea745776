import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminLogin,
  authHeaders,
  buyMushrooms,
  creatorLogin,
  creatorThroughApi,
  DEMO_PASSWORD,
  field,
  LANGS,
  type Lang,
  pathIn,
  phonePage,
  setClock,
  type T,
  text,
} from './support.ts';

/** An item of 11,000 yen (1,100 mushrooms): 95 % of its point value, 1,045 yen, is the creator's income, above the minimum. */
const PRICE = 11_000;
/** `SHOTS_DIR=/work/shots17/withdrawals` saves the console's screens. */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, lang: Lang, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/e2e-${lang}-${name}.png`, fullPage: true });
}

/** Milliseconds from the cloud's now to noon JST on the 2nd of the next month: this month closes. */
async function toNextMonth(
  request: APIRequestContext,
): Promise<{ offset: number; year: number; month: number }> {
  const { now } = (await (await request.get('/_local/clock')).json()) as { now: string };
  const jst = new Date(Date.parse(now) + 9 * 3600_000);
  const target = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() + 1, 2, 3);
  return { offset: target - Date.parse(now), year: jst.getUTCFullYear(), month: jst.getUTCMonth() + 1 };
}

async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { access_token: string; profile_id: string };
  return { Authorization: `Bearer ${body.access_token}`, 'X-Profile-Id': body.profile_id };
}

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);
  const a = (key: string, vars?: Record<string, unknown>) => t('admin', `withdrawals.${key}`, vars);

  test(`[${lang}] an operator approves one withdrawal, rejects another, downloads the transfer file and marks it transferred; the creator sees it`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const names = lang === 'ja' ? ['振込テスト桜', '振込テスト椿'] : ['Payout Sakura', 'Payout Tsubaki'];
    const creators = [];
    for (const [i, nickname] of names.entries()) {
      const c = await creatorThroughApi(request, { nickname }, `aw${i}`);
      const headers = await apiLogin(request, c.email);
      const bank = await request.post('/api/mypage/bank', {
        headers,
        data: {
          bank_code: '0001',
          branch_code: '001',
          account_type: 'ordinary',
          account_number: `123456${i}`,
          account_owner: i === 0 ? 'サクラ　ハナコ' : 'ツバキ　ユウコ',
        },
      });
      expect(bank.ok(), await bank.text()).toBe(true);
      const item = await request.post('/_local/demo/item', {
        data: { username: c.username, name: `${nickname}のフォト`, price: PRICE },
      });
      expect(item.ok(), await item.text()).toBe(true);
      creators.push({ ...c, itemId: ((await item.json()) as { id: string }).id });
    }

    // A buyer (a shop owner: e-mail account, made through the API) buys mushrooms at the store,
    // then each creator's item (the shop's own purchase).
    const buyerAccount = await creatorThroughApi(request, { nickname: 'バイヤー' }, `awbuy${lang}`, 1);
    const buyer = await phonePage(browser);
    await creatorLogin(buyer, lang, t, buyerAccount);
    await buyMushrooms(buyer, lang, t, 3000);
    const buyerId = (await authHeaders(buyer))['X-Profile-Id'];
    for (const c of creators) {
      const bought = await request.post('/_local/demo/purchase', {
        data: { profile_id: buyerId, item_id: c.itemId },
      });
      expect(bought.ok(), await bought.text()).toBe(true);
    }
    await buyer.context().close();

    // The month closes; both creators request it.
    const { offset, year, month } = await toNextMonth(request);
    await setClock(request, offset);
    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
    try {
      let transferDate = '';
      const ids: string[] = [];
      const amounts: number[] = [];
      for (const c of creators) {
        const res = await request.post('/api/mypage/request-withdraw', {
          headers: await apiLogin(request, c.email),
          data: { year, month },
        });
        expect(res.ok(), await res.text()).toBe(true);
        const { withdrawal } = (await res.json()) as {
          withdrawal: { id: string; transfer_date: string; net_amount: number };
        };
        transferDate = withdrawal.transfer_date;
        ids.push(withdrawal.id);
        amounts.push(withdrawal.net_amount);
      }

      // Back to the real time: the authenticator's codes follow the wall clock.
      await setClock(request, 0);
      // The operator opens the transfer date's requests.
      await adminLogin(admin, lang, t);
      await admin.goto(pathIn(lang, `/admin/withdrawals?date=${transferDate}`));
      await expect(admin.getByRole('heading', { name: a('title') })).toBeVisible();
      const rowOf = (i: number) => admin.locator(`[data-testid="aw-row"][data-id="${ids[i]}"]`);
      await expect(rowOf(0)).toContainText(names[0] as string);
      await expect(rowOf(1)).toContainText(names[1] as string);
      await expect(rowOf(0)).toContainText(a('status.unconfirmed'));
      await expect(rowOf(0).getByRole('link', { name: names[0] })).toHaveAttribute(
        'href',
        /\/admin\/users\//,
      );
      await shot(admin, lang, 'list');

      // Both opened at once, then one approved and the other sent back.
      for (const i of [0, 1]) await rowOf(i).getByRole('checkbox').check();
      await admin.getByRole('button', { name: a('actions.reviewSelected', { count: 2 }) }).click();
      await expect(admin.getByText(a('done.review', { count: 2 }))).toBeVisible();
      await expect(rowOf(0)).toContainText(a('status.checking'));

      await rowOf(0)
        .getByRole('button', { name: a('actions.approve'), exact: true })
        .click();
      const approve = admin.getByRole('dialog', { name: a('dialog.approveTitle') });
      await expect(approve).toBeVisible();
      await approve.getByRole('button', { name: a('dialog.submit') }).click();
      await expect(admin.getByText(a('done.approve'))).toBeVisible();
      await expect(rowOf(0)).toContainText(a('status.approved'));

      await rowOf(1)
        .getByRole('button', { name: a('actions.reject') })
        .click();
      const reject = admin.getByRole('dialog', { name: a('dialog.rejectTitle') });
      // Nothing filled: the reason and the fields are asked for.
      await reject.getByRole('button', { name: a('dialog.submit') }).click();
      await expect(reject.getByText(t('validation', 'required'))).toBeVisible();
      await expect(reject.getByText(t('validation', 'adminWithdrawalFaultFields'))).toBeVisible();
      await reject.getByLabel(a('dialog.reason')).fill('口座名義が通帳と一致しません。');
      await reject.getByRole('checkbox', { name: a('fault.account_owner') }).check();
      await shot(admin, lang, 'reject');
      await reject.getByRole('button', { name: a('dialog.submit') }).click();
      await expect(admin.getByText(a('done.reject'))).toBeVisible();
      await expect(rowOf(1)).toContainText(a('status.rejected'));

      // The transfer file: one line, downloaded as the bytes generated. (The other language's run
      // may have made the date's first file.)
      const before = await admin.getByTestId('aw-batch').count();
      const batchId = `${transferDate}-${String(before + 1).padStart(3, '0')}`;
      await admin.getByRole('button', { name: a('batch.generate') }).click();
      const generate = admin.getByRole('dialog', { name: a('batch.generateTitle') });
      await generate.getByRole('button', { name: a('batch.generate') }).click();
      await expect(admin.getByText(a('done.batch'))).toBeVisible();
      await expect(admin.getByTestId('aw-batch')).toHaveCount(before + 1);
      const batch = admin.getByTestId('aw-batch').filter({ hasText: batchId });
      await expect(batch).toContainText(a('batch.generated'));
      await shot(admin, lang, 'batch');
      const [download] = await Promise.all([
        admin.waitForEvent('download'),
        batch.getByRole('button', { name: a('batch.downloadLabel', { id: batchId }) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`zengin-${batchId}.txt`);
      const bytes = await readFile(await download.path());
      // Header, one data record, trailer and end: 4 records of 120 bytes and CRLF.
      expect(bytes.length).toBe(4 * 122);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('1210');
      expect(bytes.subarray(122, 123).toString('latin1')).toBe('2');
      const net = amounts[0] as number;
      expect(net).toBeGreaterThanOrEqual(1000);
      expect(bytes.subarray(244, 263).toString('latin1')).toBe(`8000001${String(net).padStart(12, '0')}`);

      // The bank executed it.
      await batch.getByRole('button', { name: a('batch.markLabel', { id: batchId }) }).click();
      const mark = admin.getByRole('dialog', { name: a('batch.markTitle') });
      await mark.getByRole('button', { name: a('batch.markTransferred') }).click();
      await expect(admin.getByText(a('done.transferred'))).toBeVisible();
      await expect(batch).toContainText(a('batch.transferred'));
      await expect(rowOf(0)).toContainText(a('status.transferred'));
      await shot(admin, lang, 'transferred');

      // The creator sees 'transferred' on their withdrawal screen.
      const page = await phonePage(browser);
      await page.goto(pathIn(lang, '/creator/login'));
      await field(page, lang, t('auth', 'fields.email')).fill(creators[0]?.email as string);
      await field(page, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'creatorLogin.submit'), exact: true }).click();
      await expect(page).not.toHaveURL(/\/creator\/login/);
      await page.goto(pathIn(lang, '/mypage/account/withdraw'));
      const item = page.getByRole('listitem').filter({ hasText: t('withdrawals', 'fields.requestedAt') });
      await expect(item).toContainText(t('withdrawals', 'status.transferred'));
      await expect(item).toContainText(t('withdrawals', 'fields.transferDate'));
      await page.context().close();
    } finally {
      await setClock(request, 0);
      await admin.context().close();
    }
  });
}
