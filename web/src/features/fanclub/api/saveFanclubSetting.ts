import { type FanclubSettingRequest, fanclubSettingResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** POST /fanclub/setting: creates the fan club on the first save, else edits its settings. */
export const saveFanclubSetting = (body: FanclubSettingRequest) =>
  apiRequest({
    method: 'POST',
    path: '/fanclub/setting',
    body,
    auth: true,
    response: fanclubSettingResponse,
    loading: 2,
  });
