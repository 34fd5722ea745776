import { reserveSaveRequest } from '@app/shared/schemas/broadcasts';
import { authoringDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { saveReserve } from '../../services/broadcasts/reserves.ts';

export const handler = httpHandler(
  'POST /broadcasting/reserve',
  { body: reserveSaveRequest },
  async ({ caller, body, clock }) => saveReserve(authoringDeps(clock), signedIn(caller).profile, body),
);
