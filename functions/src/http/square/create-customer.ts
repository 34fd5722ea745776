import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { paymentDeps } from '../../lib/payment-deps.ts';
import { ensureCustomer } from '../../services/points/cards.ts';

export const handler = httpHandler('POST /square/create-customer', {}, async (ctx) =>
  ensureCustomer({ ...(await paymentDeps()), clock: ctx.clock }, signedIn(ctx.caller).profile),
);
