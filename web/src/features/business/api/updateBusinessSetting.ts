import { type BusinessSettingRequest, businessSettingsView } from '@app/shared/schemas/mypage';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/business-setting: the chat price (tomorrow's), the flags, the invoice number. */
export const updateBusinessSetting = (body: BusinessSettingRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/business-setting',
    body,
    auth: true,
    response: businessSettingsView,
    loading: 2,
  });
