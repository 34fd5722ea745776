import { type ReWithdrawRequest, withdrawResponse } from '@app/shared/schemas/business';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/re-request-withdraw {id}: a sent-back request, with the bank account stored now. */
export const reRequestWithdrawal = (body: ReWithdrawRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/re-request-withdraw',
    body,
    auth: true,
    response: withdrawResponse,
    loading: 2,
  });
