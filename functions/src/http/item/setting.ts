import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { itemSetting } from '../../services/shop/items.ts';

export const handler = httpHandler('GET /item/setting', {}, async ({ caller, clock }) =>
  itemSetting(shopDeps(clock), signedIn(caller).profile),
);
