import type { IncomeRowView, StatementResponse, SummaryResponse } from '@app/shared/schemas/business';
import { jstMonth } from '@app/shared/time';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';
import { shiftMonth } from '../format.ts';

const [cy, cm] = jstMonth(new Date()).split('-').map(Number) as [number, number];
const current = { year: cy, month: cm };
const previous = shiftMonth(current, -1);

/** The month a call asks for; none is the current month (the API's clock). */
const monthIn = (q: URLSearchParams) =>
  q.has('year') ? { year: Number(q.get('year')), month: Number(q.get('month')) } : current;

const zero = { revenue: 0, fee: 0, income: 0 };
function summary(m: { year: number; month: number }, over: Partial<SummaryResponse> = {}): SummaryResponse {
  return {
    ...m,
    closed: m.year * 12 + m.month < current.year * 12 + current.month,
    by_type: [
      { payment_type: 1, revenue: 200, fee: 100, income: 100 },
      { payment_type: 2, ...zero },
      { payment_type: 3, ...zero },
      { payment_type: 4, revenue: 100, fee: 50, income: 50 },
    ],
    totals: { revenue: 300, fee: 150, income: 150 },
    withdrawable_amount: 4321,
    unpaid_amount: 5000,
    chart: Array.from({ length: 12 }, (_, i) => ({ ...shiftMonth(m, i - 11), income: i * 100 })),
    campaign: null,
    ...over,
  };
}

const row = (n: number, over: Partial<IncomeRowView> = {}): IncomeRowView => ({
  id: `01J0000000000000000000000${n}-0`,
  buyer: { id: 'fan1', nickname: `ファン${n}`, profile_image: null },
  target: { kind: 'chat', name: null },
  cast: null,
  payment_type: 1,
  point_type: 'mushroom',
  points: 20,
  revenue: 20,
  fee: 10,
  income: 10,
  created_at: '2026-05-20T03:00:00.000Z',
  ...over,
});

describe('/mypage/incomes', () => {
  const fetchMock = prepareScreenTest();

  it('shows the month, the chart as a table, rows with paging and filters, and moves between months', async () => {
    signInForTest('creator1', 2);
    const calls = serveApi(fetchMock, {
      'GET /mypage/summary': (_b, q) =>
        jsonResponse({
          status: 200,
          body: summary(monthIn(q), { campaign: { rate: 0.6, ends_at: '2026-09-30T15:00:00.000Z' } }),
        }),
      'GET /mypage/incomes': (_b, q) => {
        const m = monthIn(q);
        if (q.get('payment_type') === '4')
          return jsonResponse({
            status: 200,
            body: {
              ...m,
              rows: [row(9, { target: { kind: 'stamp', name: 'bouquet' }, payment_type: 4 })],
              totals: zero,
              next_cursor: null,
            },
          });
        const second = q.get('cursor') === 'sealed';
        return jsonResponse({
          status: 200,
          body: {
            ...m,
            rows: second
              ? [row(3, { buyer: null, points: -20, income: -10 })]
              : [row(1), row(2, { cast: { id: 'cast1', nickname: '月野あかり' } })],
            totals: zero,
            next_cursor: second ? null : 'sealed',
          },
        });
      },
    });
    renderApp('/ja/mypage/incomes');
    expect(await screen.findByRole('heading', { name: `${current.year}年${current.month}月` })).toBeTruthy();
    expect(await screen.findByText(/ファン1/)).toBeTruthy();
    // An organization's row names the cast who made the sale.
    expect(screen.getByText(/キャスト：月野あかり/)).toBeTruthy();
    expect(screen.getByText('4,321円')).toBeTruthy();
    expect(screen.getByRole('link', { name: '出金申請へ' }).getAttribute('href')).toBe(
      '/ja/mypage/account/withdraw',
    );
    expect(screen.getByText(/キャンペーン適用中：チャットの収益率は60%です/)).toBeTruthy();
    // The chart's figures are readable as a table; the drawing is hidden from screen readers.
    const table = screen.getByRole('table', { name: '月ごとの収益' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByText('1,100円')).toBeTruthy();
    expect(screen.getByTestId('income-chart').getAttribute('aria-hidden')).toBe('true');
    // The current month is open: no statement, and no next month.
    expect(screen.queryByRole('link', { name: 'この月の収益明細書を見る' })).toBeNull();
    expect((screen.getByRole('button', { name: /次の月/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText(/退会したユーザー/)).toBeTruthy();
    expect(screen.getByText('取り消し')).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path === 'GET /mypage/incomes')
        .at(-1)
        ?.query.get('cursor'),
    ).toBe('sealed');

    fireEvent.click(screen.getByRole('radio', { name: 'ギフト（スタンプ）' }));
    expect(await screen.findByText('スタンプ「花束」')).toBeTruthy();
    expect(calls.at(-1)?.query.get('payment_type')).toBe('4');

    fireEvent.click(screen.getByRole('button', { name: /前の月/ }));
    expect(
      await screen.findByRole('heading', { name: `${previous.year}年${previous.month}月` }),
    ).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'この月の収益明細書を見る' });
    const ym = `${previous.year}-${String(previous.month).padStart(2, '0')}`;
    expect(link.getAttribute('href')).toBe(`/ja/mypage/incomes/statement/${ym}`);
    expect(
      calls.some((c) => c.path === 'GET /mypage/summary' && c.query.get('month') === String(previous.month)),
    ).toBe(true);
  });

  it('tells a fan the screen is for creators, without asking the API', async () => {
    signInForTest('fan1', 4);
    const calls = serveApi(fetchMock, {});
    renderApp('/en/mypage/incomes');
    expect(await screen.findByText('Income is shown to creators.')).toBeTruthy();
    expect(calls.filter((c) => c.path.includes('/mypage/'))).toEqual([]);
  });
});

describe('/mypage/incomes/statement/:ym', () => {
  const fetchMock = prepareScreenTest({ signIn: ['creator1', 2] });

  const statement: StatementResponse = {
    year: 2026,
    month: 4,
    issued_on: '2026-05-02',
    creator: { full_name: '山田 花子', nickname: 'はなこ', username: 'hanako' },
    invoice_number: 'T1234567890123',
    by_type: summary({ year: 2026, month: 4 }).by_type,
    totals: { revenue: 300, fee: 150, income: 150 },
    withdrawal: { status: 'checking', requested_amount: 150, transfer_date: '2026-06-10' },
  };

  it('prints a closed month in English with its invoice number and withdrawal', async () => {
    const calls = serveApi(fetchMock, {
      'GET /mypage/statement': () => jsonResponse({ status: 200, body: statement }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp('/en/mypage/incomes/statement/2026-04');
    expect(await screen.findByText('T1234567890123')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Income statement' })).toBeTruthy();
    expect(screen.getByText('Period: April 2026')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'By payment type' });
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain('¥150');
    expect(screen.getByText('Checking')).toBeTruthy();
    expect(calls[0]?.query.toString()).toBe('year=2026&month=4');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says when the month is not closed yet, and refuses a path that is no month', async () => {
    serveApi(fetchMock, {
      'GET /mypage/statement': () =>
        jsonResponse({ status: 409, body: { code: 'month_not_closed', message: 'open' } }),
    });
    renderApp('/ja/mypage/incomes/statement/2026-04');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '印刷する' })).toBeNull();
    cleanup();
    renderApp('/ja/mypage/incomes/statement/2026-13');
    expect(await screen.findByText('明細書の月が正しくありません。')).toBeTruthy();
  });
});
