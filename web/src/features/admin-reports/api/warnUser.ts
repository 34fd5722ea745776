import { adminUserResponse, type UserWarnRequest } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/users/warn: the warning notice, with the operator's words. */
export const warnUser = (body: UserWarnRequest) =>
  apiRequest({ method: 'POST', path: '/admin/users/warn', body, auth: true, response: adminUserResponse });
