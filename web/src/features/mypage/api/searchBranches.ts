import { branchListResponse } from '@app/shared/schemas/mypage';
import { apiRequest } from '../../../lib/api.ts';

/** GET /bank-branch/branch/{bank_code}?q= */
export const searchBranches = (bankCode: string, q: string) =>
  apiRequest({
    method: 'GET',
    path: `/bank-branch/branch/${encodeURIComponent(bankCode)}`,
    query: { q },
    auth: true,
    response: branchListResponse,
  });
