import { broadcastFormDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { getTrigger } from '../../services/broadcasts/triggers.ts';

export const handler = httpHandler('GET /broadcasting/trigger/{id}', {}, async ({ caller, params, clock }) =>
  getTrigger(broadcastFormDeps(clock), signedIn(caller).profile, params.id as string),
);
