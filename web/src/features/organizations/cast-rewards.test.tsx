import { jstMonth } from '@app/shared/time';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/boundary.ts';
import { prepareScreenTest } from '../../test/screen.ts';
import { renderApp, serveApi } from '../../test/serve.tsx';
import { signInForTest } from '../../test/session.ts';
import { account } from '../home/test/fixtures.tsx';
import { monthOfYm, shiftMonth } from '../incomes/format.ts';

const current = monthOfYm(jstMonth(new Date())) ?? { year: 2026, month: 11 };

describe("a cast's withdrawal entry points", () => {
  const fetchMock = prepareScreenTest();

  it('[ja] say the rewards go to the organization and offer no withdrawal', async () => {
    const cast = { ...account(2, 'mio_tsuki', 'みお'), cast_of: { name: 'ラウンジ 月灯り' } };
    signInForTest('me', 2);
    const calls = serveApi(fetchMock, {
      'GET /chatroom/list': () =>
        jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
      'GET /mypage': () => jsonResponse({ status: 200, body: cast }),
    });
    const text = '報酬はラウンジ 月灯りに支払われます。出金はラウンジ 月灯りのオーナーが申請します。';
    // The account screen's business menu: the note instead of the withdrawal link and tab.
    renderApp('/ja/mypage/account');
    expect(await screen.findAllByText(text)).toHaveLength(1);
    expect(screen.getByRole('link', { name: '収益' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '出金' })).toBeNull();
    expect(screen.queryByRole('link', { name: '出金・口座' })).toBeNull();
    cleanup();

    renderApp('/ja/mypage/account/withdraw');
    const notes = await screen.findAllByText(text);
    // In place of the withdrawal screen (the business menu's own note stays off this page).
    expect(notes).toHaveLength(1);
    // Neither the tab nor the menu's link to the withdrawals, nor the request form or the bank form.
    expect(screen.queryByRole('link', { name: '出金・口座' })).toBeNull();
    expect(screen.queryByRole('link', { name: '出金' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '出金申請' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '振込先口座' })).toBeNull();
    expect(calls.some((c) => c.path.includes('withdraw'))).toBe(false);
  });

  it('[en] the income screen shows the cast the note instead of the withdrawable amount and its link', async () => {
    const cast = { ...account(2, 'mio_tsuki', 'Mio'), cast_of: { name: 'Lounge Tsukiakari' } };
    const zero = { revenue: 0, fee: 0, income: 0 };
    signInForTest('me', 2);
    serveApi(fetchMock, {
      'GET /chatroom/list': () =>
        jsonResponse({ status: 200, body: { chatrooms: [], unread_total: 0, next_cursor: null } }),
      'GET /mypage': () => jsonResponse({ status: 200, body: cast }),
      'GET /mypage/summary': () =>
        jsonResponse({
          status: 200,
          body: {
            ...current,
            closed: false,
            by_type: [1, 2, 3, 4].map((payment_type) => ({ payment_type, ...zero })),
            totals: zero,
            withdrawable_amount: 0,
            unpaid_amount: 0,
            chart: Array.from({ length: 12 }, (_, i) => ({ ...shiftMonth(current, i - 11), income: 0 })),
            campaign: null,
          },
        }),
      'GET /mypage/incomes': () =>
        jsonResponse({ status: 200, body: { ...current, rows: [], totals: zero, next_cursor: null } }),
    });
    renderApp('/en/mypage/incomes');
    expect(
      await screen.findByText(
        'Your rewards are paid to Lounge Tsukiakari. The owner of Lounge Tsukiakari requests the withdrawals.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /withdraw/i })).toBeNull();
  });
});
