import { reportAssignRequest } from '@app/shared/schemas/admin-reports';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { assignReport } from '../../services/admin/reports.ts';

export const handler = httpHandler(
  'POST /admin/reports/assign',
  { body: reportAssignRequest },
  async ({ caller, body, clock }) => assignReport({ db: getDb(), clock }, signedIn(caller).profile, body),
);
