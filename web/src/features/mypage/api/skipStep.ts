import { okResponse } from '@app/shared/schemas/auth';
import type { SkipStepRequest } from '@app/shared/schemas/mypage';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/skip-step {step: 3}: bank info later. */
export const skipStep = (body: SkipStepRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/skip-step',
    body,
    auth: true,
    response: z.union([okResponse, z.looseObject({})]),
    loading: 2,
  });
