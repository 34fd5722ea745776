import { bannerUploadUrlRequest } from '@app/shared/schemas/admin-content';
import { bannerDeps } from '../../lib/admin-content-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { bannerUploadUrl } from '../../services/admin/banner.ts';

export const handler = httpHandler(
  'POST /admin/banner/upload-url',
  { body: bannerUploadUrlRequest },
  async ({ caller, body, clock }) =>
    bannerUploadUrl(bannerDeps(clock), signedIn(caller).profile, body.content_type),
);
