import { profileUpdateRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { updateProfile } from '../../services/mypage.ts';

export const handler = httpHandler(
  'POST /mypage/profile/update',
  { body: profileUpdateRequest },
  async (ctx) => updateProfile(await appDeps(), signedIn(ctx.caller).profile, ctx.body),
);
