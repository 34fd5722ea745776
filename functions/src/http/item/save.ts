import { itemSaveRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { saveItem } from '../../services/shop/items.ts';

export const handler = httpHandler('POST /item', { body: itemSaveRequest }, async ({ caller, body, clock }) =>
  saveItem(shopDeps(clock), signedIn(caller).profile, body),
);
