import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { getMypage } from '../../services/mypage.ts';

export const handler = httpHandler('GET /mypage', {}, async ({ caller }) =>
  getMypage(await appDeps(), signedIn(caller).profileId),
);
