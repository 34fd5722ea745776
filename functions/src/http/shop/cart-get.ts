import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { cartView } from '../../services/shop/cart.ts';

export const handler = httpHandler('GET /mypage/cart', {}, async ({ caller, clock }) =>
  cartView(shopDeps(clock), signedIn(caller).profile),
);
