import { broadcastFormDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { listTriggers } from '../../services/broadcasts/triggers.ts';

export const handler = httpHandler('GET /broadcasting/trigger/list/{id}', {}, async ({ caller, clock }) =>
  listTriggers(broadcastFormDeps(clock), signedIn(caller).profile),
);
