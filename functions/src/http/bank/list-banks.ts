import { bankSearchQuery } from '@app/shared/schemas/mypage';
import { httpHandler } from '../../lib/http.ts';
import { searchBanks } from '../../services/banks.ts';

export const handler = httpHandler(
  'GET /bank-branch/bank',
  { query: bankSearchQuery },
  async ({ query }) => ({
    banks: searchBanks(query.q),
  }),
);
