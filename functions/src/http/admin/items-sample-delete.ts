import { adminSampleDeleteRequest } from '@app/shared/schemas/admin-review';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { removeSample } from '../../services/admin/items.ts';

export const handler = httpHandler(
  'POST /admin/items/sample-delete',
  { body: adminSampleDeleteRequest },
  async ({ caller, body, clock }) =>
    removeSample(shopDeps(clock), signedIn(caller).profile, body.item_id, body.key),
);
