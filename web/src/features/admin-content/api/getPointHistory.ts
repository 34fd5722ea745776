import { adminPointHistory } from '@app/shared/schemas/admin-content';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/points/history?profile=: any user's balance and point log, a page at a time. */
export const getPointHistory = (profile: string, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: '/admin/points/history',
    query: { profile, cursor },
    auth: true,
    response: adminPointHistory,
  });
