import { itemSettingResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** GET /item/setting: the shop's drafts and pins against their limits, and its business setting. */
export const getItemSetting = () =>
  apiRequest({ method: 'GET', path: '/item/setting', auth: true, response: itemSettingResponse });
