import { reportActionRequest } from '@app/shared/schemas/admin-reports';
import { reportActionDeps } from '../../lib/admin-reports-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { actOnReport } from '../../services/admin/reports.ts';

export const handler = httpHandler(
  'POST /admin/reports/action',
  { body: reportActionRequest },
  async ({ caller, body, clock }) => actOnReport(reportActionDeps(clock), signedIn(caller).profile, body),
);
