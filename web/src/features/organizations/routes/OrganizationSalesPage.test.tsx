import type { MypageResponse } from '@app/shared/schemas/mypage';
import type { OrganizationSalesResponse } from '@app/shared/schemas/organizations';
import { jstMonth } from '@app/shared/time';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp, serveApi } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';
import { account } from '../../home/test/fixtures.tsx';
import { formatMonth, monthOfYm, shiftMonth, ymOf } from '../../incomes/format.ts';

const current = monthOfYm(jstMonth(new Date())) ?? { year: 2026, month: 11 };
const previous = shiftMonth(current, -1);

const sales = (month: string): OrganizationSalesResponse =>
  month === ymOf(current)
    ? {
        month,
        total: { revenue: 12_000, income: 6_000, count: 7 },
        casts: [
          { cast_id: 'c1', nickname: 'みお', username: 'mio_tsuki', revenue: 9_000, income: 4_500, count: 5 },
          { cast_id: 'c2', nickname: null, username: null, revenue: 3_000, income: 1_500, count: 2 },
        ],
      }
    : { month, total: { revenue: 0, income: 0, count: 0 }, casts: [] };

describe('/organization/sales', () => {
  const fetchMock = prepareScreenTest();

  const serve = (me: MypageResponse) => {
    signInForTest('me', me.profile.role_id);
    return serveApi(fetchMock, {
      'GET /chatroom/list': () =>
        jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
      'GET /mypage': () => jsonResponse({ status: 200, body: me }),
      'GET /organizations/sales': (_b, q) =>
        jsonResponse({
          status: 200,
          body: sales(
            q.has('year')
              ? ymOf({ year: Number(q.get('year')), month: Number(q.get('month')) })
              : ymOf(current),
          ),
        }),
    });
  };

  it("[ja] the month's total and each cast (a removed one unnamed), month by month, and where withdrawals are asked", async () => {
    const calls = serve(account(1, 'tsukiakari', '月灯りオーナー'));
    renderApp('/ja/organization/sales');
    expect(await screen.findByRole('heading', { name: formatMonth('ja', current) })).toBeTruthy();
    const total = await screen.findByTestId('org-sales-total');
    expect(within(total).getByText('12,000円')).toBeTruthy();
    expect(within(total).getByText('6,000円')).toBeTruthy();
    expect(within(total).getByText('7件')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'キャスト別' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('みお @mio_tsuki');
    expect(rows[0]?.textContent).toContain('9,000円');
    expect(rows[1]?.textContent).toContain('削除されたキャスト');
    expect(rows[1]?.textContent).toContain('1,500円');
    // Not beyond the current month.
    expect(screen.getByRole('button', { name: /次の月/ })).toHaveProperty('disabled', true);
    expect(screen.getByText(/出金は収益の画面から申請してください/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '収益を見る' }).getAttribute('href')).toBe('/ja/mypage/incomes');
    expect(screen.getByRole('link', { name: '出金申請へ' }).getAttribute('href')).toBe(
      '/ja/mypage/account/withdraw',
    );

    fireEvent.click(screen.getByRole('button', { name: /前の月/ }));
    expect(await screen.findByRole('heading', { name: formatMonth('ja', previous) })).toBeTruthy();
    expect(await screen.findByText('この月の売上はまだありません。')).toBeTruthy();
    expect(within(screen.getByTestId('org-sales-total')).getByText('0件')).toBeTruthy();
    expect(
      calls.some(
        (c) =>
          c.path === 'GET /organizations/sales' &&
          c.query.get('year') === String(previous.year) &&
          c.query.get('month') === String(previous.month),
      ),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /次の月/ }));
    await waitFor(() => expect(screen.getByTestId('org-sales-total').textContent).toContain('12,000円'));
  });

  it('[ja] before any organization: the reason and the way to register one', async () => {
    signInForTest('me', 1);
    serveApi(fetchMock, {
      'GET /chatroom/list': () =>
        jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
      'GET /mypage': () => jsonResponse({ status: 200, body: account(1, 'tsukiakari', '月灯りオーナー') }),
      'GET /organizations/sales': () =>
        jsonResponse({ status: 404, body: { code: 'organization_not_found', message: 'not found' } }),
    });
    renderApp('/ja/organization/sales');
    expect(await screen.findByText('組織の登録がまだありません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '組織の管理' }).getAttribute('href')).toBe('/ja/organization');
  });

  it('[en] is for owners only', async () => {
    const calls = serve(account(4, null, 'Hinata'));
    renderApp('/en/organization/sales');
    expect(await screen.findByText('This screen is for shop and organization owners.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'GET /organizations/sales')).toBe(false);
  });
});
