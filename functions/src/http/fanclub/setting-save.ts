import { fanclubSettingRequest } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { saveFanclubSetting } from '../../services/fanclub/settings.ts';

export const handler = httpHandler(
  'POST /fanclub/setting',
  { body: fanclubSettingRequest },
  async ({ caller, body, clock }) => saveFanclubSetting(fanclubDeps(clock), signedIn(caller).profile, body),
);
