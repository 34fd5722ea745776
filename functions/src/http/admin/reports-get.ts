import { reportReadDeps } from '../../lib/admin-reports-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { getReport } from '../../services/admin/reports.ts';

export const handler = httpHandler('GET /admin/reports/{id}', {}, async ({ params }) =>
  getReport(reportReadDeps(), params.id ?? ''),
);
