import type { shopSettingRequest } from '@app/shared/schemas/shop';
import { shopSettingView } from '@app/shared/schemas/shop';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/business-setting/shop: the shop's name and 特定商取引法 disclosure. */
export const saveShopSetting = (body: z.infer<typeof shopSettingRequest>) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/business-setting/shop',
    body,
    auth: true,
    response: shopSettingView,
    loading: 2,
  });
