import { createCardRequest } from '@app/shared/schemas/store';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { paymentDeps } from '../../lib/payment-deps.ts';
import { registerCard } from '../../services/points/cards.ts';

export const handler = httpHandler('POST /square/create-card', { body: createCardRequest }, async (ctx) =>
  registerCard({ ...(await paymentDeps()), clock: ctx.clock }, signedIn(ctx.caller).profile, ctx.body),
);
