import { okResponse, type RegisterRequest } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/register: sends a 6-digit code to the e-mail address (also used to resend it). */
export const register = (body: RegisterRequest) =>
  apiRequest({ method: 'POST', path: '/auth/register', body, auth: false, response: okResponse, loading: 2 });
