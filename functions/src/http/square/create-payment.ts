import { createPaymentRequest } from '@app/shared/schemas/store';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { paymentDeps } from '../../lib/payment-deps.ts';
import { createPayment } from '../../services/points/purchase.ts';

export const handler = httpHandler(
  'POST /square/create-payment',
  { body: createPaymentRequest },
  async (ctx) =>
    createPayment(
      { ...(await paymentDeps()), clock: ctx.clock },
      signedIn(ctx.caller).profile,
      ctx.body,
      ctx.lang,
    ),
);
