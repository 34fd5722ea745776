import { okResponse } from '@app/shared/schemas/auth';
import type { UserInfoRequest } from '@app/shared/schemas/mypage';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/user (sign-up STEP.2 and account user info). */
export const updateUserInfo = (body: UserInfoRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/user',
    body,
    auth: true,
    response: z.union([okResponse, z.looseObject({})]),
    loading: 2,
  });
