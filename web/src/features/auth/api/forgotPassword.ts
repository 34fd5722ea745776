import { type ForgotPasswordRequest, okResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/forgot-password: sends a reset code. */
export const forgotPassword = (body: ForgotPasswordRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/forgot-password',
    body,
    auth: false,
    response: okResponse,
    loading: 2,
  });
