import type { DashboardResponse, PeriodFigures } from '@app/shared/schemas/admin-dashboard';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';

const kinds = (mushroom: number, leaf = 0) => ({
  mushroom: { points: mushroom, fee: Math.floor(mushroom / 2) },
  leaf: { points: leaf, fee: leaf },
  original: { points: 0, fee: 0 },
});

const period = (scale: number): PeriodFigures => ({
  sales: [
    {
      payment_type: 1,
      points: 1200 * scale,
      fee: 650 * scale,
      count: 40 * scale,
      by_kind: kinds(1100 * scale, 100 * scale),
    },
    {
      payment_type: 2,
      points: 5000 * scale,
      fee: 250 * scale,
      count: 3 * scale,
      by_kind: kinds(5000 * scale),
    },
    { payment_type: 3, points: 900 * scale, fee: 90 * scale, count: 2 * scale, by_kind: kinds(900 * scale) },
    { payment_type: 4, points: 300 * scale, fee: 150 * scale, count: 1, by_kind: kinds(300 * scale) },
  ],
  total: { points: 7400 * scale, fee: 1140 * scale, count: 45 * scale + 1, mushroom_points: 7300 * scale },
  purchases: { yen: 12_340 * scale, mushrooms: 1234 * scale, count: 5 * scale },
  accounts: { fans: 12 * scale, creators: 3 * scale, owners: 1 * scale },
});

const days = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10);
  return {
    day,
    sales: { chat: i * 10, product: i * 100, subscription: 0, gift: i },
    purchase_yen: i * 1000,
    fans: i % 3,
    creators: i % 2,
    owners: 0,
  };
});

const dashboard: DashboardResponse = {
  today: '2026-11-24',
  month: '2026-11',
  figures: { today: period(1), month: period(10) },
  queues: {
    reports: { open: 4, in_progress: 3 },
    organizations_review: 0,
    withdrawals: { unconfirmed: 2, checking: 1, reapplying: 3 },
  },
  series: days,
};

describe('/admin (dashboard)', () => {
  const fetchMock = prepareScreenTest({ signIn: ['admin', 3] });
  beforeEach(() => {
    serveApi(fetchMock, { 'GET /admin/dashboard': () => jsonResponse({ status: 200, body: dashboard }) });
  });

  it('[ja] shows today and this month by type in yen and points, the queues with links, the charts with their figures', async () => {
    renderApp('/ja/admin');
    const today = await screen.findByTestId('dash-today', {}, { timeout: 5000 });
    expect(within(today).getByRole('heading', { name: '本日' })).toBeTruthy();
    expect(within(today).getByText('12,340円')).toBeTruthy();
    expect(within(today).getByText('1,234キノコ・5件')).toBeTruthy();
    expect(within(today).getByText('7,400pt')).toBeTruthy();
    const chat = within(today).getByText('チャット').closest('li') as HTMLElement;
    expect(chat.textContent).toContain('1,200pt');
    expect(chat.textContent).toContain('運営手数料 650pt');
    expect(chat.textContent).toContain('40件');
    expect(
      within(chat).getByRole('table', { name: '本日のチャットの売上（ポイント種別）' }).textContent,
    ).toContain('リーフ100pt');
    const month = screen.getByTestId('dash-month');
    expect(within(month).getByText('123,400円')).toBeTruthy();
    expect(within(month).getByText('74,000pt')).toBeTruthy();
    expect(within(month).getByText('120人')).toBeTruthy();

    // Reports still needing work: open and in progress.
    const reports = screen.getByRole('link', { name: '対応が必要な通報を開く（7件）' });
    expect(reports.getAttribute('href')).toBe('/ja/admin/reports');
    expect(reports.textContent).toContain('未対応 4 / 対応中 3');
    expect(screen.getByRole('link', { name: '審査待ちの組織を開く（0件）' }).getAttribute('href')).toBe(
      '/ja/admin/organizations',
    );
    const withdrawals = screen.getByRole('link', { name: '処理待ちの出金申請を開く（6件）' });
    expect(withdrawals.getAttribute('href')).toBe('/ja/admin/withdrawals');
    expect(withdrawals.textContent).toContain('確認中 1');

    const sum = (f: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + f(d), 0);
    expect(
      screen.getByRole('img', {
        name: `過去30日の売上：チャット ${sum((d) => d.sales.chat).toLocaleString('ja-JP')}pt、商品 ${sum((d) => d.sales.product).toLocaleString('ja-JP')}pt、ファンクラブ 0pt、スタンプ ${sum((d) => d.sales.gift)}pt`,
      }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: '過去30日の売上（種類別、ポイント）' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    // The last day (today): chat, items, fan clubs, stamps.
    const last = within(rows[30] as HTMLElement);
    expect(last.getByRole('rowheader').textContent).toBe('11/24');
    expect(last.getAllByRole('cell').map((c) => c.textContent)).toEqual(['290', '2,900', '0', '29']);
    expect(screen.getByRole('table', { name: '過去30日の新規登録' })).toBeTruthy();
  }, 20_000);

  it('[en] formats the figures for English readers', async () => {
    renderApp('/en/admin');
    const today = await screen.findByTestId('dash-today', {}, { timeout: 5000 });
    expect(within(today).getByText('¥12,340')).toBeTruthy();
    expect(within(today).getByText('7,400 pt')).toBeTruthy();
    expect(within(today).getByText(/1 payment$/)).toBeTruthy();
    expect(within(today).getByText('1,234 mushrooms, 5 purchases')).toBeTruthy();
    expect(screen.getByText('As of Nov 24, 2026 (Japan time)')).toBeTruthy();
    const reports = screen.getByRole('link', { name: 'Open Reports to handle (7)' });
    expect(reports.getAttribute('href')).toBe('/en/admin/reports');
    expect(reports.textContent).toContain('Open 4 / In progress 3');
    expect(screen.getByRole('table', { name: 'New accounts of the last 30 days' })).toBeTruthy();
  }, 20_000);
});
