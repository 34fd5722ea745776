import { salesCompleteRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { completeLine } from '../../services/shop/sales.ts';

export const handler = httpHandler(
  'POST /item/sales-status/complete',
  { body: salesCompleteRequest },
  async ({ caller, body, clock }) =>
    completeLine(shopDeps(clock), signedIn(caller).profileId, body.id, body.is_completed),
);
