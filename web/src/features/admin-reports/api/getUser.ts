import { adminUserResponse } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/users/{id}: the person's page. */
export const getUser = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/admin/users/${encodeURIComponent(id)}`,
    auth: true,
    response: adminUserResponse,
  });
