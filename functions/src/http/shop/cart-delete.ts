import { cartDeleteRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { deleteCartLine } from '../../services/shop/cart.ts';

export const handler = httpHandler(
  'POST /mypage/cart/delete',
  { body: cartDeleteRequest },
  async ({ body, caller, clock }) => deleteCartLine(shopDeps(clock), signedIn(caller).profile, body),
);
