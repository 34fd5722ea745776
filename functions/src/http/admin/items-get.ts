import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { getItem } from '../../services/admin/items.ts';

export const handler = httpHandler('GET /admin/items/{id}', {}, async ({ params, clock }) =>
  getItem(shopDeps(clock), params.id as string),
);
