import { castCreateRequest } from '@app/shared/schemas/organizations';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { castDeps } from '../../lib/organization-deps.ts';
import { createCast } from '../../services/organizations/casts.ts';

export const handler = httpHandler(
  'POST /organizations/casts',
  { body: castCreateRequest },
  async ({ caller, body, clock }) => createCast(castDeps(clock), signedIn(caller).profile, body),
);
