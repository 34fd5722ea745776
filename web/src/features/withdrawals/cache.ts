/**
 * The withdrawal screen's server state: GET /mypage/withdraw-request-histories. A request or a
 * re-request made here is written into it at once, then it is read again (the months and the
 * transfer date change with it); a bank account saved on the page reads it again (`has_bank`).
 */
import type { WithdrawalHistoryResponse, WithdrawalView } from '@app/shared/schemas/business';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../lib/query.ts';
import { getWithdrawals } from './api/getWithdrawals.ts';

export const withdrawalKeys = { history: ['withdrawals'] as const };

export const useWithdrawals = () =>
  useQuery({ queryKey: withdrawalKeys.history, queryFn: async () => unwrap(await getWithdrawals()) });

/** A request made or re-made here: in the history at once (replacing its older form), then read again. */
export function withdrawalChanged(client: QueryClient, withdrawal: WithdrawalView): Promise<void> {
  client.setQueryData<WithdrawalHistoryResponse>(withdrawalKeys.history, (h) =>
    h
      ? {
          ...h,
          withdrawals: [withdrawal, ...h.withdrawals.filter((w) => w.id !== withdrawal.id)].sort(
            (a, b) => b.year * 100 + b.month - (a.year * 100 + a.month),
          ),
          months: h.months.filter((m) => m.year !== withdrawal.year || m.month !== withdrawal.month),
        }
      : h,
  );
  return client.invalidateQueries({ queryKey: withdrawalKeys.history });
}

/** The bank account changed: whether one is stored, read again. */
export const bankChanged = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: withdrawalKeys.history });
