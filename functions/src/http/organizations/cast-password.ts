import { castPasswordResetRequest } from '@app/shared/schemas/organizations';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { castDeps } from '../../lib/organization-deps.ts';
import { resetCastPassword } from '../../services/organizations/casts.ts';

export const handler = httpHandler(
  'POST /organizations/casts/password',
  { body: castPasswordResetRequest },
  async ({ caller, body, clock }) =>
    resetCastPassword(castDeps(clock), signedIn(caller).profile, body.cast_id, body.password),
);
