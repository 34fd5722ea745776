import { adminItemRequest } from '@app/shared/schemas/admin-review';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { removeThumbnail } from '../../services/admin/items.ts';

export const handler = httpHandler(
  'POST /admin/items/thumbnail-delete',
  { body: adminItemRequest },
  async ({ caller, body, clock }) => removeThumbnail(shopDeps(clock), signedIn(caller).profile, body.item_id),
);
