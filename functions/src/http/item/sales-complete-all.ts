import { salesCompleteAllRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { completeAll } from '../../services/shop/sales.ts';

export const handler = httpHandler(
  'POST /item/sales-status/complete-all',
  { body: salesCompleteAllRequest },
  async ({ caller, body, clock }) => completeAll(shopDeps(clock), signedIn(caller).profileId, body.item_id),
);
