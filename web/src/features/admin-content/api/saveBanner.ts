import { adminBannerResponse, type bannerSaveRequest } from '@app/shared/schemas/admin-content';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/banner: a new picture and/or texts, under the version read. */
export const saveBanner = (body: z.output<typeof bannerSaveRequest>) =>
  apiRequest({
    method: 'POST',
    path: '/admin/banner',
    body,
    auth: true,
    response: adminBannerResponse,
    loading: 2,
  });
