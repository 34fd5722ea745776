import { itemPinRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { setItemPinned } from '../../services/shop/items.ts';

export const handler = httpHandler(
  'POST /item/pin',
  { body: itemPinRequest },
  async ({ caller, body, clock }) =>
    setItemPinned(shopDeps(clock), signedIn(caller).profile, body.id, body.pin_flg),
);
