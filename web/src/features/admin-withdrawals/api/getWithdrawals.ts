import { adminWithdrawalsPage } from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/withdrawals?date: one transfer date's requests, totals and transfer files. */
export const getWithdrawals = (date: string | undefined) =>
  apiRequest({
    method: 'GET',
    path: '/admin/withdrawals',
    query: { date },
    auth: true,
    response: adminWithdrawalsPage,
  });
