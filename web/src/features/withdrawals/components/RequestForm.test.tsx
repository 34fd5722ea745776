import type { WithdrawalHistoryResponse } from '@app/shared/schemas/business';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { RequestForm } from './RequestForm.tsx';

/** The request form: terms before applying, the confirmation, the way to the bank form, refusals. */

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' }, signIn: ['creator1', 2] });

const history = (hasBank: boolean): WithdrawalHistoryResponse => ({
  withdrawals: [],
  months: [
    { year: 2026, month: 10, amount: 2500, fee: 0, net_amount: 2500, eligible: true },
    { year: 2026, month: 9, amount: 400, fee: 0, net_amount: 400, eligible: false },
  ],
  minimum_yen: 1000,
  fee_yen: 0,
  transfer_date: '2026-12-10',
  has_bank: hasBank,
});

const view = {
  id: '202610abc',
  year: 2026,
  month: 10,
  requested_at: '2026-11-20T01:00:00.000Z',
  reapplied_at: null,
  requested_amount: 2500,
  fee: 0,
  net_amount: 2500,
  finalized_amount: null,
  transfer_date: '2026-12-10',
  status: 'unconfirmed',
  notes: null,
  rejection: null,
  transferred_at: null,
  transfer_failure: null,
};

const renderForm = (h: WithdrawalHistoryResponse) => {
  const onRequested = vi.fn();
  const onGoToBank = vi.fn();
  render(
    <I18nextProvider i18n={createI18n('ja')}>
      <RequestForm history={h} onRequested={onRequested} onGoToBank={onGoToBank} />
    </I18nextProvider>,
  );
  return { onRequested, onGoToBank };
};

it('shows the amounts and the transfer date before applying, then sends the month after the confirmation', async () => {
  fetchMock.mockResolvedValue(jsonResponse({ status: 200, body: { withdrawal: view } }));
  const { onRequested } = renderForm(history(true));
  const below = screen.getByRole('radio', { name: /2026年9月/ });
  expect((below as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByText('最低出金額（1,000円）に達していません')).toBeTruthy();
  const summary = screen.getByRole('region', { name: '申請内容' });
  expect(summary.textContent).toContain('お振込額2,500円');
  expect(summary.textContent).toContain('振込予定日2026年12月10日');
  fireEvent.click(screen.getByRole('button', { name: '申請内容を確認する' }));
  expect(screen.getByText('この内容で出金を申請しますか？')).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: '申請する' }));
  await waitFor(() => expect(onRequested).toHaveBeenCalledWith(view));
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(String(url)).toContain('/mypage/request-withdraw');
  expect(JSON.parse(String(init?.body))).toEqual({ year: 2026, month: 10 });
});

it('without a bank account the request cannot be sent: the form says so and leads to the bank form', () => {
  const { onGoToBank } = renderForm(history(false));
  expect(screen.queryByRole('button', { name: '申請内容を確認する' })).toBeNull();
  expect(screen.getByText('出金を申請するには、振込先口座の登録が必要です。')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '振込先口座を登録する' }));
  expect(onGoToBank).toHaveBeenCalled();
});

it("shows the API's refusal in the user's language", async () => {
  fetchMock.mockResolvedValue(
    jsonResponse({ status: 409, body: { code: 'withdrawal_exists', message: 'errors.withdrawalExists' } }),
  );
  const { onRequested } = renderForm(history(true));
  fireEvent.click(screen.getByRole('button', { name: '申請内容を確認する' }));
  fireEvent.click(screen.getByRole('button', { name: '申請する' }));
  expect(await screen.findByText('この月の出金はすでに申請されています。')).toBeTruthy();
  expect(onRequested).not.toHaveBeenCalled();
});
