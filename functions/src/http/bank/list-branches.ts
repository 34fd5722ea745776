import { bankSearchQuery } from '@app/shared/schemas/mypage';
import { AppError } from '../../lib/errors.ts';
import { httpHandler } from '../../lib/http.ts';
import { searchBranches } from '../../services/banks.ts';

export const handler = httpHandler(
  'GET /bank-branch/branch/{id}',
  { query: bankSearchQuery },
  async (ctx) => {
    const result = searchBranches(ctx.params.id ?? '', ctx.query.q);
    if (!result) throw new AppError('bank_not_found');
    return result;
  },
);
