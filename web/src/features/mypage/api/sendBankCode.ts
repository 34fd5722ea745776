import { bankCodeResponse } from '@app/shared/schemas/mypage';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/bank/code: mails the code that allows one change of the stored bank details. */
export const sendBankCode = () =>
  apiRequest({
    method: 'POST',
    path: '/mypage/bank/code',
    body: {},
    auth: true,
    response: bankCodeResponse,
    loading: 2,
  });
