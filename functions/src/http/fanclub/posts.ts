import { fanclubPageQuery } from '@app/shared/schemas/fanclub';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { profilePosts } from '../../services/fanclub/reading.ts';

export const handler = httpHandler(
  'GET /fanclub/posts/{id}',
  { query: fanclubPageQuery },
  async ({ caller, params, query, clock }) =>
    profilePosts(fanclubDeps(clock), caller?.profile ?? null, params.id as string, query.cursor),
);
