import { pushUnsubscribeRequest } from '@app/shared/schemas/push';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { pushDeps } from '../../lib/push-deps.ts';
import { unsubscribe } from '../../services/push/subscriptions.ts';

export const handler = httpHandler(
  'POST /push/unsubscribe',
  { body: pushUnsubscribeRequest },
  async ({ caller, body, clock }) => unsubscribe(await pushDeps(clock), signedIn(caller).profileId, body),
);
