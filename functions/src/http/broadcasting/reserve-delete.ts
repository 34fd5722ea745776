import { broadcastDeleteRequest } from '@app/shared/schemas/broadcasts';
import { authoringDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { deleteReserve } from '../../services/broadcasts/reserves.ts';

export const handler = httpHandler(
  'POST /broadcasting/reserve/delete',
  { body: broadcastDeleteRequest },
  async ({ caller, body, clock }) => deleteReserve(authoringDeps(clock), signedIn(caller).profile, body),
);
