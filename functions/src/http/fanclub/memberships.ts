import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { myMemberships } from '../../services/fanclub/memberships.ts';

export const handler = httpHandler('GET /fanclub/memberships/{id}', {}, async ({ caller, clock }) =>
  myMemberships(fanclubDeps(clock), signedIn(caller).profileId),
);
