import { userWarnRequest } from '@app/shared/schemas/admin-reports';
import { userDeps } from '../../lib/admin-reports-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { warnUser } from '../../services/admin/users.ts';

export const handler = httpHandler(
  'POST /admin/users/warn',
  { body: userWarnRequest },
  async ({ caller, body, clock }) => warnUser(userDeps(clock), signedIn(caller).profile, body),
);
