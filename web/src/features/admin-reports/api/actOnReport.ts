import { type ReportActionRequest, reportResponse } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/reports/action: delete the message, warn, suspend or dismiss (closes the report). */
export const actOnReport = (body: ReportActionRequest) =>
  apiRequest({ method: 'POST', path: '/admin/reports/action', body, auth: true, response: reportResponse });
