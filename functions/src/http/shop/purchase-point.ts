import { purchaseRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { purchase } from '../../services/shop/purchase.ts';

export const handler = httpHandler(
  'POST /shop/purchase/point',
  { body: purchaseRequest },
  async ({ body, caller, clock }) =>
    purchase(shopDeps(clock), signedIn(caller).profile, {
      lines: [{ itemId: body.item_id, quantity: body.amount }],
      useOriginal: body.use_original_points,
      key: body.key,
      expectedPoints: body.expected_points,
      source: 'item',
    }),
);
