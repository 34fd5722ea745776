import { myItemsQuery } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { listOwnItems } from '../../services/shop/items.ts';

export const handler = httpHandler(
  'GET /item/my-items/{id}',
  { query: myItemsQuery },
  async ({ caller, query, clock }) => listOwnItems(shopDeps(clock), signedIn(caller).profile, query.cursor),
);
