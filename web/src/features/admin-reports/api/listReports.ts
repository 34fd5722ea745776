import { type ReportListQuery, reportListResponse } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/reports: a page of the queue by status (and reason). */
export const listReports = (filter: Omit<ReportListQuery, 'cursor'>, cursor: string | undefined) =>
  apiRequest({
    method: 'GET',
    path: '/admin/reports',
    query: { ...filter, cursor },
    auth: true,
    response: reportListResponse,
  });
