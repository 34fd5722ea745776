import { cartCheckoutRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { checkoutCart } from '../../services/shop/cart.ts';

export const handler = httpHandler(
  'POST /mypage/cart/checkout',
  { body: cartCheckoutRequest },
  async ({ body, caller, clock }) => checkoutCart(shopDeps(clock), signedIn(caller).profile, body),
);
