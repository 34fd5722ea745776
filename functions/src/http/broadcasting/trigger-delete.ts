import { broadcastDeleteRequest } from '@app/shared/schemas/broadcasts';
import { broadcastFormDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { deleteTrigger } from '../../services/broadcasts/triggers.ts';

export const handler = httpHandler(
  'POST /broadcasting/trigger/delete',
  { body: broadcastDeleteRequest },
  async ({ caller, body, clock }) => deleteTrigger(broadcastFormDeps(clock), signedIn(caller).profile, body),
);
