import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { httpHandler } from '../../lib/http.ts';
import { storeView } from '../../services/points/store.ts';

export const handler = httpHandler('GET /store', {}, async (ctx) => {
  const e = env();
  const square = {
    environment: e.SQUARE_ENVIRONMENT,
    application_id: e.SQUARE_APPLICATION_ID,
    location_id: e.SQUARE_LOCATION_ID,
  };
  return storeView({ ...(await appDeps()), clock: ctx.clock, square }, signedIn(ctx.caller).profile);
});
