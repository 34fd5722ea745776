import { adminUserResponse, type UserStatusRequest } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/users/status: suspend or resume. */
export const setUserStatus = (body: UserStatusRequest) =>
  apiRequest({ method: 'POST', path: '/admin/users/status', body, auth: true, response: adminUserResponse });
