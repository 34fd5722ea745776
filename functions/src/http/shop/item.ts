import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { itemPage } from '../../services/shop/item-page.ts';

export const handler = httpHandler('GET /shop/item/{id}', {}, async ({ caller, params, clock }) =>
  itemPage(shopDeps(clock), caller?.profile ?? null, params.id as string),
);
