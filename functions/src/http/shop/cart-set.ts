import { cartSetRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { setCartLine } from '../../services/shop/cart.ts';

export const handler = httpHandler(
  'POST /mypage/cart',
  { body: cartSetRequest },
  async ({ body, caller, clock }) => setCartLine(shopDeps(clock), signedIn(caller).profile, body),
);
