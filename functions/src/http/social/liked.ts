import { socialListQuery } from '@app/shared/schemas/social';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { listLiked } from '../../services/social/likes.ts';

export const handler = httpHandler(
  'GET /like/liked/{id}',
  { query: socialListQuery },
  async ({ caller, params, query, clock }) =>
    listLiked({ db: getDb(), clock }, signedIn(caller).profile, params.id as string, query.cursor),
);
