import { type ReportStatusRequest, reportResponse } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/reports/status: open or in progress, with the note. */
export const setReportStatus = (body: ReportStatusRequest) =>
  apiRequest({ method: 'POST', path: '/admin/reports/status', body, auth: true, response: reportResponse });
