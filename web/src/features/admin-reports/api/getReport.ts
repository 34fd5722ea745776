import { reportDetailResponse } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/reports/{id}: the report, both people, the message in its context. */
export const getReport = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/admin/reports/${encodeURIComponent(id)}`,
    auth: true,
    response: reportDetailResponse,
  });
