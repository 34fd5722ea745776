import { stampPictureUrlRequest } from '@app/shared/schemas/admin-catalog';
import { signedIn } from '../../lib/caller.ts';
import { catalogMediaDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { stampPictureUploadUrl } from '../../services/catalog/console.ts';

export const handler = httpHandler(
  'POST /admin/catalog/stamps/picture-url',
  { body: stampPictureUrlRequest },
  async ({ caller, body, clock }) =>
    stampPictureUploadUrl(catalogMediaDeps(clock), signedIn(caller).profile, body.content_type),
);
