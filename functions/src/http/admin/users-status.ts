import { userStatusRequest } from '@app/shared/schemas/admin-reports';
import { userDeps } from '../../lib/admin-reports-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { setUserStatus } from '../../services/admin/users.ts';

export const handler = httpHandler(
  'POST /admin/users/status',
  { body: userStatusRequest },
  async ({ caller, body, clock }) => setUserStatus(userDeps(clock), signedIn(caller).profile, body),
);
