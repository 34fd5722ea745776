import { type CheckUsernameRequest, checkUsernameResponse } from '@app/shared/schemas/mypage';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/check-username: is the username free? (no loading indicator: runs while typing) */
export const checkUsername = (body: CheckUsernameRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/check-username',
    body,
    auth: true,
    response: checkUsernameResponse,
  });
