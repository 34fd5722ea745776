import { authoringDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { getReserve } from '../../services/broadcasts/reserves.ts';

export const handler = httpHandler('GET /broadcasting/reserve/{id}', {}, async ({ caller, params, clock }) =>
  getReserve(authoringDeps(clock), signedIn(caller).profile, params.id as string),
);
