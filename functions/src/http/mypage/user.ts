import { userInfoRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { updateUserInfo } from '../../services/mypage.ts';

export const handler = httpHandler('POST /mypage/user', { body: userInfoRequest }, async (ctx) =>
  updateUserInfo(await appDeps(), signedIn(ctx.caller).profile, ctx.body),
);
