import { reportStatusRequest } from '@app/shared/schemas/admin-reports';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { setReportStatus } from '../../services/admin/reports.ts';

export const handler = httpHandler(
  'POST /admin/reports/status',
  { body: reportStatusRequest },
  async ({ caller, body, clock }) => setReportStatus({ db: getDb(), clock }, signedIn(caller).profile, body),
);
