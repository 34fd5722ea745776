import { shopPageQuery } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { salesStatus } from '../../services/shop/sales.ts';

export const handler = httpHandler(
  'GET /item/sales-status/{id}',
  { query: shopPageQuery },
  async ({ caller, params, query, clock }) =>
    salesStatus(shopDeps(clock), signedIn(caller).profileId, params.id as string, query.cursor),
);
