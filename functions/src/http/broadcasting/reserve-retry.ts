import { broadcastIdRequest } from '@app/shared/schemas/broadcasts';
import { broadcastDeps } from '../../lib/broadcast-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { retryReserve } from '../../services/broadcasts/reserve-retry.ts';

export const handler = httpHandler(
  'POST /broadcasting/reserve/retry',
  { body: broadcastIdRequest },
  async ({ caller, body, clock }) => retryReserve(broadcastDeps(clock), signedIn(caller).profile, body.id),
);
