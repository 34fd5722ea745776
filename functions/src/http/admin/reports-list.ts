import { reportListQuery } from '@app/shared/schemas/admin-reports';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { listReports } from '../../services/admin/reports.ts';

export const handler = httpHandler('GET /admin/reports', { query: reportListQuery }, async ({ query }) =>
  listReports({ db: getDb() }, query, query.cursor),
);
