import { checkUsernameRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { isUsernameAvailable } from '../../services/mypage.ts';

export const handler = httpHandler(
  'POST /mypage/check-username',
  { body: checkUsernameRequest },
  async (ctx) => ({
    available: await isUsernameAvailable(
      (await appDeps()).db,
      signedIn(ctx.caller).profileId,
      ctx.body.username,
    ),
  }),
);
