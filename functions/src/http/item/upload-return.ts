import { uploadReturnRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { uploadReturn } from '../../services/shop/sales.ts';

export const handler = httpHandler(
  'POST /item/sales-status/upload-return',
  { body: uploadReturnRequest },
  async ({ caller, body, clock }) => uploadReturn(shopDeps(clock), signedIn(caller).profileId, body),
);
