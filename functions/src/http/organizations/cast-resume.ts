import { castActionRequest } from '@app/shared/schemas/organizations';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { castDeps } from '../../lib/organization-deps.ts';
import { resumeCast } from '../../services/organizations/casts.ts';

export const handler = httpHandler(
  'POST /organizations/casts/resume',
  { body: castActionRequest },
  async ({ caller, body, clock }) => resumeCast(castDeps(clock), signedIn(caller).profile, body.cast_id),
);
