import { businessSettingRequest } from '@app/shared/schemas/mypage';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { updateBusinessSettings } from '../../services/chat/business.ts';

export const handler = httpHandler(
  'POST /mypage/business-setting',
  { body: businessSettingRequest },
  async ({ caller, body, clock }) =>
    updateBusinessSettings({ db: getDb(), clock }, signedIn(caller).profileId, body),
);
