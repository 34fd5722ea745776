import { adminBannerResponse } from '@app/shared/schemas/admin-content';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/banner/remove: home shows no banner. */
export const removeBanner = (body: { version: number }) =>
  apiRequest({
    method: 'POST',
    path: '/admin/banner/remove',
    body,
    auth: true,
    response: adminBannerResponse,
    loading: 2,
  });
