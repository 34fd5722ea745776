import { incomeListQuery } from '@app/shared/schemas/business';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { listIncomes } from '../../services/business/incomes.ts';

export const handler = httpHandler('GET /mypage/incomes', { query: incomeListQuery }, async (ctx) =>
  listIncomes({ ...(await appDeps()), clock: ctx.clock }, signedIn(ctx.caller).profileId, ctx.query),
);
