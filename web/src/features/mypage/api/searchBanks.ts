import { bankListResponse } from '@app/shared/schemas/mypage';
import { apiRequest } from '../../../lib/api.ts';

/** GET /bank-branch/bank?q= */
export const searchBanks = (q: string) =>
  apiRequest({
    method: 'GET',
    path: '/bank-branch/bank',
    query: { q },
    auth: true,
    response: bankListResponse,
  });
