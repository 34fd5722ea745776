import { triggerSaveRequest } from '@app/shared/schemas/broadcasts';
import { broadcastFormDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { saveTrigger } from '../../services/broadcasts/triggers.ts';

export const handler = httpHandler(
  'POST /broadcasting/trigger',
  { body: triggerSaveRequest },
  async ({ caller, body, clock }) => saveTrigger(broadcastFormDeps(clock), signedIn(caller).profile, body),
);
