import { okResponse } from '@app/shared/schemas/auth';
import type { BankRequest } from '@app/shared/schemas/mypage';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/bank (sign-up STEP.3 and account withdrawal info). */
export const updateBank = (body: BankRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/bank',
    body,
    auth: true,
    response: z.union([okResponse, z.looseObject({})]),
    loading: 2,
  });
