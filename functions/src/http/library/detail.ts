import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { purchaseLogDetail } from '../../services/shop/library.ts';

export const handler = httpHandler(
  'GET /mypage/library/purchase-log/{id}',
  {},
  async ({ caller, params, clock }) =>
    purchaseLogDetail(shopDeps(clock), signedIn(caller).profileId, params.id as string),
);
