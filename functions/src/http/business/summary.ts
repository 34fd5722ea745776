import { yearMonthQuery } from '@app/shared/schemas/business';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { incomeSummary } from '../../services/business/incomes.ts';

export const handler = httpHandler('GET /mypage/summary', { query: yearMonthQuery }, async (ctx) =>
  incomeSummary({ ...(await appDeps()), clock: ctx.clock }, signedIn(ctx.caller).profileId, ctx.query),
);
