import { okResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /auth/leave: deletes the account (irreversible). */
export const leave = () =>
  apiRequest({ method: 'POST', path: '/auth/leave', body: {}, auth: true, response: okResponse, loading: 2 });
