import { itemUploadUrlRequest } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { itemUploadUrl } from '../../services/shop/items.ts';

export const handler = httpHandler(
  'POST /item/upload-url',
  { body: itemUploadUrlRequest },
  async ({ caller, body, clock }) => itemUploadUrl(shopDeps(clock), signedIn(caller).profile, body),
);
