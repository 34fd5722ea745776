import { fanclubPageQuery } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { listOwnPosts } from '../../services/fanclub/posts.ts';

export const handler = httpHandler(
  'GET /fanclub/my-posts/{id}',
  { query: fanclubPageQuery },
  async ({ caller, query, clock }) =>
    listOwnPosts(fanclubDeps(clock), signedIn(caller).profile, query.cursor),
);
