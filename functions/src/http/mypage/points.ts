import { pointHistoryQuery } from '@app/shared/schemas/points';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { pointHistory } from '../../services/points/history.ts';

export const handler = httpHandler('GET /mypage/points', { query: pointHistoryQuery }, async (ctx) =>
  pointHistory({ ...(await appDeps()), clock: ctx.clock }, signedIn(ctx.caller).profileId, ctx.query),
);
