import type { SummaryResponse } from '@app/shared/schemas/business';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { queryClient } from '../../../lib/query.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { renderApp } from '../../../test/serve.tsx';
import { signInForTest } from '../../../test/session.ts';
import { account, serve } from '../../home/test/fixtures.tsx';

/** The leave dialog tells creators and owners the unpaid rewards they forfeit, before they confirm. */

const CREATOR = 2;
const OWNER = 1;
const FAN = 4;

const zero = { revenue: 0, fee: 0, income: 0 };
const summary = (unpaid: number): SummaryResponse => ({
  year: 2026,
  month: 11,
  closed: false,
  by_type: [1, 2, 3, 4].map((payment_type) => ({ payment_type, ...zero })),
  totals: zero,
  withdrawable_amount: 0,
  unpaid_amount: unpaid,
  chart: [],
  campaign: null,
});

const fetchMock = prepareScreenTest();

async function openLeaveDialog(path: string, leaveLabel: string) {
  renderApp(path);
  fireEvent.click(await screen.findByRole('button', { name: leaveLabel }));
  const dialog = await screen.findByRole('dialog');
  return dialog;
}

it.each([
  [
    'ja',
    CREATOR,
    '/ja/mypage/account',
    '退会する',
    'お支払い前の報酬12,345円は、退会と同時に失効し',
    '保有しているポイントもすべて失効します。',
    'お支払い前の報酬やポイントはすべて失効します。',
  ],
  [
    'en',
    OWNER,
    '/en/mypage/account',
    'Leave the service',
    'Your unpaid rewards of 12,345 yen are forfeited',
    'Any remaining points are forfeited too.',
    'Any unpaid rewards and remaining points are forfeited.',
  ],
] as const)(
  '[%s] role %i: the dialog names the unpaid amount',
  async (_lang, role, path, leave, text, points, general) => {
    signInForTest('me', role);
    const calls = serve(fetchMock, {
      'GET /mypage': () => jsonResponse({ status: 200, body: account(role, 'kinoko', 'きのこ') }),
      'GET /mypage/summary': () => jsonResponse({ status: 200, body: summary(12345) }),
    });
    const dialog = await openLeaveDialog(path, leave);
    expect(await within(dialog).findByText(new RegExp(text))).toBeTruthy();
    expect(calls.filter((c) => c.path === 'GET /mypage/summary')).toHaveLength(1);
    // The points are named on their own; the general sentence about rewards is not repeated.
    expect(within(dialog).getByText(points)).toBeTruthy();
    expect(within(dialog).queryByText(general)).toBeNull();
  },
);

it.each([
  [
    'a failed call',
    () => jsonResponse({ status: 500, body: { code: 'internal', message: 'errors.communication' } }),
  ],
  [
    'a missing route',
    () => jsonResponse({ status: 404, body: { code: 'not_found', message: 'errors.notFound' } }),
  ],
  ['nothing unpaid', () => jsonResponse({ status: 200, body: summary(0) })],
])('%s: the general forfeiture sentence only', async (_case, answer) => {
  signInForTest('me', CREATOR);
  const calls = serve(fetchMock, {
    'GET /mypage': () => jsonResponse({ status: 200, body: account(CREATOR, 'kinoko', 'きのこ') }),
    'GET /mypage/summary': answer,
  });
  const dialog = await openLeaveDialog('/ja/mypage/account', '退会する');
  await waitFor(() => expect(calls.filter((c) => c.path === 'GET /mypage/summary')).toHaveLength(1));
  expect(within(dialog).getByText('お支払い前の報酬やポイントはすべて失効します。')).toBeTruthy();
  // Once the read has settled (answered or failed), no amount is shown.
  await waitFor(() =>
    expect(queryClient.getQueryState(['mypage', 'summary', 'unpaid'])?.status).not.toBe('pending'),
  );
  expect(dialog.textContent).not.toMatch(/円は、退会と同時に/);
  // Confirming stays possible.
  expect(within(dialog).getByRole('button', { name: '退会する' })).toBeTruthy();
});

it('fans are not asked about rewards', async () => {
  signInForTest('me', FAN);
  const calls = serve(fetchMock, {
    'GET /mypage': () => jsonResponse({ status: 200, body: account(FAN, 'fan', 'ファン') }),
  });
  const dialog = await openLeaveDialog('/ja/mypage/account', '退会する');
  expect(within(dialog).getByText('お支払い前の報酬やポイントはすべて失効します。')).toBeTruthy();
  expect(calls.filter((c) => c.path === 'GET /mypage/summary')).toEqual([]);
});
