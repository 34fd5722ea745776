import { pushSubscribeRequest } from '@app/shared/schemas/push';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { pushDeps } from '../../lib/push-deps.ts';
import { subscribe } from '../../services/push/subscriptions.ts';

export const handler = httpHandler(
  'POST /push/subscribe',
  { body: pushSubscribeRequest },
  async ({ caller, body, clock, lang }) =>
    subscribe(await pushDeps(clock), signedIn(caller).profileId, lang, body),
);
