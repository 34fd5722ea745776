import { adminOrganizationApproveRequest } from '@app/shared/schemas/admin-review';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { sesMailer } from '../../lib/mailer.ts';
import { decideOrganization } from '../../services/admin/organizations.ts';

export const handler = httpHandler(
  'POST /admin/organizations/approve',
  { body: adminOrganizationApproveRequest },
  async ({ caller, body, clock }) =>
    decideOrganization({ db: getDb(), clock, mailer: sesMailer }, signedIn(caller).profile, body, {
      approve: true,
    }),
);
