import { dashboardResponse } from '@app/shared/schemas/admin-dashboard';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/dashboard: today's and this month's figures, the queues' counts, the charts' days. */
export const getDashboard = () =>
  apiRequest({ method: 'GET', path: '/admin/dashboard', auth: true, response: dashboardResponse });
