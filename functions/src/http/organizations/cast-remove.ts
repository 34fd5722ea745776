import { castActionRequest } from '@app/shared/schemas/organizations';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { castRemovalDeps } from '../../lib/organization-deps.ts';
import { removeCast } from '../../services/organizations/casts.ts';

export const handler = httpHandler(
  'POST /organizations/casts/remove',
  { body: castActionRequest },
  async ({ caller, body, clock }) =>
    removeCast(await castRemovalDeps(clock), signedIn(caller).profile, body.cast_id),
);
