import { favoriteRequest } from '@app/shared/schemas/social';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { favorite } from '../../services/social/likes.ts';

export const handler = httpHandler(
  'POST /favorite',
  { body: favoriteRequest },
  async ({ caller, body, clock }) =>
    favorite({ db: getDb(), clock }, signedIn(caller).profile, body.profile_id, body.favorite),
);
