import { type ReportAssignRequest, reportResponse } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/reports/assign: an operator (id or e-mail), or nobody. */
export const assignReport = (body: ReportAssignRequest) =>
  apiRequest({ method: 'POST', path: '/admin/reports/assign', body, auth: true, response: reportResponse });
