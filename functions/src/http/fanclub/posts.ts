// The profile's lists' cursor query (as GET /profile/{id}/items/{x}): the fan club's contracts module
// would bring the shop's and the points' schemas into this bundle (~26 KB).
import { socialListQuery } from '@app/shared/schemas/social';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { profilePosts } from '../../services/fanclub/reading.ts';

export const handler = httpHandler(
  'GET /fanclub/posts/{id}',
  { query: socialListQuery },
  async ({ caller, params, query, clock }) =>
    profilePosts(fanclubDeps(clock), caller?.profile ?? null, params.id as string, query.cursor),
);
