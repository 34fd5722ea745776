import { itemPublishRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { setItemPublic } from '../../services/shop/items.ts';

export const handler = httpHandler(
  'POST /item/publish',
  { body: itemPublishRequest },
  async ({ caller, body, clock }) =>
    setItemPublic(shopDeps(clock), signedIn(caller).profile, body.id, body.is_public),
);
