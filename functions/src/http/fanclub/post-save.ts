import { postSaveRequest } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { postDeps } from '../../lib/post-deps.ts';
import { savePost } from '../../services/fanclub/posts.ts';

export const handler = httpHandler(
  'POST /fanclub/post',
  { body: postSaveRequest },
  async ({ caller, body, clock }) => savePost(postDeps(clock), signedIn(caller).profile, body),
);
