import { type RegisterVerifyRequest, tokenResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/register/verify: code + password; answers the new session. */
export const registerVerify = (body: RegisterVerifyRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/register/verify',
    body,
    auth: false,
    response: tokenResponse,
    loading: 2,
  });
