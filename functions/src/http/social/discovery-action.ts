import { discoveryRequest } from '@app/shared/schemas/social';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { discoveryAction } from '../../services/social/discovery.ts';

export const handler = httpHandler(
  'POST /like/discovery',
  { body: discoveryRequest },
  async ({ caller, body, clock }) =>
    discoveryAction({ db: getDb(), clock }, signedIn(caller).profile, body.profile_id, body.action),
);
