import { okResponse } from '@app/shared/schemas/auth';
import type { ProfileUpdateRequest } from '@app/shared/schemas/mypage';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/profile/update (sign-up STEP.1 and account profile). */
export const updateProfile = (body: ProfileUpdateRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/profile/update',
    body,
    auth: true,
    response: z.union([okResponse, z.looseObject({})]),
    loading: 2,
  });
