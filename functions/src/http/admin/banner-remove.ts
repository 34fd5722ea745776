import { bannerRemoveRequest } from '@app/shared/schemas/admin-content';
import { bannerDeps } from '../../lib/admin-content-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { removeBanner } from '../../services/admin/banner.ts';

export const handler = httpHandler(
  'POST /admin/banner/remove',
  { body: bannerRemoveRequest },
  async ({ caller, body, clock }) => removeBanner(bannerDeps(clock), signedIn(caller).profile, body),
);
