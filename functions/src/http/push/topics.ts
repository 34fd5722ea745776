import { pushTopicsRequest } from '@app/shared/schemas/push';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { pushDeps } from '../../lib/push-deps.ts';
import { updateTopics } from '../../services/push/subscriptions.ts';

export const handler = httpHandler(
  'POST /push/topics',
  { body: pushTopicsRequest },
  async ({ caller, body, clock }) => updateTopics(await pushDeps(clock), signedIn(caller).profileId, body),
);
