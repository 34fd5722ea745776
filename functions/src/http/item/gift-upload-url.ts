import { giftUploadUrlRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { giftUploadUrl } from '../../services/shop/sales.ts';

export const handler = httpHandler(
  'POST /item/sales-status/upload-url',
  { body: giftUploadUrlRequest },
  async ({ caller, body, clock }) => giftUploadUrl(shopDeps(clock), signedIn(caller).profileId, body),
);
