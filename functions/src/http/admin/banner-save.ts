import { bannerSaveRequest } from '@app/shared/schemas/admin-content';
import { bannerDeps } from '../../lib/admin-content-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { saveBanner } from '../../services/admin/banner.ts';

export const handler = httpHandler(
  'POST /admin/banner',
  { body: bannerSaveRequest },
  async ({ caller, body, clock }) => saveBanner(bannerDeps(clock), signedIn(caller).profile, body),
);
