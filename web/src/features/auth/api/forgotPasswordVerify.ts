import { type ForgotPasswordVerifyRequest, okResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/forgot-password/verify: code + new password. */
export const forgotPasswordVerify = (body: ForgotPasswordVerifyRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/forgot-password/verify',
    body,
    auth: false,
    response: okResponse,
    loading: 2,
  });
