import { userFindResponse } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/users?q=: by e-mail, username or user id. */
export const findUsers = (q: string) =>
  apiRequest({ method: 'GET', path: '/admin/users', query: { q }, auth: true, response: userFindResponse });
