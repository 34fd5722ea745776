import { itemIdRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { deleteItem } from '../../services/shop/items.ts';

export const handler = httpHandler(
  'POST /item/delete',
  { body: itemIdRequest },
  async ({ caller, body, clock }) => deleteItem(shopDeps(clock), signedIn(caller).profile, body.id),
);
