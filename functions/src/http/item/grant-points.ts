import { grantPointsRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { grantPoints } from '../../services/shop/grants.ts';

export const handler = httpHandler(
  'POST /item/grant-points',
  { body: grantPointsRequest },
  async ({ caller, body, clock }) => grantPoints(shopDeps(clock), signedIn(caller).profile, body),
);
