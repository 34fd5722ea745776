import { postUploadUrlRequest } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { postUploadUrl } from '../../services/fanclub/posts.ts';

export const handler = httpHandler(
  'POST /fanclub/post/upload-url',
  { body: postUploadUrlRequest },
  async ({ caller, body, clock }) => postUploadUrl(fanclubDeps(clock), signedIn(caller).profile, body),
);
