import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { paymentDeps } from '../../lib/payment-deps.ts';
import { listCards } from '../../services/points/cards.ts';

export const handler = httpHandler('GET /square/cards', {}, async (ctx) =>
  listCards({ ...(await paymentDeps()), clock: ctx.clock }, signedIn(ctx.caller).profile),
);
