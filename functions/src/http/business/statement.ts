import { yearMonthQuery } from '@app/shared/schemas/business';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { incomeStatement } from '../../services/business/incomes.ts';

export const handler = httpHandler('GET /mypage/statement', { query: yearMonthQuery }, async (ctx) =>
  incomeStatement({ ...(await appDeps()), clock: ctx.clock }, signedIn(ctx.caller).profileId, ctx.query),
);
