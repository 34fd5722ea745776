import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { getOwnItem } from '../../services/shop/items.ts';

export const handler = httpHandler('GET /item/{id}', {}, async ({ caller, params, clock }) =>
  getOwnItem(shopDeps(clock), signedIn(caller).profile, params.id as string),
);
