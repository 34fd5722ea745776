import { adminBannerResponse } from '@app/shared/schemas/admin-content';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/banner: the home screen's banner (null: none). */
export const getBanner = () =>
  apiRequest({ method: 'GET', path: '/admin/banner', auth: true, response: adminBannerResponse });
