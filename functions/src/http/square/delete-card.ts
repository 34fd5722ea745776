import { deleteCardRequest } from '@app/shared/schemas/store';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { paymentDeps } from '../../lib/payment-deps.ts';
import { deleteCard } from '../../services/points/cards.ts';

export const handler = httpHandler('POST /square/delete-card', { body: deleteCardRequest }, async (ctx) =>
  deleteCard({ ...(await paymentDeps()), clock: ctx.clock }, signedIn(ctx.caller).profile, ctx.body.cardId),
);
