import { postDeleteRequest } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { postDeps } from '../../lib/post-deps.ts';
import { deletePost } from '../../services/fanclub/posts.ts';

export const handler = httpHandler(
  'POST /fanclub/post/delete',
  { body: postDeleteRequest },
  async ({ caller, body, clock }) => deletePost(postDeps(clock), signedIn(caller).profile, body.id),
);
