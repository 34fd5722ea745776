import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { pushDeps } from '../../lib/push-deps.ts';
import { listDevices } from '../../services/push/subscriptions.ts';

export const handler = httpHandler('GET /push/subscriptions', {}, async ({ caller, clock }) =>
  listDevices(await pushDeps(clock), signedIn(caller).profileId),
);
