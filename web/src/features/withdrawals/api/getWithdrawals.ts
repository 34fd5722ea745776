import { withdrawalHistoryResponse } from '@app/shared/schemas/business';
import { apiRequest } from '../../../lib/api.ts';

/** GET /mypage/withdraw-request-histories: the requests, the months that can be requested, the terms. */
export const getWithdrawals = () =>
  apiRequest({
    method: 'GET',
    path: '/mypage/withdraw-request-histories',
    auth: true,
    response: withdrawalHistoryResponse,
  });
