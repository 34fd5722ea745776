import { bannerDeps } from '../../lib/admin-content-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { getBanner } from '../../services/admin/banner.ts';

export const handler = httpHandler('GET /admin/banner', {}, async ({ clock }) =>
  getBanner(bannerDeps(clock)),
);
