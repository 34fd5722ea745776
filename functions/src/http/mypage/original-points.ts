import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { originalPoints } from '../../services/points/history.ts';

export const handler = httpHandler('GET /mypage/original-points', {}, async (ctx) =>
  originalPoints({ ...(await appDeps()), clock: ctx.clock }, signedIn(ctx.caller).profileId),
);
