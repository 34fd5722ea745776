import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { getOwnPost } from '../../services/fanclub/posts.ts';

export const handler = httpHandler('GET /fanclub/post/{id}/edit', {}, async ({ caller, params, clock }) =>
  getOwnPost(fanclubDeps(clock), signedIn(caller).profile, params.id as string),
);
