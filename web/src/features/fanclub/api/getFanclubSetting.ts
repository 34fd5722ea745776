import { fanclubSettingResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** GET /fanclub/setting: the creator's fan club (null before the first save). */
export const getFanclubSetting = () =>
  apiRequest({ method: 'GET', path: '/fanclub/setting', auth: true, response: fanclubSettingResponse });
