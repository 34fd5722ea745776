import { autoRenewRequest } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { setAutoRenew } from '../../services/fanclub/membership.ts';

export const handler = httpHandler(
  'POST /fanclub/auto-renew',
  { body: autoRenewRequest },
  async ({ body, caller, clock }) =>
    setAutoRenew(fanclubDeps(clock), signedIn(caller).profile, body.creator_id, body.auto_renew),
);
