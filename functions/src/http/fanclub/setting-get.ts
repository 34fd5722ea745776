import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { getFanclubSetting } from '../../services/fanclub/settings.ts';

export const handler = httpHandler('GET /fanclub/setting', {}, async ({ caller, clock }) =>
  getFanclubSetting(fanclubDeps(clock), signedIn(caller).profile),
);
