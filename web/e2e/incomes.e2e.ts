import { expect, type Page, test } from '@playwright/test';
import {
  authHeaders,
  creatorThroughApi,
  DEMO_PASSWORD,
  expectPath,
  fanWithMushrooms,
  field,
  LANGS,
  type Lang,
  pathIn,
  phonePage,
  setClock,
  setClockParked,
  type T,
  text,
} from './support.ts';

/** The creator's price (tomorrow's value; the clock then moves a day on) and the stamp sent. */
const PRICE = 10;
const STAMP = { id: 'love', cost: 30, name: { ja: '大好き', en: 'Love' } };
const DAY_MS = 25 * 60 * 60 * 1000;
/** `SHOTS_DIR=/tmp/shots/incomes npx playwright test … incomes` saves the screens at 390×844. */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, lang: Lang, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });
}

/** 'YYYY-MM' of an instant in Japan time. */
const jstYm = (ms: number) => new Date(ms + 9 * 3600_000).toISOString().slice(0, 7);

// The clock is moved by the test: put back even when a test fails or times out.
test.afterEach(async ({ request }) => {
  await setClock(request, 0);
});

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);
  const yen = (n: number) =>
    t('incomes', 'yen', { yen: n.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US') });

  test(`[${lang}] a creator sees a fan's paid messages and stamp as income rows and in the chart, then prints the closed month's statement`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const creatorName = lang === 'ja' ? 'しいたけ商店' : 'Shiitake';
    const fanName = `inc-${lang}-${Date.now().toString(36)}`;
    const creator = await phonePage(browser);
    const fan = await phonePage(browser);
    try {
      const made = await creatorThroughApi(request, { nickname: creatorName }, 'inc');
      await creator.goto(pathIn(lang, '/creator/login'));
      await field(creator, lang, t('auth', 'fields.email')).fill(made.email);
      await field(creator, lang, t('auth', 'fields.password')).fill(DEMO_PASSWORD);
      await creator.getByRole('button', { name: t('auth', 'creatorLogin.submit'), exact: true }).click();
      await expectPath(creator, lang, '/home');
      const set = await creator.request.post('/api/mypage/business-setting', {
        headers: await authHeaders(creator),
        data: { chat_cost: PRICE },
      });
      expect(set.ok()).toBe(true);
      await fanWithMushrooms(fan, lang, t, fanName);
      await setClockParked(request, DAY_MS, [fan, creator]);
      const salesMonth = jstYm(Date.now() + DAY_MS);

      // The fan pays for two messages in the room, then sends a stamp.
      await fan.goto(pathIn(lang, `/chatroom/${made.username}`));
      await expect(fan.getByTestId('chat-cost')).toHaveText(
        t('chat', 'composer.cost', { cost: PRICE, count: PRICE }),
      );
      const box = fan.getByRole('textbox', { name: t('chat', 'composer.label') });
      for (const [i, message] of ['一通目 first', '二通目 second'].entries()) {
        await box.fill(message);
        await fan.getByRole('button', { name: new RegExp(`^${t('chat', 'composer.send')}`) }).click();
        await expect(fan.getByRole('log').getByText(message)).toBeVisible();
        // The composer is cleared once the message is stored.
        await expect(box).toHaveValue('');
        await expect(fan.getByTestId('chat-balance')).toHaveText(String(100 - (i + 1) * PRICE));
      }
      await expect(fan.getByTestId('chat-balance')).toHaveText(String(100 - 2 * PRICE));
      const room = await fan.request.get(`/api/chatroom/${made.username}`, {
        headers: await authHeaders(fan),
      });
      const stamp = await fan.request.post('/api/chat', {
        headers: await authHeaders(fan),
        data: { chatroom_id: (await room.json()).id, uuid: crypto.randomUUID(), stamp_id: STAMP.id },
      });
      expect(stamp.ok(), await stamp.text()).toBe(true);

      // The creator's income: the rows, the month's totals, the chart's figure.
      const revenue = 2 * PRICE + STAMP.cost;
      const income = revenue / 2;
      await creator.goto(pathIn(lang, '/mypage/incomes'));
      const rows = creator.getByRole('list', { name: t('incomes', 'rows.listLabel') });
      await expect(rows.getByRole('listitem')).toHaveCount(3);
      await expect(
        rows.getByRole('listitem').filter({ hasText: t('incomes', 'rows.targets.chat') }),
      ).toHaveCount(2);
      await expect(
        rows
          .getByRole('listitem')
          .filter({ hasText: t('incomes', 'rows.targetsNamed.stamp', { name: STAMP.name[lang] }) }),
      ).toContainText(fanName);
      const totals = creator.locator('.income-totals');
      await expect(totals).toContainText(yen(revenue));
      await expect(totals).toContainText(yen(income));
      await expect(creator.getByTestId('income-chart')).toBeVisible();
      const chartTable = creator.getByRole('table', { name: t('incomes', 'chart.tableCaption') });
      await expect(chartTable.getByRole('row').last()).toContainText(yen(income));
      await shot(creator, lang, 'incomes');

      // The filter keeps the gifts only.
      await creator.getByRole('radio', { name: t('incomes', 'types.4') }).check();
      await expect(rows.getByRole('listitem')).toHaveCount(1);

      // The month ends: its statement can be printed.
      const [y, m] = salesMonth.split('-').map(Number) as [number, number];
      await setClockParked(request, Date.UTC(y, m, 2, 3) - Date.now(), [creator, fan]);
      await creator.goto(pathIn(lang, '/mypage/incomes'));
      await creator.getByRole('button', { name: new RegExp(t('incomes', 'month.previous')) }).click();
      await creator.getByRole('link', { name: t('incomes', 'statementLink') }).click();
      await expectPath(creator, lang, `/mypage/incomes/statement/${salesMonth}`);
      await expect(creator.getByRole('heading', { name: t('incomes', 'statement.heading') })).toBeVisible();
      const statement = creator.getByRole('table', { name: t('incomes', 'byType.heading') });
      await expect(
        statement.getByRole('row', { name: new RegExp(t('incomes', 'statement.total')) }),
      ).toContainText(yen(income));
      await expect(creator.getByText('桜井 さくら')).toBeVisible();
      await expect(creator.getByRole('button', { name: t('incomes', 'statement.print') })).toBeVisible();
      await creator.emulateMedia({ media: 'print' });
      await expect(creator.getByRole('button', { name: t('incomes', 'statement.print') })).toBeHidden();
      await expect(creator.locator('.header')).toBeHidden();
      await shot(creator, lang, 'statement-print');
      await creator.emulateMedia({ media: 'screen' });
      await shot(creator, lang, 'statement');
    } finally {
      await creator.context().close();
      await fan.context().close();
    }
  });
}
