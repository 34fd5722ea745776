import { likeRequest } from '@app/shared/schemas/social';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { like } from '../../services/social/likes.ts';

export const handler = httpHandler('POST /like', { body: likeRequest }, async ({ caller, body, clock }) =>
  like({ db: getDb(), clock }, signedIn(caller).profile, body.profile_id),
);
