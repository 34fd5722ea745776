import { type LoginProfileRequest, tokenResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/login-profile: casts (username + password). */
export const loginProfile = (body: LoginProfileRequest) =>
  apiRequest({
    method: 'POST',
    path: '/auth/login-profile',
    body,
    auth: false,
    response: tokenResponse,
    loading: 2,
  });
