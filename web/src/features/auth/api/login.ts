import { type LoginRequest, tokenResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/login: creators and shop/organization owners (e-mail + password). */
export const login = (body: LoginRequest) =>
  apiRequest({ method: 'POST', path: '/auth/login', body, auth: false, response: tokenResponse, loading: 2 });
