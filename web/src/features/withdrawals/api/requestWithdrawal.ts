import { type WithdrawRequest, withdrawResponse } from '@app/shared/schemas/business';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/request-withdraw {year, month}: one closed month's income. */
export const requestWithdrawal = (body: WithdrawRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/request-withdraw',
    body,
    auth: true,
    response: withdrawResponse,
    loading: 2,
  });
